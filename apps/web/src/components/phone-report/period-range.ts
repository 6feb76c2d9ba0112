import { DAILY_MAX_DAYS, dailyLinkOf, daySpan, MONTHLY_MAX_MONTHS, monthSpan } from '../report-filters/report-filters-state';

/**
 * The day and month periods of the inventory reports, as a phone's native date and month
 * fields give them (YYYY-MM-DD, YYYY-MM). A period is applied only when it passes the rules
 * the server checks too: both ends, in order, at most 31 days or 12 months.
 */
export type PeriodKind = 'day' | 'month';
export type PeriodProblem = 'incomplete' | 'order' | 'tooLong';

export const PERIOD_MAX: Record<PeriodKind, number> = { day: DAILY_MAX_DAYS, month: MONTHLY_MAX_MONTHS };

const PATTERN: Record<PeriodKind, RegExp> = { day: /^\d{4}-\d{2}-\d{2}$/, month: /^\d{4}-\d{2}$/ };

/** `max`: the report's own limit when it is not the inventory reports' (the leak tests take 92 days). */
export function periodProblem(kind: PeriodKind, first: string, last: string, max = PERIOD_MAX[kind]): PeriodProblem | null {
  if (!PATTERN[kind].test(first) || !PATTERN[kind].test(last)) return 'incomplete';
  if (first > last) return 'order';
  const span = kind === 'day' ? daySpan(first, last) : monthSpan(first, last);
  return span > max ? 'tooLong' : null;
}

/** A monthly row's abnormal days on the phone's daily page: the desktop link's filters, the _phone path. */
export function phoneDailyLinkOf(row: Parameters<typeof dailyLinkOf>[0]): string {
  return dailyLinkOf(row).replace(/^\/abnormal_can\?/, '/abnormal_can_phone?');
}
