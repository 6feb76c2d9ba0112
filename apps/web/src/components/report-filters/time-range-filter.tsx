import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LazyRangePicker } from '../lazy-picker/lazy-picker';

interface TimeRangeFilterProps {
  /** ISO instants, [from, to); both or neither. */
  from: string | undefined;
  to: string | undefined;
  onChange: (range: readonly [Date, Date] | null) => void;
  testId?: string;
}

/** A from–to range to the minute, in the viewer's clock, for the report and alarm filters. */
export function TimeRangeFilter({ from, to, onChange, testId }: TimeRangeFilterProps) {
  const { t } = useTranslation();
  const value: [Dayjs, Dayjs] | null = from && to ? [dayjs(from), dayjs(to)] : null;
  return (
    <LazyRangePicker
      className="report-filter report-filter--range"
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      value={value}
      onChange={(values) => onChange(values && values[0] && values[1] ? [values[0].toDate(), values[1].toDate()] : null)}
      placeholder={[t('reportFilter.from'), t('reportFilter.to')]}
      aria-label={t('reportFilter.range')}
      data-testid={testId}
    />
  );
}
