import { lazy, Suspense } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { DistributorRow } from '@ullage/contracts/settings-org';
import type { PageProps } from '../../../app/route-types';
import { actionsColumn, createdAtColumn } from '../../../components/list-page/columns';
import { EntityListPage } from '../../../components/list-page/entity-list-page';
import { RowActions } from '../../../components/list-page/row-actions';
import { useEntityCrud } from '../../../components/list-page/use-entity-crud';
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
  const text = (value: string | null) => <bdi>{value || missing}</bdi>;
  const columns: ColumnsType<DistributorRow> = [
    {
      title: t('settingsOrg.distributor.logo'),
      dataIndex: 'logo',
      key: 'logo',
      width: 72,
      render: (logo: string | null) => (logo ? <img className="org-table-logo" src={logo} alt="" /> : missing),
    },
    { title: t('settingsOrg.distributor.name'), dataIndex: 'name', key: 'name', sorter: true, sortOrder: list.sortOrderOf('name'), ellipsis: true, width: 180, fixed: 'start', render: (value: string) => <bdi>{value}</bdi> },
    { title: t('settingsOrg.distributor.country'), dataIndex: 'country', key: 'country', width: 120, ellipsis: true, render: text },
    { title: t('settingsOrg.distributor.area'), dataIndex: 'area', key: 'area', width: 120, ellipsis: true, render: text },
    { title: t('settingsOrg.distributor.contactName'), dataIndex: 'contactName', key: 'contactName', width: 130, ellipsis: true, render: text },
    { title: t('settingsOrg.distributor.phone'), dataIndex: 'phone', key: 'phone', width: 140, render: text },
    { title: t('settingsOrg.distributor.position'), dataIndex: 'position', key: 'position', width: 120, ellipsis: true, render: text },
    {
      title: t('settingsOrg.distributor.tankTypes'),
      key: 'tankTypes',
      width: 180,
      ellipsis: true,
      render: (_, row) => (row.tankTypes.length ? row.tankTypes.map((tank) => tank.code).join(', ') : missing),
    },
    { title: t('settingsOrg.distributor.companyCount'), dataIndex: 'companyCount', key: 'companyCount', width: 100, align: 'end' },
    createdAtColumn(t, list.sortOrderOf),
  ];
  const anyEditable = list.rows.some((row) => rights.edit(row.id));
  if (anyEditable || rights.delete) {
    columns.push(
      actionsColumn(t, 96, (row) => (
        <RowActions
          entity="distributor"
          id={row.id}
          name={row.name}
          onEdit={rights.edit(row.id) ? () => crud.openEdit(row) : undefined}
          onDelete={rights.delete ? () => crud.onDelete(row) : undefined}
        />
      )),
    );
  }

  return (
    <EntityListPage
      entity="distributor"
      title={t(route.titleKey)}
      searchPlaceholder={t('settingsOrg.distributor.search')}
      createLabel={t('settingsOrg.distributor.create')}
      canCreate={rights.create}
      crud={crud}
      columns={columns}
    >
      {crud.formUsed ? (
        <Suspense fallback={null}>
          <DistributorFormDrawer open={crud.editing !== null} row={crud.editing?.row ?? null} onClose={crud.closeForm} />
        </Suspense>
      ) : null}
    </EntityListPage>
  );
}
