import { lazy, Suspense, useState } from 'react';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { DistributorRow } from '@ullage/contracts/settings-org';
import type { PageProps } from '../../../app/route-types';
import { ListActions } from '../../../components/list-page/list-actions';
import { ListPage } from '../../../components/list-page/list-page';
import { exportQuery, pageAfterDelete } from '../../../components/list-page/list-query';
import { useServerList } from '../../../components/list-page/use-server-list';
import { toastSuccess } from '../../../lib/feedback';
import { useDeleteDistributor } from '../api/delete-distributor';
import { exportDistributors } from '../api/export-distributors';
import { orgKeys } from '../api/keys';
import { listDistributors } from '../api/list-distributors';
import { RowActions } from '../../../components/list-page/row-actions';
import { formatCreatedAt } from '../format';
import { distributorRights } from '../permissions';
import { useViewer } from '../use-viewer';
import { useFormUsed } from '../../../lib/use-form-used';
import '../components/org-form.css';

/** The form loads when first opened, keeping the list's chunk small (route budget). */
const DistributorFormDrawer = lazy(() => import('../components/distributor-form-drawer').then((module) => ({ default: module.DistributorFormDrawer })));

export const DISTRIBUTOR_SORT_FIELDS = ['name', 'createdAt'] as const;

type Filters = Record<string, never>;

/** System settings → Distributors (spec §3, §5). */
export function Page({ route }: PageProps) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const rights = distributorRights(viewer ?? { accountType: -1, orgId: null });
  const list = useServerList<DistributorRow, Filters>({
    queryKey: orgKeys.distributors,
    fetch: listDistributors,
    filters: {},
    sortFields: DISTRIBUTOR_SORT_FIELDS,
    showTotal: (total) => t('list.total', { total }),
  });
  const [editing, setEditing] = useState<{ row: DistributorRow | null } | null>(null);
  const formUsed = useFormUsed(editing !== null);
  const remove = useDeleteDistributor();
  const [exporting, setExporting] = useState(false);

  const onDelete = async (row: DistributorRow) => {
    await remove.mutateAsync(row.id);
    toastSuccess(t('list.delete.done'));
    list.setPage(pageAfterDelete(list.state.page, list.state.pageSize, list.total));
  };

  const onExport = () => {
    setExporting(true);
    exportDistributors(exportQuery(list.state), `${t('route.title.distributor')}.xlsx`)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

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
    {
      title: t('list.column.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      sortOrder: list.sortOrderOf('createdAt'),
      width: 150,
      render: (value: string) => formatCreatedAt(value),
    },
  ];
  const anyEditable = list.rows.some((row) => rights.edit(row.id));
  if (anyEditable || rights.delete) {
    columns.push({
      title: t('list.column.actions'),
      key: 'actions',
      fixed: 'end',
      width: 96,
      render: (_, row) => (
        <RowActions
          entity="distributor"
          id={row.id}
          name={row.name}
          onEdit={rights.edit(row.id) ? () => setEditing({ row }) : undefined}
          onDelete={rights.delete ? () => onDelete(row) : undefined}
        />
      ),
    });
  }

  return (
    <ListPage
      title={t(route.titleKey)}
      search={{ placeholder: t('settingsOrg.distributor.search'), onSearch: list.setSearch, testId: 'distributor-search' }}
      actions={
        <ListActions entity="distributor" onExport={onExport} exporting={exporting} createLabel={t('settingsOrg.distributor.create')} onCreate={rights.create ? () => setEditing({ row: null }) : undefined} />
      }
    >
      <Table<DistributorRow> {...list.tableProps} columns={columns} scroll={{ x: 'max-content' }} size="middle" data-testid="distributor-table" />
      {formUsed ? (
        <Suspense fallback={null}>
          <DistributorFormDrawer open={editing !== null} row={editing?.row ?? null} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
    </ListPage>
  );
}
