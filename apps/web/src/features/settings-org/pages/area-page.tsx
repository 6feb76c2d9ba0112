import { lazy, useMemo } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { AreaRow } from '@ullage/contracts/settings-org';
import type { PageProps } from '../../../app/route-types';
import { createdAtColumn } from '../../../components/list-page/columns';
import { useEntityCrud } from '../../../components/list-page/use-entity-crud';
import { SettingsListPage } from '../../../components/settings-list/settings-list-page';
import { countColumn, textColumn } from '../../../components/settings-list/text-columns';
import { useDeleteArea } from '../api/delete-area';
import { exportAreas } from '../api/export-areas';
import { orgKeys } from '../api/keys';
import { listAreas } from '../../../lib/list-areas';
import { useOrgTree } from '../../../lib/org-tree';
import { OrgFilter } from '../../../components/org-filter';
import { companyOptions, distributorOptions } from '../../../lib/org-options';
import { NO_VIEWER, areaRights } from '../../../lib/org-permissions';
import { useViewer } from '../../../lib/use-viewer';

/** The form loads when first opened, keeping the list's chunk small (route budget). */
const AreaFormModal = lazy(() => import('../components/area-form-modal').then((module) => ({ default: module.AreaFormModal })));

export const AREA_SORT_FIELDS = ['name', 'companyName', 'createdAt'] as const;

type Filters = { distributorId: number | undefined; companyId: number | undefined };

/** System settings → Areas (spec §3): areas group a company's stations. */
export function Page({ route }: PageProps) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const rights = areaRights(viewer ?? NO_VIEWER);
  const tree = useOrgTree();
  const remove = useDeleteArea();
  const crud = useEntityCrud<AreaRow, Filters>({
    queryKey: orgKeys.areas,
    fetch: listAreas,
    filters: { distributorId: undefined, companyId: undefined },
    sortFields: AREA_SORT_FIELDS,
    exportFile: exportAreas,
    exportName: t('route.title.area'),
    remove: remove.mutateAsync,
  });
  const { list } = crud;
  const distributorId = list.state.filters.distributorId;
  const distributors = useMemo(() => distributorOptions(tree.data ?? []), [tree.data]);
  const filterCompanies = useMemo(() => companyOptions(tree.data ?? [], distributorId), [tree.data, distributorId]);
  const allCompanies = useMemo(() => companyOptions(tree.data ?? []), [tree.data]);

  const distributorName = (id: number) => distributors.find((option) => option.value === id)?.label ?? t('common.placeholder.missing');
  const columns: ColumnsType<AreaRow> = [
    textColumn(t('settingsOrg.area.name'), 'name', { sort: list.sortOrderOf, ellipsis: true, width: 220 }),
    textColumn(t('settingsOrg.area.company'), 'companyName', { sort: list.sortOrderOf, ellipsis: true, width: 220 }),
    { title: t('settingsOrg.company.distributor'), key: 'distributor', ellipsis: true, width: 180, render: (_, row) => <bdi>{distributorName(row.distributorId)}</bdi> },
    countColumn(t('settingsOrg.company.stationCount'), 'stationCount', 110),
    createdAtColumn(t, list.sortOrderOf, 160),
  ];

  return (
    <SettingsListPage
      entity="area"
      title={t(route.titleKey)}
      searchPlaceholder={t('settingsOrg.area.search')}
      filters={
        <>
          <OrgFilter
            placeholder={t('settingsOrg.filter.allDistributors')}
            label={t('settingsOrg.company.distributor')}
            options={distributors}
            value={distributorId}
            onChange={(value) =>
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
            testId="area-filter-distributor"
          />
          <OrgFilter
            placeholder={t('settingsOrg.filter.allCompanies')}
            label={t('settingsOrg.area.company')}
            options={filterCompanies}
            value={list.state.filters.companyId}
            onChange={(value) => list.setFilter('companyId', value)}
            loading={tree.isLoading}
            popupMatchSelectWidth={false}
            testId="area-filter-company"
          />
        </>
      }
      createLabel={t('settingsOrg.area.create')}
      canCreate={rights.manage}
      crud={crud}
      columns={columns}
      rowActions={rights.manage ? { width: 96, name: (row) => row.name } : undefined}
      form={
        rights.manage
          ? (subject) => <AreaFormModal {...subject} companies={allCompanies} lockedCompanyId={rights.lockedCompanyId} defaultCompanyId={list.state.filters.companyId} />
          : undefined
      }
    />
  );
}
