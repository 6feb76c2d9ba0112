import { lazy, Suspense, useMemo, useState } from 'react';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { CompanyRow } from '@ullage/contracts/settings-org';
import type { PageProps } from '../../../app/route-types';
import { ListActions } from '../../../components/list-page/list-actions';
import { ListPage } from '../../../components/list-page/list-page';
import { exportQuery, pageAfterDelete } from '../../../components/list-page/list-query';
import { useServerList } from '../../../components/list-page/use-server-list';
import { toastSuccess } from '../../../lib/feedback';
import { useDeleteCompany } from '../api/delete-company';
import { exportCompanies } from '../api/export-companies';
import { orgKeys } from '../api/keys';
import { listCompanies } from '../api/list-companies';
import { useOrgTree } from '../api/org-tree';
import { useSetCompanyStatus } from '../api/set-company-status';
import { RowActions } from '../../../components/list-page/row-actions';
import { formatCreatedAt, joinRegion } from '../format';
import { distributorOptions, optionMatches } from '../org-options';
import { companyRights } from '../permissions';
import { tempUnitKey, volumeUnitKey } from '../units';
import { useViewer } from '../use-viewer';
import { useFormUsed } from '../../../lib/use-form-used';
import { useMonitorFormat } from '../../monitor/use-monitor-format';

/** The form loads when first opened, keeping the list's chunk small (route budget). */
const CompanyFormModal = lazy(() => import('../components/company-form-modal').then((module) => ({ default: module.CompanyFormModal })));

export const COMPANY_SORT_FIELDS = ['name', 'code', 'distributorName', 'createdAt'] as const;

type Filters = { distributorId: number | undefined; status: 'enabled' | 'disabled' | undefined };

