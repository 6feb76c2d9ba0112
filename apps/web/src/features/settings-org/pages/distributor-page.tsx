import { lazy } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { DistributorRow } from '@ullage/contracts/settings-org';
import type { PageProps } from '../../../app/route-types';
import { createdAtColumn } from '../../../components/list-page/columns';
import { useEntityCrud } from '../../../components/list-page/use-entity-crud';
import { SettingsListPage } from '../../../components/settings-list/settings-list-page';
import { countColumn, textColumn } from '../../../components/settings-list/text-columns';
import { useDeleteDistributor } from '../api/delete-distributor';
import { exportDistributors } from '../api/export-distributors';
import { orgKeys } from '../api/keys';
import { listDistributors } from '../api/list-distributors';
import { NO_VIEWER, distributorRights } from '../../../lib/org-permissions';
import { useViewer } from '../../../lib/use-viewer';
import '../components/org-form.css';

/** The form loads when first opened, keeping the list's chunk small (route budget). */
const DistributorFormDrawer = lazy(() => import('../components/distributor-form-drawer').then((module) => ({ default: module.DistributorFormDrawer })));

export const DISTRIBUTOR_SORT_FIELDS = ['name', 'createdAt'] as const;

type Filters = Record<string, never>;

/** System settings → Distributors (spec §3, §5). */
export function Page({ route }: PageProps) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const rights = distributorRights(viewer ?? NO_VIEWER);
  const remove = useDeleteDistributor();
  const crud = useEntityCrud<DistributorRow, Filters>({
    queryKey: orgKeys.distributors,
    fetch: listDistributors,
    filters: {},
    sortFields: DISTRIBUTOR_SORT_FIELDS,
    exportFile: exportDistributors,
    exportName: t('route.title.distributor'),
    remove: remove.mutateAsync,
  });
  const { list } = crud;

  const missing = t('common.placeholder.missing');
  const columns: ColumnsType<DistributorRow> = [
    {
      title: t('settingsOrg.distributor.logo'),
      dataIndex: 'logo',
      key: 'logo',
      width: 72,
      render: (logo: string | null) => (logo ? <img className="org-table-logo" src={logo} alt="" /> : missing),
    },
    textColumn(t('settingsOrg.distributor.name'), 'name', { sort: list.sortOrderOf, ellipsis: true, width: 180, fixed: 'start' }),
    textColumn(t('settingsOrg.distributor.country'), 'country', { width: 120, ellipsis: true, missing }),
    textColumn(t('settingsOrg.distributor.area'), 'area', { width: 120, ellipsis: true, missing }),
    textColumn(t('settingsOrg.distributor.contactName'), 'contactName', { width: 130, ellipsis: true, missing }),
    textColumn(t('settingsOrg.distributor.phone'), 'phone', { width: 140, missing }),
    textColumn(t('settingsOrg.distributor.position'), 'position', { width: 120, ellipsis: true, missing }),
    {
      title: t('settingsOrg.distributor.tankTypes'),
      key: 'tankTypes',
      width: 180,
      ellipsis: true,
      render: (_, row) => (row.tankTypes.length ? row.tankTypes.map((tank) => tank.code).join(', ') : missing),
    },
    countColumn(t('settingsOrg.distributor.companyCount'), 'companyCount', 100),
    createdAtColumn(t, list.sortOrderOf),
  ];
  const anyEditable = list.rows.some((row) => rights.edit(row.id));

  return (
    <SettingsListPage
      entity="distributor"
      title={t(route.titleKey)}
      searchPlaceholder={t('settingsOrg.distributor.search')}
      createLabel={t('settingsOrg.distributor.create')}
      canCreate={rights.create}
      crud={crud}
      columns={columns}
      rowActions={anyEditable || rights.delete ? { width: 96, name: (row) => row.name, canEdit: (row) => rights.edit(row.id), canDelete: rights.delete } : undefined}
      form={(subject) => <DistributorFormDrawer {...subject} />}
    />
  );
}
