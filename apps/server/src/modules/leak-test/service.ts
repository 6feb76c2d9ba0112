import { LEAK_TEST_SORT_FIELDS, type LeakCompliance, type LeakComplianceQuery, type LeakTestListQuery, type LeakTestPeriods, type LeakTestPeriodsQuery, type LeakTestRow } from '@ullage/contracts/leak-test';
import { periodPoints, QUIET_RULES, testOfDays, testsOfDays, windowFirstDay, type LeakTestOutcome } from '@ullage/domain/leak-detection';
import { lastCompleteMonth, monthDays } from '@ullage/domain/monthly-inventory';
import { dayWindow, isDay } from '@ullage/domain/station-day';
import type { Db } from '../../db/client';
import { groupBy } from '../../lib/group-by';
import { naturalCollator, placeRanks, sortRowsBy, type SortValue } from '../../lib/sort-rows';
import { assertValid, notFound, type FieldRule } from '../../plugins/errors';
import type { AuthUser } from '../../sessions/auth-user';
import { tankOfRow, tanksOfReport, type ReportTank } from '../tank-days/service';
import { scopeOf } from '../scope/scope';
import { leakDaysOf, readingsOf, type LeakDay } from './days-repo';
import { leakTanks, statusesOf } from './status-repo';
import { stationOfCompliance } from './compliance-repo';

/** How many days apart `from` and `to` may be. */
export const LEAK_RANGE_MAX_DAYS = 92;
export const LEAK_FIELD_LABELS = { from: 'field.from', to: 'field.to', month: 'leakTest.field.month', result: 'leakTest.field.result' } as const;

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const round = (x: number | null, digits: number) => (x === null ? null : Math.round(x * 10 ** digits) / 10 ** digits);

/**
 * The asked range: days (station-local, both included) or instants (the window's end within
 * them). Default: the last 7 days. Refused when inverted or over LEAK_RANGE_MAX_DAYS.
 */
function rangeOf(query: Pick<LeakTestListQuery, 'from' | 'to'>, nowMs: number) {
  const asDay = (v: string | undefined) => (v !== undefined && isDay(v) ? v : null);
  const fromMs = query.from !== undefined && asDay(query.from) === null ? Date.parse(query.from) : null;
  const toMs = query.to !== undefined && asDay(query.to) === null ? Date.parse(query.to) : null;
  const toDay = asDay(query.to) ?? (toMs !== null ? iso(toMs + DAY_MS).slice(0, 10) : iso(nowMs + DAY_MS).slice(0, 10));
  const fromDay = asDay(query.from) ?? (fromMs !== null ? iso(fromMs - DAY_MS).slice(0, 10) : addDays(asDay(query.to) ?? iso(nowMs).slice(0, 10), -6));
  const start = fromMs ?? Date.parse(`${fromDay}T00:00:00Z`);
  const end = toMs ?? Date.parse(`${toDay}T00:00:00Z`);
  const problems: FieldRule[] = [];
  if (start > end) problems.push({ field: 'to', rule: 'leakTest.rule.order', labelKey: LEAK_FIELD_LABELS.to });
  else if (end - start > LEAK_RANGE_MAX_DAYS * DAY_MS) problems.push({ field: 'to', rule: 'leakTest.rule.maxDays', labelKey: LEAK_FIELD_LABELS.to, params: { days: LEAK_RANGE_MAX_DAYS } });
  assertValid(problems);
  return { fromDay, toDay, fromMs, toMs };
}

/** The window's first instant in the tank's zone, cached per zone and day (rows of one list share few). */
function windowStarts() {
  const cache = new Map<string, number>();
  return (day: string, timezone: string) => {
    const key = `${timezone}|${day}`;
    let v = cache.get(key);
    if (v === undefined) {
      v = dayWindow(windowFirstDay(day), timezone).startMs;
      cache.set(key, v);
    }
    return v;
  };
}

/** Whole days since 1970 of a day: with the tank id a stable row key. */
const epochDay = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

/**
 * One tank's figured day tested over its window. The row the API sends is made from it (rowOf)
 * only where it is sent: a fleet's week is 7,000 of them, a page 10.
 */
export interface TestedDay {
  tank: ReportTank;
  day: LeakDay;
  periodStartMs: number;
  thresholdLph: number;
  outcome: LeakTestOutcome;
}

