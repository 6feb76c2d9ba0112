import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { OrgTreeSelect } from '../../../components/report-filters/org-tree-select';
import { TankSelect } from '../../../components/report-filters/tank-select';
import { TimeRangeFilter } from '../../../components/report-filters/time-range-filter';
import type { DeliveryFilters } from '../delivery-filters-state';

interface DeliveryFiltersBarProps {
  filters: DeliveryFilters;
  onOrgPick: (pick: Pick<DeliveryFilters, 'distributorId' | 'companyId' | 'stationId'>) => void;
  onRange: (range: readonly [Date, Date] | null) => void;
  onFilter: <K extends keyof DeliveryFilters>(key: K, value: DeliveryFilters[K]) => void;
}

/** Organisation tree, tank, time range, how it was recorded, finished or not. */
export function DeliveryFiltersBar({ filters, onOrgPick, onRange, onFilter }: DeliveryFiltersBarProps) {
  const { t } = useTranslation();
  return (
    <>
      <OrgTreeSelect value={filters} onChange={onOrgPick} testId="delivery-filter-org" />
      <TankSelect stationId={filters.stationId} value={filters.tankId} onChange={(value) => onFilter('tankId', value)} testId="delivery-filter-tank" />
      <TimeRangeFilter from={filters.from} to={filters.to} onChange={onRange} testId="delivery-filter-range" />
      <Select
        className="report-filter"
        value={filters.source}
        onChange={(value: DeliveryFilters['source']) => onFilter('source', value)}
        options={[
          { value: 'detected', label: t('delivery.source.detected') },
          { value: 'device', label: t('delivery.source.device') },
        ]}
        placeholder={t('delivery.filter.source')}
        aria-label={t('delivery.filter.source')}
        allowClear
        popupMatchSelectWidth={false}
        data-testid="delivery-filter-source"
      />
      <Select
        className="report-filter"
        value={filters.state}
        onChange={(value: DeliveryFilters['state']) => onFilter('state', value)}
        options={[
          { value: 'ended', label: t('delivery.state.ended') },
          { value: 'open', label: t('delivery.state.open') },
        ]}
        placeholder={t('delivery.filter.state')}
        aria-label={t('delivery.filter.state')}
        allowClear
        data-testid="delivery-filter-state"
      />
    </>
  );
}
