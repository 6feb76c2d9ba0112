import { useTranslation } from 'react-i18next';
import { localDate, rangeOfDates } from '../../lib/day-range';

interface DateRangeFieldsProps {
  from: string | undefined;
  to: string | undefined;
  onChange: (range: readonly [Date, Date] | null) => void;
  label: string;
}

/**
 * The desktop range picker as two native date fields (the phone's own picker), whole days:
 * both dates included. Clearing either clears the range.
 */
export function DateRangeFields({ from, to, onChange, label }: DateRangeFieldsProps) {
  const { t } = useTranslation();
  const first = from ? localDate(from) : '';
  const last = to ? localDate(new Date(Date.parse(to) - 1).toISOString()) : '';
  const apply = (nextFirst: string, nextLast: string) => {
    if (!nextFirst || !nextLast) {
      // One date alone filters nothing yet; keep what the other field says as the range's other end.
      if (!nextFirst && !nextLast) onChange(null);
      else {
        const only = rangeOfDates(nextFirst || nextLast, nextFirst || nextLast);
        if (only) onChange([new Date(only.from), new Date(only.to)]);
      }
      return;
    }
    const range = rangeOfDates(nextFirst, nextLast);
    if (range) onChange([new Date(range.from), new Date(range.to)]);
  };
  return (
    <fieldset className="m-field m-field--dates" data-testid="filter-dates">
      <legend>{label}</legend>
      <label className="m-field">
        <span>{t('mobile.range.from')}</span>
        <input type="date" value={first} max={last || undefined} onChange={(e) => apply(e.target.value, last)} data-testid="filter-from" />
      </label>
      <label className="m-field">
        <span>{t('mobile.range.to')}</span>
        <input type="date" value={last} min={first || undefined} onChange={(e) => apply(first, e.target.value)} data-testid="filter-to" />
      </label>
    </fieldset>
  );
}
