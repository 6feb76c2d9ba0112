import { dayOf } from './station-day';
import { roundLitres } from './daily-inventory';

/**
 * Monthly inventory (issue 6 item 2, route Monthly): one tank's station-local calendar month,
 * from its days as the daily report figures them (daily-inventory.ts):
 * - opening: the first day's start volume; closing: the last day's end volume;
 * - deliveries and sales: the sums of the days' (a day with unknown sales adds nothing and is
 *   counted in unknownSalesDays); a drop across midnight gives each day its own part
 *   (delivery-parts.ts) and is one delivery of the month;
 * - abnormal days: days with a missing start, a missing end or a gap;
 * - book closing = opening + deliveries − sales: what the books say should be in the tank;
 *   variance = measured closing − book closing. Positive: more fuel measured than booked
 *   (a gain); negative: less (a loss). Since each day's sales already account for that day's
 *   movement, the variance is what moved when no day was watching it: between one day's end
 *   reading and the next day's start, and on the days whose sales are unknown.
 * The month's days are those the tank existed for (from its first day) up to today. A month
 * whose last day has not ended is in progress, and its figures count only its finished days
 * (those that have ended on the station's clock, issue 34 item 5): today's unfinished day adds
 * no sales, deliveries, unknown or abnormal day, and the closing is the last finished day's end.
 * A finished day without its data still counts as unknown and abnormal.
 */
export const MONTHLY_RANGE_MAX_MONTHS = 12;

export interface MonthDayFigures {
  startVolumeL: number | null;
  endVolumeL: number | null;
  deliveredL: number;
  /** The starts of the deliveries that delivered into the day (daily-inventory.ts): a delivery is counted once a month. */
  deliveryStartsMs: readonly number[];
  salesL: number | null;
  abnormal: boolean;
  inProgress: boolean;
}

export interface MonthlyInventory {
  /** The days given: from the tank's first day of the month up to today. */
  days: number;
  /** The days counted in the figures: those that have ended. */
  finishedDays: number;
  openingL: number | null;
  closingL: number | null;
  deliveredL: number;
  deliveryCount: number;
  /** Null when no day's sales are known. */
  salesL: number | null;
  unknownSalesDays: number;
  abnormalDays: number;
  bookClosingL: number | null;
  varianceL: number | null;
  inProgress: boolean;
}

/** The month's figures from its days, in day order; a day still in progress is left out of them. */
export function monthlyInventory(days: readonly MonthDayFigures[]): MonthlyInventory {
  const finished = days.filter((d) => !d.inProgress);
  let delivered = 0;
  const deliveries = new Set<number>();
  let sales: number | null = null;
  let unknownSalesDays = 0;
  let abnormalDays = 0;
  for (const d of finished) {
    delivered += d.deliveredL;
    for (const start of d.deliveryStartsMs) deliveries.add(start);
    if (d.salesL === null) unknownSalesDays++;
    else sales = (sales ?? 0) + d.salesL;
    if (d.abnormal) abnormalDays++;
  }
  const first = finished[0];
  const last = finished[finished.length - 1];
  const openingL = first?.startVolumeL ?? null;
  const closingL = last?.endVolumeL ?? null;
  const deliveredL = roundLitres(delivered);
  const salesL = sales === null ? null : roundLitres(sales);
  const bookClosingL = openingL === null ? null : roundLitres(openingL + deliveredL - (salesL ?? 0));
  return {
    days: days.length,
    finishedDays: finished.length,
    openingL,
    closingL,
    deliveredL,
    deliveryCount: deliveries.size,
    salesL,
    unknownSalesDays,
    abnormalDays,
    bookClosingL,
    varianceL: bookClosingL === null || closingL === null ? null : roundLitres(closingL - bookClosingL),
    inProgress: days[days.length - 1]?.inProgress ?? false,
  };
}

const MONTH = /^(\d{4})-(\d{2})$/;

/** True for a month written YYYY-MM. */
export function isMonth(month: string): boolean {
  const m = MONTH.exec(month);
  return m !== null && Number(m[1]) >= 1900 && Number(m[2]) >= 1 && Number(m[2]) <= 12;
}

/** The month after `month`. */
export function nextMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * The last calendar month that has ended where the station is: the month before the one its
 * clock shows at `nowMs` (a record opened without a month shows this one, issue 34 #8).
 */
export function lastCompleteMonth(nowMs: number, timeZone: string): string {
  const today = dayOf(nowMs, timeZone);
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** The months from `first` to `last`, both included. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (let m = first; m <= last; m = nextMonth(m)) months.push(m);
  return months;
}

/** The first and last day of a month, YYYY-MM-DD. */
export function monthDays(month: string): { firstDay: string; lastDay: string } {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { firstDay: `${month}-01`, lastDay: `${month}-${String(last).padStart(2, '0')}` };
}

export type MonthRangeProblem = { field: 'fromMonth' | 'toMonth'; rule: 'month' | 'order' | 'maxMonths' };

/** The months a query covers: written YYYY-MM, the first not after the last, at most 12. */
export function monthRangeProblems(fromMonth: string, toMonth: string): MonthRangeProblem[] {
  const problems: MonthRangeProblem[] = [];
  if (!isMonth(fromMonth)) problems.push({ field: 'fromMonth', rule: 'month' });
  if (!isMonth(toMonth)) problems.push({ field: 'toMonth', rule: 'month' });
  if (problems.length > 0) return problems;
  if (fromMonth > toMonth) return [{ field: 'fromMonth', rule: 'order' }];
  const count = (Number(toMonth.slice(0, 4)) - Number(fromMonth.slice(0, 4))) * 12 + Number(toMonth.slice(5, 7)) - Number(fromMonth.slice(5, 7)) + 1;
  if (count > MONTHLY_RANGE_MAX_MONTHS) return [{ field: 'toMonth', rule: 'maxMonths' }];
  return [];
}
