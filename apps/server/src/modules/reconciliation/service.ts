import {
  RECONCILIATION_MAX_DAYS,
  RECONCILIATION_SORT_FIELDS,
  type ReconciliationChartQuery,
  type ReconciliationMonthlyQuery,
  type ReconciliationMonthlyRow,
  type ReconciliationQuery,
  type ReconciliationSeries,
} from '@ullage/contracts/reconciliation';
import { PAGE_SIZE_MAX } from '@ullage/contracts/list';
import { dayRangeProblems } from '@ullage/domain/daily-inventory';
import { isMonth, monthDays } from '@ullage/domain/monthly-inventory';
import { monthlyRule } from '@ullage/domain/reconciliation';
import type { Db } from '../../db/client';
import { groupBy } from '../../lib/group-by';
import { inBatches, type SheetRows } from '../../lib/xlsx';
import { placeRanks, sortRowsBy, type SortValue } from '../../lib/sort-rows';
import type { MessageKey } from '../../i18n/en';
import { assertValid, type FieldRule } from '../../plugins/errors';
import type { AuthUser } from '../../sessions/auth-user';
import { scopeOf } from '../scope/scope';
import { periodKey, periodSlots, placeOf, reconcilePeriods, unitsOf, type Reconciled, type ReconUnit, type UnitPlace } from './periods';
import type { ReportTank, TankDayFigures, TankFilter } from '../tank-days/service';
import { meteredTargets, reconTanks } from './repo';

export const RECONCILIATION_FIELD_LABELS = {
  fromDay: 'inventory.field.fromDay',
  toDay: 'inventory.field.toDay',
  month: 'inventory.field.fromMonth',
} as const satisfies Record<string, MessageKey>;

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The asked days (default the last 7 up to today, UTC), refused like the daily report's: format, order, at most 31 days. */
function daysOf(query: { fromDay?: string | undefined; toDay?: string | undefined }, nowMs: number) {
  const toDay = query.toDay ?? new Date(nowMs).toISOString().slice(0, 10);
  const fromDay = query.fromDay ?? addDays(toDay, -6);
  const rules: Record<string, MessageKey> = { day: 'inventory.rule.day', order: 'inventory.rule.dayOrder', maxDays: 'inventory.rule.maxDays' };
  assertValid(
    dayRangeProblems(fromDay, toDay).map((p): FieldRule => ({ field: p.field, rule: rules[p.rule]!, labelKey: RECONCILIATION_FIELD_LABELS[p.field], params: { days: RECONCILIATION_MAX_DAYS } })),
  );
  return { fromDay, toDay };
}

/** The units (tanks and manifolded groups) of the caller's tanks that match the filters (or of `given`, read so by the caller). */
async function unitsFor(db: Db, user: AuthUser, filter: TankFilter, fromDay: string, toDay: string, given?: readonly ReportTank[]): Promise<ReconUnit[]> {
  const untilMs = Date.parse(`${toDay}T00:00:00Z`) + 2 * DAY_MS;
  let targets: Awaited<ReturnType<typeof meteredTargets>> = [];
  const manifolds = async (stationIds: number[]) => {
    targets = await meteredTargets(db, stationIds, untilMs);
    const byStation = new Map<number, Set<number>>();
    for (const t of targets) if (t.target.startsWith('p')) byStation.set(t.stationId, new Set([...(byStation.get(t.stationId) ?? []), Number(t.target.slice(1))]));
    return byStation;
  };
  const tanks = await reconTanks(db, scopeOf(user), filter, manifolds, given);
  return unitsOf(tanks, targets);
}

/** YYYY-MM-DD days compared as strings are in calendar order. */
const byDay = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Sort fields read from where and when a period is, not from its figures. */
const PLACE_AND_TIME_SORTS: ReadonlySet<string | undefined> = new Set([undefined, 'day', 'stationName', 'tankCode']);

/** A row as the list orders it: a reconciled period, or a period not yet figured. */
interface Ordered {
  place: UnitPlace;
  startMs: number;
  reconciled?: Reconciled;
}

