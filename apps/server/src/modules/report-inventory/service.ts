import {
  DAILY_SORT_FIELDS,
  MONTHLY_SORT_FIELDS,
  type DailyInventoryQuery,
  type MonthlyInventoryQuery,
  type MonthlyInventoryRow,
} from '@ullage/contracts/inventory-report';
import { DAILY_RANGE_MAX_DAYS, dayRangeProblems, type DailyInventory } from '@ullage/domain/daily-inventory';
import { MONTHLY_RANGE_MAX_MONTHS, monthDays, monthlyInventory, monthRangeProblems, monthsBetween } from '@ullage/domain/monthly-inventory';
import { daysBetween } from '@ullage/domain/station-day';
import type { Db } from '../../db/client';
import type { MessageKey } from '../../i18n/en';
import { naturalCollator, placeRanks, textRanks, type Placed } from '../../lib/sort-rows';
import { assertValid, type FieldRule } from '../../plugins/errors';
import type { AuthUser } from '../../sessions/auth-user';
import { scopeOf } from '../scope/scope';
import { meteredMonthsOf } from '../reconciliation/service';
import { figureTankDays, tankDaysOf, tankOfRow, tanksOfReport, type EdgeReading, type TankDayFigures } from '../tank-days/service';
import { dailyRowOf } from './daily-row';

/** Labels of the fields the reports name in their refusals (also the routes' fieldLabels). */
export const INVENTORY_FIELD_LABELS = {
  fromDay: 'inventory.field.fromDay',
  toDay: 'inventory.field.toDay',
  fromMonth: 'inventory.field.fromMonth',
  toMonth: 'inventory.field.toMonth',
} as const satisfies Record<string, MessageKey>;

const RULES: Record<string, MessageKey> = {
  day: 'inventory.rule.day',
  month: 'inventory.rule.month',
  dayOrder: 'inventory.rule.dayOrder',
  monthOrder: 'inventory.rule.monthOrder',
  maxDays: 'inventory.rule.maxDays',
  maxMonths: 'inventory.rule.maxMonths',
};

function refusals(problems: readonly { field: keyof typeof INVENTORY_FIELD_LABELS; rule: string }[]): FieldRule[] {
  return problems.map((p) => ({
    field: p.field,
    rule: RULES[p.rule === 'order' ? (p.field.endsWith('Day') ? 'dayOrder' : 'monthOrder') : p.rule]!,
    labelKey: INVENTORY_FIELD_LABELS[p.field],
    params: { days: DAILY_RANGE_MAX_DAYS, months: MONTHLY_RANGE_MAX_MONTHS },
  }));
}

type Sort = { field: string; descend: boolean } | null;

/** The requested sort, refused (91011 naming the sort column) before any work when the column is not sortable. */
function sortOf(query: { sortField?: string | undefined; sortOrder?: 'ascend' | 'descend' | undefined }, allowed: readonly string[]): Sort {
  if (!query.sortField) return null;
  assertValid(allowed.includes(query.sortField) ? [] : [{ field: 'sortField', rule: 'rule.invalid' }]);
  return { field: query.sortField, descend: query.sortOrder === 'descend' };
}

type Value = string | number | null;

/** Ascending: unknown first; descending: unknown last (as the SQL lists do). */
function compareValues(a: Value, b: Value, descend: boolean): number {
  if (a === b) return 0;
  if (a === null) return descend ? 1 : -1;
  if (b === null) return descend ? -1 : 1;
  const c = typeof a === 'number' && typeof b === 'number' ? a - b : naturalCollator.compare(String(a), String(b));
  return descend ? -c : c;
}

/**
 * Sorts by the chosen column, then newest period first, station, tank: the default order, and
 * the tie-breaker that keeps paging stable. Places and text values are ranked once, so the
 * comparisons (half a million for 5,000 tanks over a week) compare numbers.
 */
