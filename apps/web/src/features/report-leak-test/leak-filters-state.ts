import type { LeakTestResult } from '@ullage/domain/leak-detection';
import { LEAK_TEST_RESULTS } from '@ullage/domain/leak-detection';
import { localDay, localMonth } from '../../components/report-filters/report-filters-state';
import { NO_TANK_FILTERS, type TankFilterValues } from '../../components/report-filters/org-scope';

/**
 * The filters of the leak-test page (leak_test and its phone variant), as the list state keeps
 * them (undefined: not filtered). `from` and `to` are station days, both included, as the
 * endpoint takes them. Pure, so the defaults, the range rule and the links into the page are
 * tested.
 */
export type LeakFilters = TankFilterValues & {
  result: LeakTestResult | undefined;
  from: string;
  to: string;
};

/** The most days one query may cover (the server refuses more, naming the field). */
export const LEAK_MAX_DAYS = 92;

/** The page opens on the last 7 days, today included (a test is made at the end of each station day). */
export function initialLeakFilters(now = new Date()): LeakFilters {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 6);
  return {
    ...NO_TANK_FILTERS,
    result: undefined,
    from: localDay(from),
    to: localDay(now),
  };
}

/** The day picker's pair; a cleared picker goes back to the default week. */
export function withDayRange(filters: LeakFilters, range: readonly [string, string] | null, now = new Date()): LeakFilters {
  if (!range) {
    const initial = initialLeakFilters(now);
    return { ...filters, from: initial.from, to: initial.to };
  }
  return { ...filters, from: range[0], to: range[1] };
}

const ID = /^[1-9]\d{0,9}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The filters an address asks for (from leakTestLinkOf), over the page's defaults; null when it
 * asks for none, so that coming back to the page keeps what the user chose.
 */
export function leakFiltersOfSearch(search: string, base: LeakFilters): LeakFilters | null {
  const params = new URLSearchParams(search);
  const id = (name: string) => {
    const v = params.get(name);
    return v !== null && ID.test(v) ? Number(v) : undefined;
  };
  const raw = params.get('result');
  const result = LEAK_TEST_RESULTS.find((r) => r === raw);
  const stationId = id('stationId');
  const tankId = stationId === undefined ? undefined : id('tankId');
  if (stationId === undefined && result === undefined) return null;
  // An address may name the days too (a link to a week that is not this one): both, in order.
  const from = params.get('from');
  const to = params.get('to');
  const days = from !== null && to !== null && DAY.test(from) && DAY.test(to) && from <= to ? { from, to } : {};
  return { ...base, distributorId: undefined, companyId: undefined, areaId: undefined, productId: undefined, stationId, tankId, result, ...days };
}

/** The compliance record's month by default: the last whole month (the current one is still provisional). */
export function lastWholeMonth(now = new Date()): string {
  return localMonth(new Date(now.getFullYear(), now.getMonth() - 1, 1));
}

/** The compliance record's address for a station and month. */
export function complianceLinkOf(stationId: number, month: string): string {
  return `/leak_compliance?${new URLSearchParams({ stationId: String(stationId), month }).toString()}`;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The station and month the compliance record's address names; null when the station is missing
 * or either is malformed. Without a month the server opens the last one that has ended on the
 * station's clock (month: undefined).
 */
export function complianceOfSearch(search: string): { stationId: number; month?: string } | null {
  const params = new URLSearchParams(search);
  const station = params.get('stationId');
  const month = params.get('month');
  if (station === null || !ID.test(station) || (month !== null && !MONTH.test(month))) return null;
  return month === null ? { stationId: Number(station) } : { stationId: Number(station), month };
}
