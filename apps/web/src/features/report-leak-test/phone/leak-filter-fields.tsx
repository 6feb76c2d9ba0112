import { useTranslation } from 'react-i18next';
import { LEAK_TEST_RESULTS, type LeakTestResult } from '@ullage/domain/leak-detection';
import { AreaSelect } from '../../../components/report-filters/area-select';
import { OrgTreeSelect } from '../../../components/report-filters/org-tree-select';
import { ProductSelect } from '../../../components/report-filters/product-select';
import { TankSelect } from '../../../components/report-filters/tank-select';
import { LEAK_RESULT_KEYS } from '../../../lib/leak-result';
import { withOrgPick } from '../../../components/report-filters/report-filters-state';
import { LEAK_MAX_DAYS, type LeakFilters } from '../leak-filters-state';
import { ChipGroup } from '../../../components/phone-report/chip-group';
import { PeriodFields } from '../../../components/phone-report/period-fields';

export interface LeakFilterFieldsProps {
  filters: LeakFilters;
  onChange: (next: (filters: LeakFilters) => LeakFilters) => void;
}

/** The desktop leak-test filter bar, stacked for a phone: organisation, area, tank, product, result, station days. */
export function LeakFilterFields({ filters, onChange: set }: LeakFilterFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <label className="m-field">
        <span>{t('list.filter.organisation')}</span>
        <OrgTreeSelect value={filters} onChange={(pick) => set((f) => withOrgPick(f, pick))} testId="leak-filter-org" />
      </label>
      <label className="m-field">
        <span>{t('reportFilter.area')}</span>
        <AreaSelect value={filters.areaId} onChange={(areaId) => set((f) => ({ ...f, areaId }))} org={filters} testId="leak-filter-area" />
      </label>
      <label className="m-field">
        <span>{t('reportFilter.tank')}</span>
        <TankSelect stationId={filters.stationId} value={filters.tankId} onChange={(tankId) => set((f) => ({ ...f, tankId }))} testId="leak-filter-tank" />
      </label>
      <label className="m-field">
        <span>{t('reportFilter.product')}</span>
        <ProductSelect value={filters.productId} onChange={(productId) => set((f) => ({ ...f, productId }))} testId="leak-filter-product" />
      </label>
      <ChipGroup<LeakTestResult>
        label={t('leakTest.filter.result')}
        value={filters.result}
        onChange={(result) => set((f) => ({ ...f, result }))}
        options={[{ value: undefined, label: t('mobile.filter.all') }, ...LEAK_TEST_RESULTS.map((result) => ({ value: result, label: t(LEAK_RESULT_KEYS[result]) }))]}
        testId="leak-filter-result"
      />
      <PeriodFields
        kind="day"
        max={LEAK_MAX_DAYS}
        label={t('leakTest.filter.days')}
        first={filters.from}
        last={filters.to}
        onChange={(from, to) => set((f) => ({ ...f, from, to }))}
        testId="leak-filter-days"
      />
    </>
  );
}
