import { lazy, Suspense, useMemo, useState } from 'react';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { AreaRow } from '@ullage/contracts/settings-org';
import type { PageProps } from '../../../app/route-types';
import { ListActions } from '../../../components/list-page/list-actions';
import { ListPage } from '../../../components/list-page/list-page';
import { exportQuery, pageAfterDelete } from '../../../components/list-page/list-query';
import { useServerList } from '../../../components/list-page/use-server-list';
import { toastSuccess } from '../../../lib/feedback';
import { useDeleteArea } from '../api/delete-area';
import { exportAreas } from '../api/export-areas';
import { orgKeys } from '../api/keys';
import { listAreas } from '../api/list-areas';
import { useOrgTree } from '../api/org-tree';
import { RowActions } from '../../../components/list-page/row-actions';
import { formatCreatedAt } from '../format';
import { companyOptions, distributorOptions, optionMatches } from '../org-options';
import { areaRights } from '../permissions';
import { useViewer } from '../use-viewer';
import { useFormUsed } from '../../../lib/use-form-used';

/** The form loads when first opened, keeping the list's chunk small (route budget). */
const AreaFormModal = lazy(() => import('../components/area-form-modal').then((module) => ({ default: module.AreaFormModal })));

export const AREA_SORT_FIELDS = ['name', 'companyName', 'createdAt'] as const;

type Filters = { distributorId: number | undefined; companyId: number | undefined };

/** System settings → Areas (spec §3): areas group a company's stations. */
export function Page({ route }: PageProps) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const rights = areaRights(viewer ?? { accountType: -1, orgId: null });
  const tree = useOrgTree();
  const list = useServerList<AreaRow, Filters>({
    queryKey: orgKeys.areas,
    fetch: listAreas,
    filters: { distributorId: undefined, companyId: undefined },
    sortFields: AREA_SORT_FIELDS,
    showTotal: (total) => t('list.total', { total }),
  });
  const distributorId = list.state.filters.distributorId;
  const distributors = useMemo(() => distributorOptions(tree.data ?? []), [tree.data]);
  const filterCompanies = useMemo(() => companyOptions(tree.data ?? [], distributorId), [tree.data, distributorId]);
  const allCompanies = useMemo(() => companyOptions(tree.data ?? []), [tree.data]);
  const [editing, setEditing] = useState<{ row: AreaRow | null } | null>(null);
  const formUsed = useFormUsed(editing !== null);
  const remove = useDeleteArea();
  const [exporting, setExporting] = useState(false);

  const onDelete = async (row: AreaRow) => {
    await remove.mutateAsync(row.id);
    toastSuccess(t('list.delete.done'));
    list.setPage(pageAfterDelete(list.state.page, list.state.pageSize, list.total));
  };

  const onExport = () => {
    setExporting(true);
    exportAreas(exportQuery(list.state), `${t('route.title.area')}.xlsx`)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  const distributorName = (id: number) => distributors.find((option) => option.value === id)?.label ?? t('common.placeholder.missing');
  const columns: ColumnsType<AreaRow> = [
    { title: t('settingsOrg.area.name'), dataIndex: 'name', key: 'name', sorter: true, sortOrder: list.sortOrderOf('name'), ellipsis: true, width: 220, render: (value: string) => <bdi>{value}</bdi> },
    {
      title: t('settingsOrg.area.company'),
      dataIndex: 'companyName',
      key: 'companyName',
      sorter: true,
      sortOrder: list.sortOrderOf('companyName'),
      ellipsis: true,
      width: 220,
      render: (value: string) => <bdi>{value}</bdi>,
    },
    { title: t('settingsOrg.company.distributor'), key: 'distributor', ellipsis: true, width: 180, render: (_, row) => <bdi>{distributorName(row.distributorId)}</bdi> },
    { title: t('settingsOrg.company.stationCount'), dataIndex: 'stationCount', key: 'stationCount', width: 110, align: 'end' },
    {
      title: t('list.column.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      sortOrder: list.sortOrderOf('createdAt'),
      width: 160,
      render: (value: string) => formatCreatedAt(value),
    },
  ];
  if (rights.manage) {
    columns.push({
      title: t('list.column.actions'),
      key: 'actions',
      fixed: 'end',
      width: 96,
      render: (_, row) => <RowActions entity="area" id={row.id} name={row.name} onEdit={() => setEditing({ row })} onDelete={() => onDelete(row)} />,
    });
  }

  return (
    <ListPage
      title={t(route.titleKey)}
      search={{ placeholder: t('settingsOrg.area.search'), onSearch: list.setSearch, testId: 'area-search' }}
      filters={
        <>
          <Select
            className="list-page__filter"
            allowClear
            showSearch={{ filterOption: (input, option) => optionMatches(input, option?.label) }}
            placeholder={t('settingsOrg.filter.allDistributors')}
            aria-label={t('settingsOrg.company.distributor')}
            options={distributors}
            value={distributorId}
            onChange={(value?: number) =>
              list.setState((current) => {
                // A company of another distributor would filter everything away.
                const company = allCompanies.find((option) => option.value === current.filters.companyId);
                const keepCompany = value === undefined || company?.distributorId === value;
                return {
                  ...current,
                  page: 1,
                  filters: { distributorId: value, companyId: keepCompany ? current.filters.companyId : undefined },
                };
              })
            }
            loading={tree.isLoading}
            data-testid="area-filter-distributor"
          />
          <Select
            className="list-page__filter"
            allowClear
            showSearch={{ filterOption: (input, option) => optionMatches(input, option?.label) }}
            placeholder={t('settingsOrg.filter.allCompanies')}
            aria-label={t('settingsOrg.area.company')}
            options={filterCompanies}
            value={list.state.filters.companyId}
            onChange={(value?: number) => list.setFilter('companyId', value)}
            loading={tree.isLoading}
            popupMatchSelectWidth={false}
            data-testid="area-filter-company"
          />
        </>
      }
      actions={
        <ListActions entity="area" onExport={onExport} exporting={exporting} createLabel={t('settingsOrg.area.create')} onCreate={rights.manage ? () => setEditing({ row: null }) : undefined} />
      }
    >
      <Table<AreaRow> {...list.tableProps} columns={columns} scroll={{ x: 'max-content' }} size="middle" data-testid="area-table" />
      {rights.manage && formUsed ? (
        <Suspense fallback={null}>
          <AreaFormModal
            open={editing !== null}
            row={editing?.row ?? null}
            companies={allCompanies}
            lockedCompanyId={rights.lockedCompanyId}
            defaultCompanyId={list.state.filters.companyId}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
    </ListPage>
  );
}
