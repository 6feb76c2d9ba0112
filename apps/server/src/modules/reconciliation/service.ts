import {
  RECONCILIATION_MAX_DAYS,
  RECONCILIATION_SORT_FIELDS,
  type ReconciliationChartQuery,
  type ReconciliationMonthlyQuery,
  type ReconciliationMonthlyRow,
  type ReconciliationQuery,
  type ReconciliationRow,
  type ReconciliationSeries,
} from '@ullage/contracts/reconciliation';
import { dayRangeProblems } from '@ullage/domain/daily-inventory';
import { isMonth, monthDays } from '@ullage/domain/monthly-inventory';
import { monthlyAllowanceL, monthlyRule } from '@ullage/domain/reconciliation';
import type { Db } from '../../db/client';
import { groupBy } from '../../lib/group-by';
import { naturalCollator, sortRowsBy, type SortValue } from '../../lib/sort-rows';
import type { MessageKey } from '../../i18n/en';
import { assertValid, type FieldRule } from '../../plugins/errors';
import type { AuthUser } from '../auth/session-repo';
import type { TankFilter } from '../report-inventory/repo';
import { scopeOf } from '../scope/scope';
import { reconcileUnits, stationPlaceOfRow, unitsOf, type ReconUnit } from './periods';
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

/** The units (tanks and manifolded groups) of the caller's tanks that match the filters. */
async function unitsFor(db: Db, user: AuthUser, filter: TankFilter, fromDay: string, toDay: string): Promise<ReconUnit[]> {
  const untilMs = Date.parse(`${toDay}T00:00:00Z`) + 2 * DAY_MS;
  let targets: Awaited<ReturnType<typeof meteredTargets>> = [];
  const tanks = await reconTanks(db, scopeOf(user), filter, async (stationIds) => {
    targets = await meteredTargets(db, stationIds, untilMs);
    const byStation = new Map<number, Set<number>>();
    for (const t of targets) if (t.target.startsWith('p')) byStation.set(t.stationId, new Set([...(byStation.get(t.stationId) ?? []), Number(t.target.slice(1))]));
    return byStation;
  });
  return unitsOf(tanks, targets);
}

const collator = naturalCollator;
/** YYYY-MM-DD days compared as strings are in calendar order. */
const byDay = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function sortRows(rows: ReconciliationRow[], sortField: string | undefined, descend: boolean) {
  const value = (r: ReconciliationRow): SortValue => {
    switch (sortField) {
      case 'meteredSalesL':
      case 'varianceL':
      case 'variancePct':
      case 'cumulativeVarianceL':
        return r.gross[sortField];
      case 'day':
        return Date.parse(r.startsAt);
      case 'stationName':
      case 'tankCode':
        return r[sortField];
      default:
        return null;
    }
  };
  // Newest first, then station and tank as people read them: the natural order of the few
  // places is found once, not in each of a month's 30,000 comparisons.
  const placeKey = (r: ReconciliationRow) => `${r.stationName}\u0000${r.tankCode}`;
  const places = [...new Set(rows.map(placeKey))].map((key) => key.split('\u0000') as [string, string]);
  places.sort((a, b) => collator.compare(a[0], b[0]) || collator.compare(a[1], b[1]));
  const rank = new Map(places.map(([station, tank], i) => [`${station}\u0000${tank}`, i]));
  const rankOf = new Map(rows.map((r) => [r, rank.get(placeKey(r))!]));
  return sortRowsBy(rows, sortField ? value : null, descend, (a, b) => (a.startsAt < b.startsAt ? 1 : a.startsAt > b.startsAt ? -1 : rankOf.get(a)! - rankOf.get(b)!));
}

/** The reconciliation of the caller's tanks by day or shift, filtered, sorted (default newest first). */
export async function reconciliationList(db: Db, user: AuthUser, query: ReconciliationQuery, nowMs: number): Promise<ReconciliationRow[]> {
  const { fromDay, toDay } = daysOf(query, nowMs);
  if (query.sortField !== undefined) assertValid((RECONCILIATION_SORT_FIELDS as readonly string[]).includes(query.sortField) ? [] : [{ field: 'sortField', rule: 'rule.invalid' }]);
  const units = await unitsFor(db, user, query, fromDay, toDay);
  let rows = await reconcileUnits(db, units, fromDay, toDay, query.period, nowMs);
  if (query.salesSource) rows = rows.filter((r) => r.salesSource === query.salesSource);
  return sortRows(rows, query.sortField, query.sortOrder === 'descend');
}

