import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { RECONCILIATION_PERIODS, SALES_SOURCES } from '@ullage/contracts/list-fields';
import { AreaSelect } from '../../../components/report-filters/area-select';
import { DayRangeFilter } from '../../../components/report-filters/day-range-filter';
import { OrgTreeSelect } from '../../../components/report-filters/org-tree-select';
import { ProductSelect } from '../../../components/report-filters/product-select';
import { TankSelect } from '../../../components/report-filters/tank-select';
import { SegmentedChoice } from '../../../components/segmented-choice';
import { FIGURES_BASES, RECONCILIATION_DAYS, type FiguresBasis, type ReconciliationFilters } from '../reconciliation-filters-state';

interface ReconciliationFiltersBarProps {
  filters: ReconciliationFilters;
  basis: FiguresBasis;
  onBasis: (basis: FiguresBasis) => void;
  onOrgPick: (pick: Pick<ReconciliationFilters, 'distributorId' | 'companyId' | 'stationId'>) => void;
  onDays: (range: readonly [string, string] | null) => void;
  onFilter: <K extends keyof ReconciliationFilters>(key: K, value: ReconciliationFilters[K]) => void;
}

export const PERIOD_KEYS = { day: 'reconciliation.period.day', shift: 'reconciliation.period.shift' } as const;
export const SOURCE_KEYS = { metered: 'reconciliation.source.metered', derived: 'reconciliation.source.derived' } as const;
export const BASIS_KEYS = { gross: 'reconciliation.basis.gross', tc: 'reconciliation.basis.tc' } as const;

/** The other reports' place filters, the station days (31 at most), day or shift, the sales source; then gross or compensated figures. */
export function ReconciliationFiltersBar({ filters, basis, onBasis, onOrgPick, onDays, onFilter }: ReconciliationFiltersBarProps) {
  const { t } = useTranslation();
  return (
    <>
      <OrgTreeSelect value={filters} onChange={onOrgPick} testId="recon-filter-org" />
      <AreaSelect value={filters.areaId} onChange={(value) => onFilter('areaId', value)} org={filters} testId="recon-filter-area" />
      <TankSelect stationId={filters.stationId} value={filters.tankId} onChange={(value) => onFilter('tankId', value)} testId="recon-filter-tank" />
      <ProductSelect value={filters.productId} onChange={(value) => onFilter('productId', value)} testId="recon-filter-product" />
      <DayRangeFilter
        first={filters.fromDay}
        last={filters.toDay}
        maxDays={RECONCILIATION_DAYS}
        onChange={onDays}
        placeholder={[t('reconciliation.filter.fromDay'), t('reconciliation.filter.toDay')]}
        ariaLabel={t('reconciliation.filter.days')}
        testId="recon-filter-days"
      />
      <Select
        className="report-filter"
        value={filters.salesSource}
        onChange={(value: ReconciliationFilters['salesSource']) => onFilter('salesSource', value)}
        options={SALES_SOURCES.map((source) => ({ value: source, label: t(SOURCE_KEYS[source]) }))}
        placeholder={t('reconciliation.filter.source')}
        aria-label={t('reconciliation.filter.source')}
        allowClear
        popupMatchSelectWidth={false}
        data-testid="recon-filter-source"
      />
      <SegmentedChoice<ReconciliationFilters['period']>
        value={filters.period}
        onChange={(value) => onFilter('period', value)}
        options={RECONCILIATION_PERIODS.map((period) => ({ value: period, label: t(PERIOD_KEYS[period]) }))}
        aria-label={t('reconciliation.filter.period')}
        data-testid="recon-filter-period"
      />
      <SegmentedChoice<FiguresBasis>
        value={basis}
        onChange={onBasis}
        options={FIGURES_BASES.map((b) => ({ value: b, label: t(BASIS_KEYS[b]) }))}
        aria-label={t('reconciliation.filter.basis')}
        data-testid="recon-filter-basis"
      />
    </>
  );
}
