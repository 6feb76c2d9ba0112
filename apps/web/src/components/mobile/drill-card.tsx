import type { ReactNode } from 'react';
import { Link } from 'react-router';
import RightOutlined from '@ant-design/icons/es/icons/RightOutlined';

interface DrillCardProps {
  href: string;
  title: ReactNode;
  /** A line under the title: a code, a company, a product. */
  subtitle?: ReactNode;
  /** Status tags after the title. */
  badges?: ReactNode;
  children?: ReactNode;
  testId?: string;
  /** Adds the alarm colour along the card's start edge. */
  tone?: 'alarm' | 'offline' | undefined;
}

/** One tappable card leading one level down; the whole card is the link. */
export function DrillCard({ href, title, subtitle, badges, children, testId, tone }: DrillCardProps) {
  return (
    <Link to={href} className={`m-card m-card--link${tone ? ` m-card--${tone}` : ''}`} data-testid={testId}>
      <div className="m-card__body">
        <div className="m-card__head">
          <h3 className="m-card__title">{title}</h3>
          {badges ? <span className="m-card__badges">{badges}</span> : null}
        </div>
        {subtitle ? <p className="m-card__subtitle">{subtitle}</p> : null}
        {children}
      </div>
      <RightOutlined className="m-card__chevron" aria-hidden />
    </Link>
  );
}
