import { useTranslation } from 'react-i18next';
import { RECONCILIATION_PERIODS, SALES_SOURCES } from '@ullage/contracts/list-fields';
import { AreaSelect } from '../../../components/report-filters/area-select';
import { OrgTreeSelect } from '../../../components/report-filters/org-tree-select';
import { ProductSelect } from '../../../components/report-filters/product-select';
import { TankSelect } from '../../../components/report-filters/tank-select';
import { withOrgPick } from '../../../components/report-filters/report-filters-state';
import { PERIOD_KEYS, SOURCE_KEYS } from '../components/reconciliation-filters-bar';
import { RECONCILIATION_DAYS, type ReconciliationFilters } from '../reconciliation-filters-state';
import { ChipGroup } from '../../../components/phone-report/chip-group';
import { PeriodFields } from '../../../components/phone-report/period-fields';

export interface ReconciliationFilterFieldsProps {
  filters: ReconciliationFilters;
  onChange: (next: (filters: ReconciliationFilters) => ReconciliationFilters) => void;
}

/** The desktop reconciliation filter bar, stacked for a phone: organisation, area, tank, product, day or shift, sales source, station days. */
export function ReconciliationFilterFields({ filters, onChange: set }: ReconciliationFilterFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <label className="m-field">
        <span>{t('list.filter.organisation')}</span>
        <OrgTreeSelect value={filters} onChange={(pick) => set((f) => withOrgPick(f, pick))} testId="recon-filter-org" />
      </label>
      <label className="m-field">
        <span>{t('reportFilter.area')}</span>
        <AreaSelect value={filters.areaId} onChange={(areaId) => set((f) => ({ ...f, areaId }))} org={filters} testId="recon-filter-area" />
      </label>
      <label className="m-field">
        <span>{t('reportFilter.tank')}</span>
        <TankSelect stationId={filters.stationId} value={filters.tankId} onChange={(tankId) => set((f) => ({ ...f, tankId }))} testId="recon-filter-tank" />
      </label>
      <label className="m-field">
        <span>{t('reportFilter.product')}</span>
        <ProductSelect value={filters.productId} onChange={(productId) => set((f) => ({ ...f, productId }))} testId="recon-filter-product" />
      </label>
      <ChipGroup<ReconciliationFilters['period']>
        label={t('reconciliation.filter.period')}
        value={filters.period}
        onChange={(period) => set((f) => ({ ...f, period: period ?? 'day' }))}
        options={RECONCILIATION_PERIODS.map((period) => ({ value: period, label: t(PERIOD_KEYS[period]) }))}
        testId="recon-filter-period"
      />
      <ChipGroup<NonNullable<ReconciliationFilters['salesSource']>>
        label={t('reconciliation.filter.source')}
        value={filters.salesSource}
        onChange={(salesSource) => set((f) => ({ ...f, salesSource }))}
        options={[{ value: undefined, label: t('mobile.filter.all') }, ...SALES_SOURCES.map((source) => ({ value: source, label: t(SOURCE_KEYS[source]) }))]}
        testId="recon-filter-source"
      />
      <PeriodFields
        kind="day"
        max={RECONCILIATION_DAYS}
        label={t('reconciliation.filter.days')}
        first={filters.fromDay}
        last={filters.toDay}
        onChange={(fromDay, toDay) => set((f) => ({ ...f, fromDay, toDay }))}
        testId="recon-filter-days"
      />
    </>
  );
}