export function rowOf({ tank, day, periodStartMs, thresholdLph, outcome }: TestedDay): LeakTestRow {
  return {
    id: tank.tankId * 100_000 + epochDay(day.day),
    ...tankOfRow(tank),
    day: day.day,
    periodStart: iso(periodStartMs),
    periodEnd: iso(day.endMs),
    leakRateLph: outcome.leakRateLph,
    thresholdLph,
    mdlLph: outcome.mdlLph,
    quietHours: outcome.quietHours,
    quietPeriods: outcome.quietPeriods,
    result: outcome.result,
    reason: outcome.reason,
  };
}

/** Each figured day of the asked tanks in [fromDay, toDay] tested over its window. */
async function testedDays(db: Db, tanks: readonly ReportTank[], fromDay: string, toDay: string): Promise<TestedDay[]> {
  const thresholds = new Map((await leakTanks(db, tanks.map((t) => t.tankId))).map((t) => [t.tankId, t.thresholdLph]));
  const days = await leakDaysOf(db, tanks.map((t) => t.tankId), windowFirstDay(fromDay), toDay);
  const byTank = groupBy(days, (d) => d.tankId);
  const startOf = windowStarts();
  const out: TestedDay[] = [];
  for (const tank of tanks) {
    const thresholdLph = thresholds.get(tank.tankId);
    const list = byTank.get(tank.tankId);
    if (thresholdLph === undefined || !list) continue;
    // The days come in day order (leakDaysOf), as testsOfDays takes them.
    for (const { day, outcome } of testsOfDays(list, fromDay, toDay, thresholdLph)) out.push({ tank, day, periodStartMs: startOf(day.day, tank.timezone), thresholdLph, outcome });
  }
  return out;
}

const RESULT_ORDER = { fail: 0, inconclusive: 1, pass: 2 } as const;
const collator = naturalCollator;

function sortRows(rows: TestedDay[], sortField: string | undefined, descend: boolean) {
  const value = (r: TestedDay): SortValue => {
    switch (sortField) {
      case 'result':
        return RESULT_ORDER[r.outcome.result];
      case 'day':
        return r.day.day;
      case 'stationName':
      case 'tankCode':
        return r.tank[sortField];
      default:
        return r.outcome[sortField as 'leakRateLph' | 'mdlLph' | 'quietHours'];
    }
  };
  // Newest day first (YYYY-MM-DD compares as text), then station and tank as people read them:
  // their natural order is found once per tank, not in each of a week's 100,000 comparisons of
  // a fleet's rows. Unknown (no quiet period) last either way.
  const rank = placeRanks(new Map(rows.map((r) => [r.tank.tankId, r.tank])));
  return sortRowsBy(rows, sortField ? value : null, descend, (a, b) => (a.day.day === b.day.day ? rank.get(a.tank.tankId)! - rank.get(b.tank.tankId)! : a.day.day < b.day.day ? 1 : -1));
}

/** The tests of the caller's tanks in the asked range, filtered and sorted (default newest day first); the caller makes the rows it sends (rowOf). */
export async function leakTestList(db: Db, user: AuthUser, query: LeakTestListQuery, nowMs: number): Promise<TestedDay[]> {
  const range = rangeOf(query, nowMs);
  if (query.sortField !== undefined) assertValid((LEAK_TEST_SORT_FIELDS as readonly string[]).includes(query.sortField) ? [] : [{ field: 'sortField', rule: 'rule.invalid' }]);
  const tanks = await tanksOfReport(db, scopeOf(user), query);
  let rows = await testedDays(db, tanks, range.fromDay, range.toDay);
  // A window's end is its day's end (periodEnd).
  if (range.fromMs !== null) rows = rows.filter((r) => r.day.endMs >= range.fromMs!);
  if (range.toMs !== null) rows = rows.filter((r) => r.day.endMs <= range.toMs!);
  if (query.result) rows = rows.filter((r) => r.outcome.result === query.result);
  return sortRows(rows, query.sortField, query.sortOrder === 'descend');
}

