import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { OFFLINE_TYPES } from '@ullage/domain/offline-processing';
import { AreaSelect } from '../../../components/report-filters/area-select';
import { OrgTreeSelect } from '../../../components/report-filters/org-tree-select';
import { TimeRangeFilter } from '../../../components/report-filters/time-range-filter';
import type { OfflineFilters } from '../offline-filters-state';
import { offlineTypeLabel } from '../offline-types';

interface OfflineFiltersBarProps {
  filters: OfflineFilters;
  onOrgPick: (pick: Pick<OfflineFilters, 'distributorId' | 'companyId' | 'stationId'>) => void;
  onRange: (range: readonly [Date, Date] | null) => void;
  onFilter: <K extends keyof OfflineFilters>(key: K, value: OfflineFilters[K]) => void;
}

/** Organisation tree, area, processed or not, type, time range. */
export function OfflineFiltersBar({ filters, onOrgPick, onRange, onFilter }: OfflineFiltersBarProps) {
  const { t } = useTranslation();
  return (
    <>
      <OrgTreeSelect value={filters} onChange={onOrgPick} testId="offline-filter-org" />
      <AreaSelect value={filters.areaId} onChange={(value) => onFilter('areaId', value)} org={filters} testId="offline-filter-area" />
      <Select
        className="report-filter"
        value={filters.processed}
        onChange={(value: OfflineFilters['processed']) => onFilter('processed', value)}
        options={[
          { value: 'no', label: t('report.offline.processed.no') },
          { value: 'yes', label: t('report.offline.processed.yes') },
        ]}
        placeholder={t('report.offline.filter.processed')}
        aria-label={t('report.offline.filter.processed')}
        allowClear
        data-testid="offline-filter-processed"
      />
      <Select
        className="report-filter"
        value={filters.type}
        onChange={(value: OfflineFilters['type']) => onFilter('type', value)}
        options={OFFLINE_TYPES.map((type) => ({ value: type, label: offlineTypeLabel(t, type) }))}
        placeholder={t('report.offline.filter.type')}
        aria-label={t('report.offline.filter.type')}
        allowClear
        popupMatchSelectWidth={false}
        data-testid="offline-filter-type"
      />
      <TimeRangeFilter from={filters.from} to={filters.to} onChange={onRange} testId="offline-filter-range" />
    </>
  );
}
