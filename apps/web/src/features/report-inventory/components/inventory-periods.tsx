import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LazyRangePicker } from '../../../components/lazy-picker/lazy-picker';
import { DayRangeFilter } from '../../../components/report-filters/day-range-filter';
import type { FieldProps, FilterField } from '../../../components/report-filters/filter-fields';
import {
  DAILY_MAX_DAYS,
  MONTHLY_MAX_MONTHS,
  monthsApart,
  withDays,
  withMonths,
  type DailyFilters,
  type MonthlyFilters,
} from '../../../components/report-filters/report-filters-state';
import { LazyPeriodFields } from '../../../components/phone-report/lazy-phone-fields';

const MONTH = 'YYYY-MM';

/** abnormal_can's station days (at most 31): the day-range picker on a desktop, two date fields on a phone (fetched with its filter sheet). */
export const DAYS_FIELD: FilterField<DailyFilters> = {
  kind: 'custom',
  bar: (props) => <DaysBar {...props} />,
  phone: (props) => <DaysPhone {...props} />,
};

/** Monthly's months (at most 12): the month-range picker on a desktop, two month fields on a phone (fetched with its filter sheet). */
export const MONTHS_FIELD: FilterField<MonthlyFilters> = {
  kind: 'custom',
  bar: (props) => <MonthsBar {...props} />,
  phone: (props) => <MonthsPhone {...props} />,
};

function DaysBar({ filters, set }: FieldProps<DailyFilters>) {
  const { t } = useTranslation();
  return (
    <DayRangeFilter
      first={filters.fromDay}
      last={filters.toDay}
      maxDays={DAILY_MAX_DAYS}
      onChange={(range) => set((current) => withDays(current, range))}
      placeholder={[t('inventory.filter.fromDay'), t('inventory.filter.toDay')]}
      ariaLabel={t('inventory.filter.days')}
      testId="daily-filter-days"
    />
  );
}

function DaysPhone({ filters, set }: FieldProps<DailyFilters>) {
  const { t } = useTranslation();
  return (
    <LazyPeriodFields
      kind="day"
      label={t('inventory.filter.days')}
      first={filters.fromDay}
      last={filters.toDay}
      onChange={(fromDay, toDay) => set((f) => ({ ...f, fromDay, toDay }))}
      testId="daily-filter-days"
    />
  );
}

function MonthsBar({ filters, set }: FieldProps<MonthlyFilters>) {
  const { t } = useTranslation();
  const { fromMonth, toMonth } = filters;
  return (
    <LazyRangePicker
      picker="month"
      className="report-filter inventory-filter-months"
      format={MONTH}
      value={[dayjs(`${fromMonth}-01`), dayjs(`${toMonth}-01`)]}
      allowClear={false}
      disabledDate={(current, info) => (info.from ? monthsApart(info.from.format(MONTH), current.format(MONTH)) > MONTHLY_MAX_MONTHS : false)}
      onChange={(values) => set((current) => withMonths(current, values && values[0] && values[1] ? [values[0].format(MONTH), values[1].format(MONTH)] : null))}
      placeholder={[t('inventory.filter.fromMonth'), t('inventory.filter.toMonth')]}
      aria-label={t('inventory.filter.months')}
      data-testid="monthly-filter-months"
    />
  );
}

function MonthsPhone({ filters, set }: FieldProps<MonthlyFilters>) {
  const { t } = useTranslation();
  return (
    <LazyPeriodFields
      kind="month"
      label={t('inventory.filter.months')}
      first={filters.fromMonth}
      last={filters.toMonth}
      onChange={(fromMonth, toMonth) => set((f) => ({ ...f, fromMonth, toMonth }))}
      testId="monthly-filter-months"
    />
  );
}