/** The monthly rule of each of the caller's tanks (and groups) for one month (default: this month, UTC). */
export async function reconciliationMonthly(db: Db, user: AuthUser, query: ReconciliationMonthlyQuery, nowMs: number): Promise<ReconciliationMonthlyRow[]> {
  const month = query.month ?? new Date(nowMs).toISOString().slice(0, 7);
  assertValid(isMonth(month) ? [] : [{ field: 'month', rule: 'inventory.rule.month', labelKey: RECONCILIATION_FIELD_LABELS.month }]);
  const { firstDay, lastDay } = monthDays(month);
  // The rule judges days that are over: the running day has no closing yet.
  const rows = (await monthRows(db, user, query, firstDay, lastDay, nowMs)).filter((r) => Date.parse(r.endsAt) <= nowMs);
  return [...groupBy(rows, (r) => r.id.slice(0, r.id.indexOf(':'))).entries()]
    .map(([key, days]) => monthlyRowOf(key, month, days))
    .sort((a, b) => collator.compare(a.stationName, b.stationName) || collator.compare(a.tankCode, b.tankCode));
}

async function monthRows(db: Db, user: AuthUser, filter: TankFilter, firstDay: string, lastDay: string, nowMs: number) {
  const units = await unitsFor(db, user, filter, firstDay, lastDay);
  // ISO instants of one format: compared as strings, they are in time order.
  return (await reconcileUnits(db, units, firstDay, lastDay, 'day', nowMs)).sort((a, b) => (a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : 0));
}

export function monthlyRowOf(key: string, month: string, days: readonly ReconciliationRow[]): ReconciliationMonthlyRow {
  const first = days[0]!;
  const metered = days.filter((d) => d.salesSource === 'metered');
  const gross = monthlyRule(metered.map((d) => d.gross));
  const tc = monthlyRule(metered.map((d) => d.tc));
  return {
    id: `${key}:${month}`,
    ...stationPlaceOfRow(first),
    tankIds: first.tankIds,
    tankCode: first.tankCode,
    manifold: first.manifold,
    productName: first.productName,
    productColor: first.productColor,
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

/** Each tank's (group's) cumulative variance by day, with the monthly rule's allowance for the month's sales so far. */
export async function reconciliationChart(db: Db, user: AuthUser, query: ReconciliationChartQuery, nowMs: number): Promise<ReconciliationSeries[]> {
  const { fromDay, toDay } = daysOf(query, nowMs);
  const units = await unitsFor(db, user, query, fromDay, toDay);
  // From the first of the month: the allowance grows with the month's sales, as the cumulative variance does.
  const rows = (await reconcileUnits(db, units, `${fromDay.slice(0, 7)}-01`, toDay, 'day', nowMs)).filter((r) => r.salesSource === 'metered');
  return [...groupBy(rows, (r) => r.id.slice(0, r.id.indexOf(':'))).entries()].map(([key, list]) => {
    const ordered = [...list].sort((a, b) => byDay(a.day, b.day));
    let month = '';
    let sold = 0;
    return {
      key,
      stationName: ordered[0]!.stationName,
      tankCode: ordered[0]!.tankCode,
      productName: ordered[0]!.productName,
      productColor: ordered[0]!.productColor,
      volumeUnit: ordered[0]!.volumeUnit,
      points: ordered.flatMap((r) => {
        if (r.day.slice(0, 7) !== month) {
          month = r.day.slice(0, 7);
          sold = 0;
        }
        if (r.gross.varianceL !== null) sold += r.gross.meteredSalesL ?? 0;
        if (r.day < fromDay) return [];
        return [{ day: r.day, varianceL: r.gross.varianceL, cumulativeVarianceL: r.gross.cumulativeVarianceL, meteredSalesL: r.gross.meteredSalesL, allowanceL: r.gross.cumulativeVarianceL === null ? null : monthlyAllowanceL(sold) }];
      }),
    };
  });
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
 */
export async function meteredMonthsOf(db: Db, user: AuthUser, filter: TankFilter, months: readonly string[], nowMs: number): Promise<Map<string, MeteredMonth>> {
  const out = new Map<string, MeteredMonth>();
  if (months.length === 0) return out;
  const firstDay = monthDays(months[0]!).firstDay;
  const lastDay = monthDays(months[months.length - 1]!).lastDay;
  const units = (await unitsFor(db, user, filter, firstDay, lastDay)).filter((u) => u.targets.length > 0);
  if (units.length === 0) return out;
  const rows = (await reconcileUnits(db, units, firstDay, lastDay, 'day', nowMs)).filter((r) => Date.parse(r.endsAt) <= nowMs);
  for (const [key, days] of groupBy(rows, (r) => `${r.id.slice(0, r.id.indexOf(':'))}:${r.day.slice(0, 7)}`)) {
    const month = key.slice(key.lastIndexOf(':') + 1);
    const m = monthlyRowOf(key, month, days);
    if (m.salesSource !== 'metered') continue;
    const lastClosing = [...days].sort((a, b) => byDay(b.day, a.day)).find((d) => d.gross.closingL !== null)?.gross.closingL ?? null;
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