function sortRows<R extends Ordered>(rows: R[], sortField: string | undefined, descend: boolean): R[] {
  const value = (r: R): SortValue => {
    switch (sortField) {
      case 'meteredSalesL':
      case 'varianceL':
      case 'variancePct':
        return r.reconciled!.gross[sortField];
      case 'cumulativeVarianceL':
        return r.reconciled!.cumulativeGrossL;
      case 'day':
        return r.startMs;
      case 'stationName':
      case 'tankCode':
        return r.place[sortField];
      default:
        return null;
    }
  };
  // Newest first, then station and tank as people read them: the natural order of the few
  // places (one per unit) is found once, and each row carries its place's rank, not looked up
  // in each of a month's 450,000 comparisons.
  const rank = placeRanks(new Map(rows.map((r) => [r.place, r.place])));
  const ranked = rows.map((r) => ({ r, startMs: r.startMs, rank: rank.get(r.place)! }));
  return sortRowsBy(ranked, sortField ? (k) => value(k.r) : null, descend, (a, b) => b.startMs - a.startMs || a.rank - b.rank).map((k) => k.r);
}

/**
 * The reconciliation of the caller's tanks by day or shift, filtered, sorted (default newest
 * first): the rows from `offset`, at most `limit` of them (the caller makes the rows it sends,
 * rowOf), and how many there are. Ordered by day or place, a page's rows are known before
 * anything is figured: only the units of the rows sent are reconciled (a page of 10, not a
 * fleet's 30,000 periods); ordered by a figure, or asked for more than a page at once, every
 * period is (the export's own order: reconciliationExportRows).
 */
export async function reconciliationList(db: Db, user: AuthUser, query: ReconciliationQuery, nowMs: number, offset: number, limit: number): Promise<{ rows: Reconciled[]; total: number }> {
  const { fromDay, toDay } = daysOf(query, nowMs);
  assertSortField(query);
  const units = await unitsFor(db, user, query, fromDay, toDay);
  // More than a page is all of them: ordering periods first would only add to reconciling them all.
  if (!PLACE_AND_TIME_SORTS.has(query.sortField) || limit > PAGE_SIZE_MAX) {
    const rows = ofSource(query, await reconcilePeriods(db, units, fromDay, toDay, query.period, nowMs)).map((r) => ({ place: r.place, startMs: r.period.startMs, reconciled: r }));
    return { rows: sortRows(rows, query.sortField, query.sortOrder === 'descend').slice(offset, offset + limit).map((r) => r.reconciled), total: rows.length };
  }
  const slots = await sortedSlots(db, query, units, fromDay, toDay, nowMs);
  const sent = slots.slice(offset, offset + limit);
  const figured = await reconcilePeriods(db, [...new Set(sent.map((s) => s.unit))], fromDay, toDay, query.period, nowMs);
  const byKey = new Map(figured.map((r) => [periodKey(r.unit.key, r.period), r]));
  // Both come from the same windows: every slot has its period.
  return { rows: sent.flatMap((s) => byKey.get(periodKey(s.unit.key, s)) ?? []), total: slots.length };
}

/**
 * The export's rows (at most `max`). Ordered by day or place, they are known before anything is
 * figured, so they are reconciled a batch at a time as the file is written (inBatches): each unit
 * once, when its first row is sent (a period's figures need its unit's whole range), so the
 * first byte waits for a few hundred units, not a fleet's month (issue 35). Ordered by a
 * figure, every period is reconciled first. `firstBatch` rows come first (inBatches; tests ask a few).
 */
export async function reconciliationExportRows(db: Db, user: AuthUser, query: ReconciliationQuery, nowMs: number, max: number, firstBatch?: number): Promise<SheetRows<Reconciled>> {
  if (!PLACE_AND_TIME_SORTS.has(query.sortField)) return (await reconciliationList(db, user, query, nowMs, 0, max)).rows;
  const { fromDay, toDay } = daysOf(query, nowMs);
  const units = await unitsFor(db, user, query, fromDay, toDay);
  const slots = (await sortedSlots(db, query, units, fromDay, toDay, nowMs)).slice(0, max);
  const reconciled = new Set<ReconUnit>();
  const figured = new Map<string, Reconciled>();
  return inBatches(slots, async (batch) => {
    // The batch's units that no earlier batch reconciled: each unit's periods are figured once.
    const firstSent = [...new Set(batch.map((s) => s.unit))].filter((u) => !reconciled.has(u));
    for (const r of await reconcilePeriods(db, firstSent, fromDay, toDay, query.period, nowMs)) figured.set(periodKey(r.unit.key, r.period), r);
    for (const u of firstSent) reconciled.add(u);
    return batch.flatMap((s) => {
      const key = periodKey(s.unit.key, s);
      const r = figured.get(key);
      // Each period is sent once: what is sent is not kept.
      figured.delete(key);
      return r ?? [];
    });
  }, firstBatch);
}

