import { lazy, useMemo } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { CompanyRow } from '@ullage/contracts/settings-org';
import type { PageProps } from '../../../app/route-types';
import { createdAtColumn, sortableField } from '../../../components/list-page/columns';
import { StatusFilter } from '../../../components/list-page/status-filter';
import { useEntityCrud } from '../../../components/list-page/use-entity-crud';
import { SettingsListPage } from '../../../components/settings-list/settings-list-page';
import { statusColumn } from '../../../components/settings-list/status-column';
import { countColumn, textColumn } from '../../../components/settings-list/text-columns';
import { useDeleteCompany } from '../api/delete-company';
import { exportCompanies } from '../api/export-companies';
import { orgKeys } from '../api/keys';
import { listCompanies } from '../../../lib/list-companies';
import { useOrgTree } from '../../../lib/org-tree';
import { useSetCompanyStatus } from '../api/set-company-status';
import { joinRegion } from '../format';
import { OrgFilter } from '../../../components/org-filter';
import { distributorOptions } from '../../../lib/org-options';
import { NO_VIEWER, companyRights } from '../../../lib/org-permissions';
import { tempUnitKey, volumeUnitKey } from '../units';
import { useViewer } from '../../../lib/use-viewer';
import { useMonitorFormat } from '../../../lib/use-monitor-format';

/** The form loads when first opened, keeping the list's chunk small (route budget). */
const CompanyFormModal = lazy(() => import('../components/company-form-modal').then((module) => ({ default: module.CompanyFormModal })));

export const COMPANY_SORT_FIELDS = ['name', 'code', 'distributorName', 'createdAt'] as const;

type Filters = { distributorId: number | undefined; status: 'enabled' | 'disabled' | undefined };

/** System settings → Companies (spec §3, §4, §5): list, export, create, edit, delete, enable/disable. */
export function Page({ route }: PageProps) {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const viewer = useViewer();
  const rights = companyRights(viewer ?? NO_VIEWER);
  const tree = useOrgTree();
  const distributors = useMemo(() => distributorOptions(tree.data ?? []), [tree.data]);
  const remove = useDeleteCompany();
  const status = useSetCompanyStatus();
  const crud = useEntityCrud<CompanyRow, Filters>({
    queryKey: orgKeys.companies,
    fetch: listCompanies,
    filters: { distributorId: undefined, status: undefined },
    sortFields: COMPANY_SORT_FIELDS,
    exportFile: exportCompanies,
    exportName: t('route.title.company'),
    remove: remove.mutateAsync,
  });
  const { list } = crud;

  const missing = t('common.placeholder.missing');
  const columns: ColumnsType<CompanyRow> = [
    textColumn(t('settingsOrg.company.name'), 'name', { sort: list.sortOrderOf, ellipsis: true, width: 170, fixed: 'start' }),
    { title: t('settingsOrg.company.code'), ...sortableField('code', list.sortOrderOf), width: 110 },
    textColumn(t('settingsOrg.company.distributor'), 'distributorName', { sort: list.sortOrderOf, ellipsis: true, width: 150 }),
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
      title: t('reconciliation.company.section'),
      key: 'wetstock',
      width: 170,
      render: (_, row) => (
        <span className="list-page__stack" data-testid="company-wetstock-cell">
          <span>{t('reconciliation.company.toleranceShort', { pct: format.percent(row.ticketTolerancePct) })}</span>
          <span className="list-page__muted">{t('reconciliation.company.alarmShort', { pct: format.percent(row.varianceAlarmPct), count: row.varianceAlarmDays })}</span>
          <span className="list-page__muted">{t('reconciliation.company.runOutShort', { hours: row.runOutHorizonHours })}</span>
        </span>
      ),
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
    countColumn(t('settingsOrg.company.stationCount'), 'stationCount', 90),
    statusColumn<CompanyRow>({
      entity: 'company',
      label: t('settingsOrg.company.status'),
      editable: () => rights.manage,
      confirm: (row) => (row.disabled ? t('settingsOrg.company.enableConfirm', { name: row.name }) : t('settingsOrg.company.disableConfirm', { name: row.name })),
      mutation: status,
    }),
    createdAtColumn(t, list.sortOrderOf),
  ];

  return (
    <SettingsListPage
      entity="company"
      title={t(route.titleKey)}
      searchPlaceholder={t('settingsOrg.company.search')}
      filters={
        <>
          <OrgFilter
            placeholder={t('settingsOrg.filter.allDistributors')}
            label={t('settingsOrg.company.distributor')}
            options={distributors}
            value={list.state.filters.distributorId}
            onChange={(value) => list.setFilter('distributorId', value)}
            loading={tree.isLoading}
            testId="company-filter-distributor"
          />
          <StatusFilter label={t('settingsOrg.company.status')} value={list.state.filters.status} onChange={(value) => list.setFilter('status', value)} testId="company-filter-status" />
        </>
      }
      createLabel={t('settingsOrg.company.create')}
      canCreate={rights.manage}
      crud={crud}
      columns={columns}
      rowActions={rights.manage ? { width: 96, name: (row) => row.name } : undefined}
      form={rights.manage ? (subject) => <CompanyFormModal {...subject} distributors={distributors} lockedDistributorId={rights.lockedDistributorId} /> : undefined}
    />
  );
}
