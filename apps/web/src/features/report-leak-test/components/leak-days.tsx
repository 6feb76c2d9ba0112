import { useTranslation } from 'react-i18next';
import { DayRangeFilter } from '../../../components/report-filters/day-range-filter';
import type { FieldProps, FilterField } from '../../../components/report-filters/filter-fields';
import { LazyPeriodFields } from '../../../components/phone-report/lazy-phone-fields';
import { LEAK_MAX_DAYS, withDayRange, type LeakFilters } from '../leak-filters-state';

/** leak_test's station days (at most 92): the day-range picker on a desktop, two date fields on a phone (fetched with its filter sheet). */
export const LEAK_DAYS_FIELD: FilterField<LeakFilters> = {
  kind: 'custom',
  bar: (props) => <DaysBar {...props} />,
  phone: (props) => <DaysPhone {...props} />,
};

function DaysBar({ filters, set }: FieldProps<LeakFilters>) {
  const { t } = useTranslation();
  return (
    <DayRangeFilter
      first={filters.from}
      last={filters.to}
      maxDays={LEAK_MAX_DAYS}
      onChange={(range) => set((current) => withDayRange(current, range))}
      placeholder={[t('leakTest.filter.fromDay'), t('leakTest.filter.toDay')]}
      ariaLabel={t('leakTest.filter.days')}
      testId="leak-filter-days"
    />
  );
}

function DaysPhone({ filters, set }: FieldProps<LeakFilters>) {
  const { t } = useTranslation();
  return (
    <LazyPeriodFields
      kind="day"
      max={LEAK_MAX_DAYS}
      label={t('leakTest.filter.days')}
      first={filters.from}
      last={filters.to}
      onChange={(from, to) => set((f) => ({ ...f, from, to }))}
      testId="leak-filter-days"
    />
  );
}