function assertSortField(query: ReconciliationQuery) {
  if (query.sortField !== undefined) assertValid((RECONCILIATION_SORT_FIELDS as readonly string[]).includes(query.sortField) ? [] : [{ field: 'sortField', rule: 'rule.invalid' }]);
}

/** Periods of the sales source asked for, if one is. */
const ofSource = <R extends { metered: boolean }>(query: ReconciliationQuery, rows: R[]) => (query.salesSource ? rows.filter((r) => (r.metered ? 'metered' : 'derived') === query.salesSource) : rows);

/** Every period of the units as the list orders it by day or place, before anything is figured. */
async function sortedSlots(db: Db, query: ReconciliationQuery, units: readonly ReconUnit[], fromDay: string, toDay: string, nowMs: number) {
  return sortRows(ofSource(query, await periodSlots(db, units, fromDay, toDay, query.period, nowMs)), query.sortField, query.sortOrder === 'descend');
}

/** Units in the order of their places (station, then tank), as the monthly rule and the chart list them. */
function byPlace(units: readonly ReconUnit[]): ReconUnit[] {
  const rank = placeRanks(new Map(units.map((unit) => [unit, placeOf(unit)])));
  return [...units].sort((a, b) => rank.get(a)! - rank.get(b)!);
}

/** The asked page of a list in place order; without `page`, the whole list. */
const placePage = <T>(all: readonly T[], query: { page?: number | undefined; pageSize: number }) => (query.page === undefined ? all : all.slice((query.page - 1) * query.pageSize, query.page * query.pageSize));

/**
 * The monthly rule of each of the caller's tanks (and groups) for one month (default: this
 * month, UTC), in place order: the page's units only are reconciled, and how many there are.
 */
export async function reconciliationMonthly(db: Db, user: AuthUser, query: ReconciliationMonthlyQuery, nowMs: number): Promise<{ list: ReconciliationMonthlyRow[]; total: number }> {
  const month = query.month ?? new Date(nowMs).toISOString().slice(0, 7);
  assertValid(isMonth(month) ? [] : [{ field: 'month', rule: 'inventory.rule.month', labelKey: RECONCILIATION_FIELD_LABELS.month }]);
  const { firstDay, lastDay } = monthDays(month);
  const units = await unitsFor(db, user, query, firstDay, lastDay);
  // The rule judges days that are over: the running day has no closing yet. A unit has a row when it has one.
  const ruled = new Set((await periodSlots(db, units, firstDay, lastDay, 'day', nowMs)).filter((s) => s.endMs <= nowMs).map((s) => s.unit));
  const all = byPlace(units.filter((u) => ruled.has(u)));
  const sent = placePage(all, query);
  const days = groupBy(await reconcilePeriods(db, sent, firstDay, lastDay, 'day', nowMs, { endedOnly: true }), (r) => r.unit.key);
  return { list: sent.flatMap((u) => (days.has(u.key) ? [monthlyRowOf(u.key, month, days.get(u.key)!)] : [])), total: all.length };
}

/** A unit's month by the regulator's rule, from its days (in any order). */
export function monthlyRowOf(key: string, month: string, days: readonly Reconciled[]): ReconciliationMonthlyRow {
  const metered = days.filter((d) => d.metered);
  const gross = monthlyRule(metered.map((d) => d.gross));
  const tc = monthlyRule(metered.map((d) => d.tc));
  return {
    id: `${key}:${month}`,
    ...days[0]!.place,
    month,
    salesSource: metered.length > 0 ? 'metered' : 'derived',
    days: days.length,
    meteredDays: metered.length,
    meteredSalesL: gross.meteredSalesL,
    varianceL: gross.varianceL,
    allowanceL: gross.allowanceL,
    result: gross.result,
    tcMeteredSalesL: tc.meteredSalesL,
    tcVarianceL: tc.varianceL,
  };
}

/**
 * Each metered tank's (group's) cumulative variance by day, with the monthly rule's allowance for
 * the month's sales so far, in place order: the page's units only are reconciled.
 */