/** System settings → Companies (spec §3, §4, §5): list, export, create, edit, delete, enable/disable. */
export function Page({ route }: PageProps) {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const viewer = useViewer();
  const rights = companyRights(viewer ?? { accountType: -1, orgId: null });
  const tree = useOrgTree();
  const distributors = useMemo(() => distributorOptions(tree.data ?? []), [tree.data]);
  const list = useServerList<CompanyRow, Filters>({
    queryKey: orgKeys.companies,
    fetch: listCompanies,
    filters: { distributorId: undefined, status: undefined },
    sortFields: COMPANY_SORT_FIELDS,
    showTotal: (total) => t('list.total', { total }),
  });
  const [editing, setEditing] = useState<{ row: CompanyRow | null } | null>(null);
  const formUsed = useFormUsed(editing !== null);
  const remove = useDeleteCompany();
  const status = useSetCompanyStatus();
  const [exporting, setExporting] = useState(false);

  const onDelete = async (row: CompanyRow) => {
    await remove.mutateAsync(row.id);
    toastSuccess(t('list.delete.done'));
    list.setPage(pageAfterDelete(list.state.page, list.state.pageSize, list.total));
  };

  const onExport = () => {
    setExporting(true);
    exportCompanies(exportQuery(list.state), `${t('route.title.company')}.xlsx`)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  const missing = t('common.placeholder.missing');
  const columns: ColumnsType<CompanyRow> = [
    {
      title: t('settingsOrg.company.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      sortOrder: list.sortOrderOf('name'),
      ellipsis: true,
      width: 170,
      fixed: 'start',
      render: (value: string) => <bdi>{value}</bdi>,
    },
    { title: t('settingsOrg.company.code'), dataIndex: 'code', key: 'code', sorter: true, sortOrder: list.sortOrderOf('code'), width: 110 },
    {
      title: t('settingsOrg.company.distributor'),
      dataIndex: 'distributorName',
      key: 'distributorName',
      sorter: true,
      sortOrder: list.sortOrderOf('distributorName'),
      ellipsis: true,
      width: 150,
      render: (value: string) => <bdi>{value}</bdi>,
    },
    {
      title: t('settingsOrg.company.region'),
      key: 'region',
      width: 150,
      ellipsis: true,
      render: (_, row) => <bdi>{joinRegion([row.province, row.city, row.district]) || missing}</bdi>,
    },
    {
      title: t('settingsOrg.company.units'),
      key: 'units',
      width: 150,
      render: (_, row) => {
        const temp = tempUnitKey(row.tempUnit);
        const volume = volumeUnitKey(row.volumeUnit);
        return (
          <span className="list-page__stack">
            <span>{temp ? t(temp) : missing}</span>
            <span>{volume ? t(volume) : missing}</span>
          </span>
        );
      },
    },
    {
      title: t('settingsOrg.company.leakThreshold'),
      key: 'leakThreshold',
      width: 120,
      align: 'end',
      render: (_, row) => format.rate(row.leakThresholdLph, row.volumeUnit),
    },
    {
      title: t('settingsOrg.company.contact'),
      key: 'contact',
      width: 150,
      render: (_, row) => (
        <span className="list-page__stack">
          <bdi>{row.contactName || missing}</bdi>
          <span className="list-page__muted">{row.contactPhone || missing}</span>
        </span>
      ),
    },
    { title: t('settingsOrg.company.stationCount'), dataIndex: 'stationCount', key: 'stationCount', width: 90, align: 'end' },
    {
      title: t('settingsOrg.company.status'),
      key: 'status',
      width: 110,
      render: (_, row) =>
        rights.manage ? (
          <Popconfirm
            title={row.disabled ? t('settingsOrg.company.enableConfirm', { name: row.name }) : t('settingsOrg.company.disableConfirm', { name: row.name })}
            okText={t('list.action.confirm')}
            cancelText={t('common.action.cancel')}
            onConfirm={() =>
              status
                .mutateAsync({ id: row.id, disabled: !row.disabled })
                .then(() => toastSuccess(t('common.result.settingSaved')))
                .catch(() => undefined)
            }
          >
            <Switch
              checked={!row.disabled}
              checkedChildren={t('settingsOrg.status.enabled')}
              unCheckedChildren={t('settingsOrg.status.disabled')}
              loading={status.isPending && status.variables?.id === row.id}
              data-testid={`company-status-${row.id}`}
              aria-label={t('settingsOrg.company.status')}
            />
          </Popconfirm>
        ) : (
          <Tag color={row.disabled ? 'default' : 'green'} data-testid={`company-status-${row.id}`}>
            {row.disabled ? t('settingsOrg.status.disabled') : t('settingsOrg.status.enabled')}
          </Tag>
        ),
    },
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
  if (rights.manage) {
    columns.push({
      title: t('list.column.actions'),
      key: 'actions',
      fixed: 'end',
      width: 96,
      render: (_, row) => (
        <RowActions entity="company" id={row.id} name={row.name} onEdit={() => setEditing({ row })} onDelete={() => onDelete(row)} />
      ),
    });
  }

  return (
    <ListPage
      title={t(route.titleKey)}
      search={{ placeholder: t('settingsOrg.company.search'), onSearch: list.setSearch, testId: 'company-search' }}
      filters={
        <>
          <Select
            className="list-page__filter"
            allowClear
            showSearch={{ filterOption: (input, option) => optionMatches(input, option?.label) }}
            placeholder={t('settingsOrg.filter.allDistributors')}
            aria-label={t('settingsOrg.company.distributor')}
            options={distributors}
            value={list.state.filters.distributorId}
            onChange={(value?: number) => list.setFilter('distributorId', value)}
            loading={tree.isLoading}
            data-testid="company-filter-distributor"
          />
          <Select
            className="list-page__filter"
            allowClear
            placeholder={t('settingsOrg.filter.allStatuses')}
            aria-label={t('settingsOrg.company.status')}
            options={[
              { value: 'enabled', label: t('settingsOrg.status.enabled') },
              { value: 'disabled', label: t('settingsOrg.status.disabled') },
            ]}
            value={list.state.filters.status}
            onChange={(value?: 'enabled' | 'disabled') => list.setFilter('status', value)}
            data-testid="company-filter-status"
          />
        </>
      }
      actions={
        <ListActions entity="company" onExport={onExport} exporting={exporting} createLabel={t('settingsOrg.company.create')} onCreate={rights.manage ? () => setEditing({ row: null }) : undefined} />
      }
    >
      <Table<CompanyRow> {...list.tableProps} columns={columns} scroll={{ x: 'max-content' }} size="middle" data-testid="company-table" />
      {rights.manage && formUsed ? (
        <Suspense fallback={null}>
          <CompanyFormModal
            open={editing !== null}
            row={editing?.row ?? null}
            distributors={distributors}
            lockedDistributorId={rights.lockedDistributorId}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
    </ListPage>
  );
}