function sortRows<R>(rows: R[], sort: Sort, period: (r: R) => string, placeOf: (r: R) => Placed & { tankId: number }, valueOf: (r: R, field: string) => Value): R[] {
  const places = new Map<number, Placed>();
  for (const r of rows) {
    const place = placeOf(r);
    if (!places.has(place.tankId)) places.set(place.tankId, place);
  }
  const rank = placeRanks(places);
  const values = sort ? rows.map((r) => valueOf(r, sort.field)) : null;
  const texts = values ? textRanks(values.filter((v): v is string => typeof v === 'string')) : null;
  const keyed = rows.map((r, i) => {
    const v = values ? values[i]! : null;
    return { r, value: typeof v === 'string' ? texts!.get(v)! : v, period: period(r), rank: rank.get(placeOf(r).tankId)! };
  });
  // Periods are YYYY-MM-DD days or YYYY-MM months: as strings, in calendar order.
  keyed.sort((a, b) => (sort ? compareValues(a.value, b.value, sort.descend) : 0) || (a.period === b.period ? a.rank - b.rank : a.period < b.period ? 1 : -1));
  keyed.forEach((k, i) => (rows[i] = k.r));
  return rows;
}

const pageOfRows = <R>(rows: R[], page: number, pageSize: number) => rows.slice((page - 1) * pageSize, page * pageSize);

/** A tank day's value in a sortable column of its row (dailyRowOf), read from its figures. */
function dailyValue(d: TankDayFigures, field: string): Value {
  switch (field as (typeof DAILY_SORT_FIELDS)[number]) {
    case 'day':
      return d.window.day;
    case 'stationName':
      return d.tank.stationName;
    case 'tankCode':
      return d.tank.tankCode;
    case 'startVolumeL':
      return d.figures.start?.volumeL ?? null;
    case 'endVolumeL':
      return d.figures.end?.volumeL ?? null;
    case 'deliveredL':
      return d.figures.deliveredL;
    case 'salesL':
      return d.figures.salesL;
    case 'gapCount':
      return d.figures.gapCount;
  }
}

/**
 * The daily inventory of a user's tanks for the asked days: every tank day is figured (the
 * abnormal flags and sales decide the order, the "abnormal only" filter and the abnormal count),
 * then filtered and sorted; the caller makes the rows it sends (dailyRowOf: a page, or all for
 * an export). A bad day, an inverted range or one over 31 days is refused.
 */
export async function dailyReport(db: Db, user: AuthUser, query: DailyInventoryQuery, nowMs: number) {
  const fromDay = query.fromDay;
  const toDay = query.toDay ?? query.fromDay;
  assertValid(refusals(dayRangeProblems(fromDay, toDay)));
  const sort = sortOf(query, DAILY_SORT_FIELDS);
  const tanks = await tanksOfReport(db, scopeOf(user), query, fromDay);
  const all = await figureTankDays(db, tankDaysOf(tanks, daysBetween(fromDay, toDay), nowMs), nowMs);
  const abnormalCount = all.reduce((n, d) => n + (d.figures.abnormal ? 1 : 0), 0);
  const days = query.abnormalOnly === 'yes' ? all.filter((d) => d.figures.abnormal) : all;
  sortRows(days, sort, (d) => d.window.day, (d) => d.tank, dailyValue);
  return { days, abnormalCount, allCount: all.length };
}

export async function dailyPage(db: Db, user: AuthUser, query: DailyInventoryQuery, nowMs: number) {
  const { days, abnormalCount, allCount } = await dailyReport(db, user, query, nowMs);
  return { list: pageOfRows(days, query.page, query.pageSize).map(dailyRowOf), total: days.length, page: query.page, pageSize: query.pageSize, abnormalCount, allCount };
}

/** Whole months since year 0: with the tank id, a unique row key. */
const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/**
 * The monthly inventory rows: each tank's days of each asked month (from its first day, up to
 * today) figured as the daily report does, then summed per month (monthly-inventory.ts), a
 * month in progress over its finished days only — as its metered side (meteredMonthsOf) is.
 * The rows come without their metered side: `meter` figures it for the rows sent (a page, or an
 * export's batch as it is written).
 */