export async function reconciliationChart(db: Db, user: AuthUser, query: ReconciliationChartQuery, nowMs: number): Promise<{ series: ReconciliationSeries[]; total: number }> {
  const { fromDay, toDay } = daysOf(query, nowMs);
  const units = await unitsFor(db, user, query, fromDay, toDay);
  // From the first of the month: the allowance grows with the month's sales, as the cumulative
  // variance does. Read from the reconciled periods, not from API rows: the chart needs five figures of each.
  const monthStart = `${fromDay.slice(0, 7)}-01`;
  const charted = new Set((await periodSlots(db, units, monthStart, toDay, 'day', nowMs)).filter((s) => s.metered).map((s) => s.unit));
  const all = byPlace(units.filter((u) => charted.has(u)));
  const sent = placePage(all, query);
  const rows = groupBy((await reconcilePeriods(db, sent, monthStart, toDay, 'day', nowMs)).filter((r) => r.metered), (r) => r.unit.key);
  const series = sent.flatMap((unit): ReconciliationSeries[] => {
    const ordered = [...(rows.get(unit.key) ?? [])].sort((a, b) => byDay(a.period.day, b.period.day));
    if (ordered.length === 0) return [];
    const place = ordered[0]!.place;
    return [
      {
        key: unit.key,
        stationName: place.stationName,
        tankCode: place.tankCode,
        productName: place.productName,
        productColor: place.productColor,
        volumeUnit: place.volumeUnit,
        points: ordered
          .filter((r) => r.period.day >= fromDay)
          .map((r) => ({ day: r.period.day, varianceL: r.gross.varianceL, cumulativeVarianceL: r.cumulativeGrossL, meteredSalesL: r.gross.meteredSalesL, allowanceL: r.monthAllowanceL })),
      },
    ];
  });
  return { series, total: all.length };
}

/** A tank's month reconciled against its meters, as the monthly inventory report shows it. */
export interface MeteredMonth {
  tankCode: string;
  salesL: number | null;
  bookClosingL: number | null;
  varianceL: number | null;
  allowanceL: number | null;
  result: 'pass' | 'fail' | 'no_data';
}

/**
 * The metered months of the caller's tanks among `months`, by `${tankId}:${month}`: only
 * tanks (and groups) with metered sales; a manifolded group's figures go to each of its tanks.
 * `onlyTanks` (read by the caller with the caller's scope and these filters): only their units
 * (a group whole) are reconciled.
 */
export async function meteredMonthsOf(
  db: Db,
  user: AuthUser,
  filter: TankFilter,
  months: readonly string[],
  nowMs: number,
  figured?: readonly TankDayFigures[],
  onlyTanks?: readonly ReportTank[],
): Promise<Map<string, MeteredMonth>> {
  const out = new Map<string, MeteredMonth>();
  if (months.length === 0 || onlyTanks?.length === 0) return out;
  const firstDay = monthDays(months[0]!).firstDay;
  const lastDay = monthDays(months[months.length - 1]!).lastDay;
  const units = (await unitsFor(db, user, filter, firstDay, lastDay, onlyTanks)).filter((u) => u.targets.length > 0);
  if (units.length === 0) return out;
  const reconciled = await reconcilePeriods(db, units, firstDay, lastDay, 'day', nowMs, { figured, endedOnly: true });
  for (const [key, days] of groupBy(reconciled, (r) => `${r.unit.key}:${r.period.day.slice(0, 7)}`)) {
    const month = key.slice(key.lastIndexOf(':') + 1);
    const m = monthlyRowOf(key, month, days);
    if (m.salesSource !== 'metered') continue;
    const lastClosing = [...days].sort((a, b) => byDay(b.period.day, a.period.day)).find((d) => d.gross.closingL !== null)?.gross.closingL ?? null;
    const metered: MeteredMonth = {
      tankCode: m.tankCode,
      salesL: m.meteredSalesL,
      bookClosingL: lastClosing !== null && m.varianceL !== null ? Math.round((lastClosing - m.varianceL) * 1000) / 1000 : null,
      varianceL: m.varianceL,
      allowanceL: m.allowanceL,
      result: m.result,
    };
    for (const tankId of m.tankIds) out.set(`${tankId}:${month}`, metered);
  }
  return out;
}
