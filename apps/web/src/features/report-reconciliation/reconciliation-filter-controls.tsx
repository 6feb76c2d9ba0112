import { useTranslation } from 'react-i18next';
import { RECONCILIATION_PERIODS } from '@ullage/contracts/list-fields';
import type { FieldProps } from '../../components/report-filters/filter-fields';
import { DayRangeFilter } from '../../components/report-filters/day-range-filter';
import { SegmentedChoice } from '../../components/segmented-choice';
import { ChipGroup } from '../../components/phone-report/chip-group';
import { RECONCILIATION_DAYS, withReconciliationDays, type ReconciliationFilters } from './reconciliation-filters-state';
import { LazyPeriodFields } from '../../components/phone-report/lazy-phone-fields';

/**
 * The reconciliation filters the declared kinds do not draw (reconciliation-report.tsx): the
 * station days (31 at most, never empty) and day or shift (always one of them).
 */
type Props = FieldProps<ReconciliationFilters>;

const PERIOD_KEYS = { day: 'reconciliation.period.day', shift: 'reconciliation.period.shift' } as const;

export function ReconciliationDaysFilter({ filters, set }: Props) {
  const { t } = useTranslation();
  return (
    <DayRangeFilter
      first={filters.fromDay}
      last={filters.toDay}
      maxDays={RECONCILIATION_DAYS}
      onChange={(range) => set((f) => withReconciliationDays(f, range))}
      placeholder={[t('reconciliation.filter.fromDay'), t('reconciliation.filter.toDay')]}
      ariaLabel={t('reconciliation.filter.days')}
      testId="recon-filter-days"
    />
  );
}

export function ReconciliationDaysFields({ filters, set }: Props) {
  const { t } = useTranslation();
  return (
    <LazyPeriodFields
      kind="day"
      max={RECONCILIATION_DAYS}
      label={t('reconciliation.filter.days')}
      first={filters.fromDay}
      last={filters.toDay}
      onChange={(fromDay, toDay) => set((f) => ({ ...f, fromDay, toDay }))}
      testId="recon-filter-days"
    />
  );
}

export function ReconciliationPeriodChoice({ filters, set }: Props) {
  const { t } = useTranslation();
  return (
    <SegmentedChoice<ReconciliationFilters['period']>
      value={filters.period}
      onChange={(value) => set((f) => ({ ...f, period: value }))}
      options={RECONCILIATION_PERIODS.map((period) => ({ value: period, label: t(PERIOD_KEYS[period]) }))}
      aria-label={t('reconciliation.filter.period')}
      data-testid="recon-filter-period"
    />
  );
}

export function ReconciliationPeriodChips({ filters, set }: Props) {
  const { t } = useTranslation();
  return (
    <ChipGroup<ReconciliationFilters['period']>
      label={t('reconciliation.filter.period')}
      value={filters.period}
      onChange={(period) => set((f) => ({ ...f, period: period ?? 'day' }))}
      options={RECONCILIATION_PERIODS.map((period) => ({ value: period, label: t(PERIOD_KEYS[period]) }))}
      testId="recon-filter-period"
    />
  );
}
