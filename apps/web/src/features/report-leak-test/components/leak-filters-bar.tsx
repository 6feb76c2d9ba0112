import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { LEAK_TEST_RESULTS } from '@ullage/domain/leak-detection';
import { AreaSelect } from '../../../components/report-filters/area-select';
import { DayRangeFilter } from '../../../components/report-filters/day-range-filter';
import { OrgTreeSelect } from '../../../components/report-filters/org-tree-select';
import { ProductSelect } from '../../../components/report-filters/product-select';
import { TankSelect } from '../../../components/report-filters/tank-select';
import { LEAK_RESULT_KEYS } from '../../../lib/leak-result';
import { LEAK_MAX_DAYS, type LeakFilters } from '../leak-filters-state';

interface LeakFiltersBarProps {
  filters: LeakFilters;
  onOrgPick: (pick: Pick<LeakFilters, 'distributorId' | 'companyId' | 'stationId'>) => void;
  onDays: (range: readonly [string, string] | null) => void;
  onFilter: <K extends keyof LeakFilters>(key: K, value: LeakFilters[K]) => void;
}

/** The other reports' filters: organisation tree, area, tank (of the picked station), product; then the result and the station days. */
export function LeakFiltersBar({ filters, onOrgPick, onDays, onFilter }: LeakFiltersBarProps) {
  const { t } = useTranslation();
  return (
    <>
      <OrgTreeSelect value={filters} onChange={onOrgPick} testId="leak-filter-org" />
      <AreaSelect value={filters.areaId} onChange={(value) => onFilter('areaId', value)} org={filters} testId="leak-filter-area" />
      <TankSelect stationId={filters.stationId} value={filters.tankId} onChange={(value) => onFilter('tankId', value)} testId="leak-filter-tank" />
      <ProductSelect value={filters.productId} onChange={(value) => onFilter('productId', value)} testId="leak-filter-product" />
      <Select
        className="report-filter"
        value={filters.result}
        onChange={(value: LeakFilters['result']) => onFilter('result', value)}
        options={LEAK_TEST_RESULTS.map((result) => ({ value: result, label: t(LEAK_RESULT_KEYS[result]) }))}
        placeholder={t('leakTest.filter.result')}
        aria-label={t('leakTest.filter.result')}
        allowClear
        popupMatchSelectWidth={false}
        data-testid="leak-filter-result"
      />
      <DayRangeFilter
        first={filters.from}
        last={filters.to}
        maxDays={LEAK_MAX_DAYS}
        onChange={onDays}
        placeholder={[t('leakTest.filter.fromDay'), t('leakTest.filter.toDay')]}
        ariaLabel={t('leakTest.filter.days')}
        testId="leak-filter-days"
      />
    </>
  );
}
