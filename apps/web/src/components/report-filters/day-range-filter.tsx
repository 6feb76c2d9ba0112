import dayjs from 'dayjs';
import { daysApart } from './report-filters-state';
import { LazyRangePicker } from '../lazy-picker/lazy-picker';
import './report-filters.css';

const DAY = 'YYYY-MM-DD';

interface DayRangeFilterProps {
  /** Station days, YYYY-MM-DD, both included. */
  first: string;
  last: string;
  /** The longest range the endpoint takes; days further from the first click are disabled. */
  maxDays: number;
  onChange: (range: readonly [string, string] | null) => void;
  placeholder: [string, string];
  ariaLabel: string;
  className?: string;
  testId?: string;
}

/** A range of whole station days for the report filters (the daily inventory, the leak tests); never empty. */
export function DayRangeFilter({ first, last, maxDays, onChange, placeholder, ariaLabel, className, testId }: DayRangeFilterProps) {
  return (
    <LazyRangePicker
      className={`report-filter report-filter--days ${className ?? ''}`}
      format={DAY}
      value={[dayjs(first), dayjs(last)]}
      allowClear={false}
      disabledDate={(current, info) => (info.from ? daysApart(info.from.format(DAY), current.format(DAY)) > maxDays : false)}
      onChange={(values) => onChange(values && values[0] && values[1] ? [values[0].format(DAY), values[1].format(DAY)] : null)}
      placeholder={placeholder}
      aria-label={ariaLabel}
      data-testid={testId}
    />
  );
}
