import type { ReactNode } from 'react';
import { Link } from 'react-router';
import Breadcrumb from 'antd/es/breadcrumb';
import { useTranslation } from 'react-i18next';
import { PageHelpLink } from '../../../features/manual/components/page-help-link';
import type { RouteDef } from '../../route-types';
import { groupById } from '../../routes';

/** Home › group › page, from the route table, and the page's help link (its section of the manual). */
export function BreadcrumbBar({ current, homePath }: { current: RouteDef | undefined; homePath: string | null }) {
  const { t } = useTranslation();
  const items: Array<{ title: ReactNode }> = [];
  if (homePath && current?.name !== 'home') items.push({ title: <Link to={homePath}>{t('route.title.home')}</Link> });
  const group = current?.group ? groupById(current.group) : undefined;
  if (group) items.push({ title: t(group.titleKey) });
  if (current) items.push({ title: t(current.titleKey) });
  return (
    <nav data-testid="breadcrumb" className="breadcrumb-bar" aria-label={t('layout.breadcrumb.label')}>
      <Breadcrumb items={items} />
      <PageHelpLink routeName={current?.name} />
    </nav>
  );
}