export async function monthlyReport(db: Db, user: AuthUser, query: MonthlyInventoryQuery, nowMs: number) {
  const fromMonth = query.fromMonth;
  const toMonth = query.toMonth ?? query.fromMonth;
  assertValid(refusals(monthRangeProblems(fromMonth, toMonth)));
  const sort = sortOf(query, MONTHLY_SORT_FIELDS);
  const months = monthsBetween(fromMonth, toMonth);
  const days = daysBetween(monthDays(months[0]!).firstDay, monthDays(months[months.length - 1]!).lastDay);
  const tanks = await tanksOfReport(db, scopeOf(user), query, days[0]);
  const tankDays = tankDaysOf(tanks, days, nowMs);
  // A day still running counts in its month only as a day and as "in progress"
  // (monthly-inventory.ts sums the finished days): it is not read, nor reconciled below.
  const ended = await figureTankDays(db, tankDays.filter((d) => d.window.endMs <= nowMs), nowMs);
  let e = 0;
  const figures = tankDays.map((d) => (d.window.endMs <= nowMs ? ended[e++]! : { tank: d.tank, window: d.window, figures: RUNNING_DAY, first: null, last: null, sold: null }));
  // Tank days come tank by tank, day by day: consecutive runs of one tank and month.
  const all: MonthlyInventoryRow[] = [];
  let i = 0;
  while (i < figures.length) {
    const head = figures[i]!;
    const month = head.window.day.slice(0, 7);
    let j = i;
    while (j < figures.length && figures[j]!.tank.tankId === head.tank.tankId && figures[j]!.window.day.slice(0, 7) === month) j++;
    const run = figures.slice(i, j);
    const m = monthlyInventory(
      run.map(({ figures: f }) => ({
        startVolumeL: f.start?.volumeL ?? null,
        endVolumeL: f.end?.volumeL ?? null,
        deliveredL: f.deliveredL,
        deliveryStartsMs: f.deliveryStartsMs,
        salesL: f.salesL,
        abnormal: f.abnormal,
        inProgress: f.inProgress,
      })),
    );
    all.push({
      id: head.tank.tankId * 100_000 + monthIndex(month),
      month,
      ...tankOfRow(head.tank),
      firstDay: head.window.day,
      lastDay: run[run.length - 1]!.window.day,
      daysInMonth: Number(monthDays(month).lastDay.slice(8, 10)),
      ...m,
      salesSource: 'derived',
      metered: null,
    });
    i = j;
  }
  const abnormalCount = all.reduce((n, r) => n + (r.abnormalDays > 0 ? 1 : 0), 0);
  const rows = query.abnormalOnly === 'yes' ? all.filter((r) => r.abnormalDays > 0) : all;
  // No sort or filter reads the metered side: the rows are ordered first, then only those that
  // are sent are reconciled (a page of 10 tanks, not a fleet's month of 30,000 days).
  sortRows(rows, sort, (r) => r.month, (r) => r, (r, field) => r[field as (typeof MONTHLY_SORT_FIELDS)[number]]);
  const meter = async (sent: MonthlyInventoryRow[]): Promise<MonthlyInventoryRow[]> => {
    // The same tank days, not figured a second time for the metered side.
    const sentTanks = new Set(sent.map((r) => r.tankId));
    const metered = await meteredMonthsOf(db, user, query, months, nowMs, ended, tanks.filter((t) => sentTanks.has(t.tankId)));
    for (const row of sent) {
      const m = metered.get(`${row.tankId}:${row.month}`);
      if (m) Object.assign(row, { salesSource: 'metered', metered: m });
    }
    return sent;
  };
  return { rows, abnormalCount, allCount: all.length, meter };
}

/** A running day as the month sums it: only `inProgress` is read. */
const RUNNING_DAY: DailyInventory<EdgeReading> = {
  start: null,
  end: null,
  deliveredL: 0,
  deliveryCount: 0,
  deliveryStartsMs: [],
  deliveryParts: [],
  salesL: null,
  missingStart: false,
  missingEnd: false,
  inProgress: true,
  gapCount: 0,
  gaps: [],
  abnormal: false,
};

export async function monthlyPage(db: Db, user: AuthUser, query: MonthlyInventoryQuery, nowMs: number) {
  const { rows, abnormalCount, allCount, meter } = await monthlyReport(db, user, query, nowMs);
  return { list: await meter(pageOfRows(rows, query.page, query.pageSize)), total: rows.length, page: query.page, pageSize: query.pageSize, abnormalCount, allCount };
}
