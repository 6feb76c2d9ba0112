import { NO_TANK_FILTERS, type TankFilterValues } from './org-scope';
/**
 * The filters of the daily and monthly inventory pages, as the list state keeps them
 * (undefined: not filtered). Pure, so the defaults, the range rules the server also checks,
 * and the link from a month to its days are tested.
 */
export type InventoryFilters = TankFilterValues & {
  abnormalOnly: 'yes' | undefined;
};
export type DailyFilters = InventoryFilters & { fromDay: string; toDay: string };
export type MonthlyFilters = InventoryFilters & { fromMonth: string; toMonth: string };

/** The most days and months one query may cover (the server refuses more, naming the field). */
export const DAILY_MAX_DAYS = 31;
export const MONTHLY_MAX_MONTHS = 12;

const NO_FILTERS: InventoryFilters = { ...NO_TANK_FILTERS, abnormalOnly: undefined };

const pad = (n: number) => String(n).padStart(2, '0');
/** The viewer's own calendar day, YYYY-MM-DD (station days are named the same way). */
export const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
export const localMonth = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;

/** The daily page opens on the last 7 days, today included (today is still running at the stations). */
export function initialDailyFilters(now = new Date()): DailyFilters {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 6);
  return { ...NO_FILTERS, fromDay: localDay(from), toDay: localDay(now) };
}

/** The monthly page opens on the current month. */
export function initialMonthlyFilters(now = new Date()): MonthlyFilters {
  return { ...NO_FILTERS, fromMonth: localMonth(now), toMonth: localMonth(now) };
}

/** The organisation and tank filters a report page shares with the inventory pages. */
export type OrgTankFilters = Pick<InventoryFilters, 'distributorId' | 'companyId' | 'stationId' | 'tankId'>;

/** A new organisation pick drops the tank chosen under another station. */
export function withOrgPick<F extends OrgTankFilters>(filters: F, pick: Pick<InventoryFilters, 'distributorId' | 'companyId' | 'stationId'>): F {
  const sameStation = pick.stationId !== undefined && pick.stationId === filters.stationId;
  return { ...filters, ...pick, tankId: sameStation ? filters.tankId : undefined };
}

/** Days from `first` to `last`, both included. */
export function daySpan(first: string, last: string): number {
  const utc = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
  return Math.round((utc(last) - utc(first)) / 86_400_000) + 1;
}

/** Days from one to the other, both included, in either order (for the picker's second click). */
export function daysApart(a: string, b: string): number {
  return a <= b ? daySpan(a, b) : daySpan(b, a);
}

export function monthSpan(first: string, last: string): number {
  return (Number(last.slice(0, 4)) - Number(first.slice(0, 4))) * 12 + Number(last.slice(5, 7)) - Number(first.slice(5, 7)) + 1;
}

export function monthsApart(a: string, b: string): number {
  return a <= b ? monthSpan(a, b) : monthSpan(b, a);
}

/** The day picker's pair; a cleared picker goes back to the default week. */
export function withDays(filters: DailyFilters, range: readonly [string, string] | null, now = new Date()): DailyFilters {
  if (!range) {
    const initial = initialDailyFilters(now);
    return { ...filters, fromDay: initial.fromDay, toDay: initial.toDay };
  }
  return { ...filters, fromDay: range[0], toDay: range[1] };
}

export function withMonths(filters: MonthlyFilters, range: readonly [string, string] | null, now = new Date()): MonthlyFilters {
  if (!range) return { ...filters, fromMonth: localMonth(now), toMonth: localMonth(now) };
  return { ...filters, fromMonth: range[0], toMonth: range[1] };
}

/** The daily page's address for one tank's days of a month, abnormal ones only: where a monthly row's abnormal days lead. */
export function dailyLinkOf(row: { stationId: number; tankId: number; firstDay: string; lastDay: string }): string {
  const params = new URLSearchParams({ stationId: String(row.stationId), tankId: String(row.tankId), fromDay: row.firstDay, toDay: row.lastDay, abnormalOnly: 'yes' });
  return `/abnormal_can?${params.toString()}`;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,9}$/;

/** The filters an address asks for (from dailyLinkOf), or null when it asks for none. */
export function dailyFiltersOfSearch(search: string, base: DailyFilters): DailyFilters | null {
  const params = new URLSearchParams(search);
  const fromDay = params.get('fromDay');
  if (!fromDay || !DAY.test(fromDay)) return null;
  const toDay = params.get('toDay');
  const id = (name: string) => {
    const v = params.get(name);
    return v !== null && ID.test(v) ? Number(v) : undefined;
  };
  return {
    ...base,
    ...NO_FILTERS,
    stationId: id('stationId'),
    tankId: id('tankId'),
    fromDay,
    toDay: toDay && DAY.test(toDay) ? toDay : fromDay,
    abnormalOnly: params.get('abnormalOnly') === 'yes' ? 'yes' : undefined,
  };
}