/** One tank's test for a day (default its latest) and the compensated volume of its quiet periods. */
export async function leakTestPeriods(db: Db, user: AuthUser, query: LeakTestPeriodsQuery): Promise<LeakTestPeriods> {
  const [tank] = await tanksOfReport(db, scopeOf(user), { tankId: query.tankId });
  if (!tank) throw notFound();
  const [info] = await leakTanks(db, [tank.tankId]);
  const day = query.day ?? (await statusesOf(db, [tank.tankId]))[0]?.day;
  if (!info || day === undefined) return { test: null, periods: [] };
  const days = await leakDaysOf(db, [tank.tankId], windowFirstDay(day), day);
  const last = days.find((d) => d.day === day);
  if (!last) return { test: null, periods: [] };
  const startMs = dayWindow(windowFirstDay(day), tank.timezone).startMs;
  const test = rowOf({ tank, day: last, periodStartMs: startMs, thresholdLph: info.thresholdLph, outcome: testOfDays(days, windowFirstDay(day), day, info.thresholdLph) });
  const periods = days.flatMap((d) => d.periods);
  const [readings] = await readingsOf(db, [{ tankId: tank.tankId, fromMs: Math.max(startMs - QUIET_RULES.lookbackMs, periods[0]?.startMs ?? startMs), toMs: last.endMs }]);
  return {
    test,
    periods: periods.map((p) => ({
      start: iso(p.startMs),
      end: iso(p.endMs),
      hours: round((p.endMs - p.startMs) / 3_600_000, 2)!,
      rateLph: round(p.rateLph, 4)!,
      points: periodPoints(readings ?? [], p, info.expansionPerC).map((x) => ({ at: iso(x.tsMs), volumeL: x.volumeL })),
    })),
  };
}

/** Each tank's current test in the caller's scope (optionally one station), for the monitor and home. */
export async function leakTestStatuses(db: Db, user: AuthUser, stationId: number | undefined) {
  const tanks = new Map((await tanksOfReport(db, scopeOf(user), { stationId })).map((t) => [t.tankId, t]));
  const rows = await statusesOf(db, [...tanks.keys()]);
  return rows.map((r) => {
    const tank = tanks.get(r.tank_id)!;
    return {
      tankId: r.tank_id,
      tankCode: tank.tankCode,
      productName: tank.productName,
      stationId: tank.stationId,
      stationName: tank.stationName,
      day: r.day,
      thresholdLph: r.threshold_lph,
      leakRateLph: r.leak_rate_lph,
      mdlLph: r.mdl_lph,
      quietHours: r.quiet_hours,
      quietPeriods: r.quiet_periods,
      result: r.result as LeakTestRow['result'],
      reason: r.reason as LeakTestRow['reason'],
    };
  });
}

/**
 * A station's compliance record for a calendar month of its own: each tank's test over the
 * month's figured days (without a month: the last one that has ended there). A month not yet
 * begun, or not a month, is refused.
 */
export async function leakCompliance(db: Db, user: AuthUser, query: LeakComplianceQuery, nowMs: number): Promise<LeakCompliance> {
  const tanks = await tanksOfReport(db, scopeOf(user), { stationId: query.stationId });
  const station = await stationOfCompliance(db, scopeOf(user), query.stationId);
  if (!station) throw notFound();
  // A record opened without a month shows the last one that has ended where the station is.
  const month = query.month ?? lastCompleteMonth(nowMs, station.timezone);
  const monthOk = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  assertValid(monthOk ? [] : [{ field: 'month', rule: 'leakTest.rule.month', labelKey: LEAK_FIELD_LABELS.month }]);
  const { firstDay, lastDay } = monthDays(month);
  const startMs = dayWindow(firstDay, station.timezone).startMs;
  const endMs = dayWindow(lastDay, station.timezone).endMs;
  assertValid(startMs <= nowMs ? [] : [{ field: 'month', rule: 'leakTest.rule.futureMonth', labelKey: LEAK_FIELD_LABELS.month }]);
  const info = new Map((await leakTanks(db, tanks.map((t) => t.tankId))).map((t) => [t.tankId, t]));
  const byTank = groupBy(await leakDaysOf(db, tanks.map((t) => t.tankId), firstDay, lastDay), (d) => d.tankId);
  const thresholdLph = station.thresholdLph;
  return {
    station: { ...station.place, address: station.address },
    month,
    periodStart: iso(startMs),
    periodEnd: iso(endMs),
    inProgress: nowMs < endMs,
    generatedAt: iso(nowMs),
    thresholdLph,
    tanks: tanks
      .sort((a, b) => collator.compare(a.tankCode, b.tankCode))
      .map((t) => {
        const outcome = testOfDays(
          byTank.get(t.tankId) ?? [],
          firstDay,
          lastDay,
          info.get(t.tankId)?.thresholdLph ?? thresholdLph,
        );
        return {
          tankId: t.tankId,
          tankCode: t.tankCode,
          productName: t.productName,
          capacityL: station.capacities.get(t.tankId) ?? null,
          leakRateLph: outcome.leakRateLph,
          mdlLph: outcome.mdlLph,
          quietHours: outcome.quietHours,
          quietPeriods: outcome.quietPeriods,
          result: outcome.result,
          reason: outcome.reason,
        };
      }),
  };
}
