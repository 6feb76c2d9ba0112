import type { ReconciliationQuery } from '@ullage/contracts/reconciliation';
import { RECONCILIATION_MAX_DAYS } from '@ullage/contracts/list-fields';
import { NO_TANK_FILTERS, type TankFilterValues } from '../../components/report-filters/org-scope';
import { localDay } from '../../components/report-filters/report-filters-state';

/**
 * The filters of the reconciliation page (reconciliation and its phone variant), as the list
 * state keeps them and the endpoint takes them (undefined: not filtered). `fromDay` and `toDay`
 * are station days, both included. Pure, so the defaults and the links into the page are tested.
 */
export type ReconciliationFilters = TankFilterValues & {
  period: ReconciliationQuery['period'];
  salesSource: ReconciliationQuery['salesSource'];
  fromDay: string;
  toDay: string;
};

/** Which figures the page shows: as measured, or compensated to 15 °C. Not a filter: every row carries both. */
export type FiguresBasis = 'gross' | 'tc';
export const FIGURES_BASES: readonly FiguresBasis[] = ['gross', 'tc'];
export const BASIS_KEYS = { gross: 'reconciliation.basis.gross', tc: 'reconciliation.basis.tc' } as const;

/** The most station days one query covers (the server refuses more, naming the field). */
export const RECONCILIATION_DAYS = RECONCILIATION_MAX_DAYS;

/**
 * The page opens on this month so far: the cumulative variance and the regulator's rule run
 * over calendar months, and a month is at most 31 days.
 */
export function initialReconciliationFilters(now = new Date()): ReconciliationFilters {
  return {
    ...NO_TANK_FILTERS,
    period: 'day',
    salesSource: undefined,
    fromDay: localDay(new Date(now.getFullYear(), now.getMonth(), 1)),
    toDay: localDay(now),
  };
}

/** The day picker's pair; a cleared picker goes back to this month. */
export function withReconciliationDays(filters: ReconciliationFilters, range: readonly [string, string] | null, now = new Date()): ReconciliationFilters {
  if (!range) {
    const initial = initialReconciliationFilters(now);
    return { ...filters, fromDay: initial.fromDay, toDay: initial.toDay };
  }
  return { ...filters, fromDay: range[0], toDay: range[1] };
}

/** The month the monthly rule is shown for: the month of the last day picked. */
export function ruleMonthOf(filters: Pick<ReconciliationFilters, 'toDay'>): string {
  return filters.toDay.slice(0, 7);
}

const ID = /^[1-9]\d{0,9}$/;
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The page's address for one station (or tank) and, optionally, its days: where other pages link. */
export function reconciliationLinkOf(place: { stationId?: number; tankId?: number; fromDay?: string; toDay?: string }, path = '/reconciliation'): string {
  const params = new URLSearchParams();
  for (const key of ['stationId', 'tankId', 'fromDay', 'toDay'] as const) if (place[key] !== undefined) params.set(key, String(place[key]));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The filters an address asks for (from reconciliationLinkOf), over the current ones; null when
 * it names no station, so that coming back to the page keeps what the user chose. Days come
 * only as a well-formed pair in order.
 */
export function reconciliationFiltersOfSearch(search: string, base: ReconciliationFilters): ReconciliationFilters | null {
  const params = new URLSearchParams(search);
  const id = (name: string) => {
    const v = params.get(name);
    return v !== null && ID.test(v) ? Number(v) : undefined;
  };
  const stationId = id('stationId');
  if (stationId === undefined) return null;
  const fromDay = params.get('fromDay');
  const toDay = params.get('toDay');
  const days = fromDay !== null && toDay !== null && DAY.test(fromDay) && DAY.test(toDay) && fromDay <= toDay ? { fromDay, toDay } : {};
  return { ...base, ...NO_TANK_FILTERS, stationId, tankId: id('tankId'), ...days };
}
