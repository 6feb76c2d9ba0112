import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OfflineBanner } from './offline-banner';
import './mobile.css';

export interface Crumb {
  label: string;
  /** The page this part of the place leads back to; the last crumb has none. */
  href?: string;
}

interface MobilePageProps {
  /** Where the page is in the drill-down: company › area › station. */
  crumbs?: readonly Crumb[];
  /** Filters or a range above the content. */
  toolbar?: ReactNode;
  children: ReactNode;
  testId: string;
}

/** The frame of every phone page: the offline notice, where it is, its tools, its content. */
export function MobilePage({ crumbs, toolbar, children, testId }: MobilePageProps) {
  const { t } = useTranslation();
  return (
    <section className="m-page" data-testid={testId}>
      <OfflineBanner />
      {crumbs && crumbs.length > 0 ? (
        <nav className="m-crumbs" aria-label={t('layout.breadcrumb.label')}>
          <ol>
            {crumbs.map((crumb, i) => (
              <li key={`${i}-${crumb.label}`}>
                {crumb.href ? (
                  <Link to={crumb.href}>
                    <bdi>{crumb.label}</bdi>
                  </Link>
                ) : (
                  <bdi aria-current="page">{crumb.label}</bdi>
                )}
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {toolbar ? <div className="m-toolbar">{toolbar}</div> : null}
      {children}
    </section>
  );
}
