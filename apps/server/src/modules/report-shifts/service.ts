import type {
  DetailReading,
  SalesDetail,
  SalesDetailQuery,
  SalesReadingsQuery,
  SalesReadingRow,
  ShiftSalesQuery,
  ShiftSalesRow,
  ShiftSalesTotals,
  ShiftTankFigures,
  StationShifts,
  StationShiftsInput,
} from '@ullage/contracts/shift-sales';
import { dayRangeProblems, deliveredVolumeL, deliveriesInShift, edgeSearch, roundLitres, shiftSalesL, sumSales, SHIFT_RANGE_MAX_DAYS, type Window } from '@ullage/domain/shift-sales';
import { orderedShifts, parseTimeOfDay, shiftProblems, shiftsOfInput, shiftWindows, shiftWindowsBetween, timeOfDay, type Shift, type ShiftWindow } from '@ullage/domain/shifts';
import { isDay } from '@ullage/domain/station-day';
import type { Db } from '../../db/client';
import type { MessageKey } from '../../i18n/en';
import { pageOf } from '../../lib/list';
import { assertValid, notFound, type FieldRule } from '../../plugins/errors';
import { recordAudit } from '../audit/service';
import type { AuthUser } from '../../sessions/auth-user';
import { userMay } from '../scope/manage';
import { scopeOf } from '../scope/scope';
import * as repo from './repo';
import type { ShiftStation } from './repo';

/** Each station's configured shifts: the reconciliation's shift periods are cut by them (reconciliation/periods.ts). */
export { shiftsOf } from './repo';

const iso = (v: Date | string | number) => (v instanceof Date ? v : new Date(v)).toISOString();

/** Shifts are the station's settings: `station:manage` of the role table, for a station already in scope. */
function canManage(user: AuthUser): boolean {
  return userMay(user, 'station:manage');
}

async function visibleStation(db: Db, user: AuthUser, id: number) {
  const station = await repo.findStation(db, scopeOf(user), id);
  if (!station) throw notFound();
  return station;
}

function shiftsAnswer(station: ShiftStation, configured: Shift[], canEdit: boolean, allDayName: string): StationShifts {
  const shifts = configured.length > 0 ? orderedShifts(configured) : [{ name: allDayName, startMinute: 0 }];
  return {
    stationId: station.id,
    stationName: station.name,
    stationCode: station.code,
    timezone: station.timezone,
    configured: configured.length > 0,
    canEdit,
    shifts: shifts.map((s) => ({ name: s.name, start: timeOfDay(s.startMinute), startMinute: s.startMinute })),
  };
}

/** A station's shifts, for anyone who may see the station; another organisation's is not found. */
export async function getStationShifts(db: Db, user: AuthUser, stationId: number, allDayName: string): Promise<StationShifts> {
  const station = await visibleStation(db, user, stationId);
  const configured = (await repo.shiftsOf(db, [stationId])).get(stationId) ?? [];
  return shiftsAnswer(station, configured, canManage(user), allDayName);
}

const SHIFT_RULE_KEYS: Record<string, MessageKey> = {
  shiftCount: 'rule.shiftCount',
  required: 'rule.required',
  tooLong: 'rule.tooLong',
  duplicate: 'rule.duplicate',
  timeOfDay: 'rule.timeOfDay',
};

/** Replaces a station's shifts as a whole: only who may manage the station, only valid lists. */
export async function setStationShifts(db: Db, user: AuthUser, stationId: number, input: StationShiftsInput, allDayName: string): Promise<StationShifts> {
  // The route takes `station:manage`: other roles are refused (80003) before this runs.
  const station = await visibleStation(db, user, stationId);
  assertValid(
    shiftProblems(input.shifts).map((p): FieldRule => ({
      field: p.field,
      rule: SHIFT_RULE_KEYS[p.rule]!,
      ...(p.params ? { params: p.params } : {}),
      ...(p.field === 'shifts' ? { labelKey: 'field.shiftList' as const } : {}),
    })),
  );
  const shifts = shiftsOfInput(input.shifts);
  const before = (await repo.shiftsOf(db, [stationId])).get(stationId) ?? [];
  const written = (list: Shift[]) => list.map((s) => `${timeOfDay(s.startMinute)} ${s.name}`).join(', ') || null;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await repo.replaceShifts(t, stationId, shifts);
    if (written(before) !== written(shifts)) await recordAudit(t, user, 'update', 'station', stationId, { shifts: [written(before), written(shifts)] });
  });
  return shiftsAnswer(station, shifts, true, allDayName);
}

const DAY_RULE_KEYS: Record<string, MessageKey> = { invalid: 'rule.shiftDayFormat', beforeEnd: 'rule.shiftDayOrder', maxDays: 'rule.shiftRangeDays' };
/** The query's own names are not words: refusals name the fields as the page does. */
const LABELS = { fromDay: 'field.shiftFromDay', toDay: 'field.shiftToDay', day: 'field.shiftDay', shift: 'field.shifts', tankId: 'field.tank' } as const satisfies Record<string, MessageKey>;

function assertDayRange(fromDay: string, toDay: string) {
  assertValid(
    dayRangeProblems(fromDay, toDay).map((p) => ({
      field: p.field,
      rule: DAY_RULE_KEYS[p.rule]!,
      labelKey: LABELS[p.field],
      ...(p.rule === 'maxDays' ? { params: { days: SHIFT_RANGE_MAX_DAYS } } : {}),
    })),
  );
}

/** An instant as epoch milliseconds, without a round trip through its text (a week of 5,000 tanks is 70,000 of them). */
const msOf = (v: Date | string) => (v instanceof Date ? v.getTime() : Date.parse(v));
const spanOf = (d: repo.DeliveryRaw) => ({ startedAtMs: msOf(d.started_at), endedAtMs: msOf(d.ended_at), startVolumeL: d.start_volume_l, endVolumeL: d.end_volume_l });
type DeliverySpan = ReturnType<typeof spanOf>;
const readingAt = (tsMs: number | null, volumeL: number | null) => (tsMs === null || volumeL === null ? null : { tsMs, volumeL });

/**
 * A shift still running has no end reading yet, whatever was read in its last quarter hour so
 * far: its sales are unknown until it is over (and it is not flagged as missing its end).
 * Deliveries count by their part between the start and end readings (domain delivery-parts.ts).
 */
function tankFiguresOf(raw: repo.TankFiguresRaw, inProgress: boolean, window: Window, deliveries: readonly DeliverySpan[]): TankShift {
  const endMs = inProgress ? null : raw.end_ts;
  const endVolumeL = inProgress ? null : raw.end_volume_l;
  const counted = deliveriesInShift(deliveries, window, readingAt(raw.start_ts, raw.start_volume_l), readingAt(endMs, endVolumeL));
  const deliveredL = deliveredVolumeL(counted);
  return {
    tankId: raw.tank_id,
    tankCode: raw.tank_code,
    productId: raw.product_id,
    productName: raw.product_name,
    productColor: raw.product_color,
    startMs: raw.start_ts,
    startVolumeL: raw.start_volume_l,
    endMs,
    endVolumeL,
    deliveredL,
    deliveryCount: counted.length,
    salesL: shiftSalesL(raw.start_volume_l, endVolumeL, deliveredL),
    missingStart: raw.start_ts === null,
    missingEnd: endMs === null && !inProgress,
  };
}

/** A tank's shift with its reading times as epoch milliseconds: written out (figuresOf) only for the rows sent. */
type TankShift = Omit<ShiftTankFigures, 'startReadingAt' | 'endReadingAt'> & { startMs: number | null; endMs: number | null };

function figuresOf({ startMs, endMs, ...t }: TankShift): ShiftTankFigures {
  return { ...t, startReadingAt: startMs === null ? null : iso(startMs), endReadingAt: endMs === null ? null : iso(endMs) };
}

/** A shift row as figured: its times as epoch milliseconds, written out (rowOf) only for the rows sent. */
type Unnumbered = Omit<ShiftSalesRow, 'id' | 'startsAt' | 'endsAt' | 'tanks'> & { startMs: number; endMs: number; tanks: TankShift[] };

function rowOf({ startMs, endMs, tanks, ...r }: Unnumbered, id: number): ShiftSalesRow {
  return { id, ...r, startsAt: iso(startMs), endsAt: iso(endMs), tanks: tanks.map(figuresOf) };
}

/** Days are YYYY-MM-DD: as strings, in calendar order. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byDay = (a: Unnumbered, b: Unnumbered) => compareText(a.day, b.day) || a.shiftNo - b.shiftNo;

/**
 * Each station's place in name order (then id), ranked once: a week of 1,000 stations is 7,000
 * rows and ~100,000 comparisons, each comparing two names again before.
 */
function stationRanks(rows: readonly Unnumbered[]): Map<number, number> {
  const names = new Map<number, string>();
  for (const r of rows) names.set(r.stationId, r.stationName);
  const ordered = [...names].sort(([idA, nameA], [idB, nameB]) => nameA.localeCompare(nameB) || idA - idB);
  return new Map(ordered.map(([id], rank) => [id, rank]));
}

/** The columns the shift list sorts by (the sort of none: newest day first). */
const SORT_FIELDS: readonly string[] = ['day', 'stationName', 'salesL', 'deliveredL'];

/** The order of the shift list, given the stations' ranks; unknown sales sort last whichever way. Refuses (91011) a column that does not sort, before any work. */
function orderOf(query: Pick<ShiftSalesQuery, 'sortField' | 'sortOrder'>): (ranks: Map<number, number>) => (a: Unnumbered, b: Unnumbered) => number {
  const sign = query.sortOrder === 'descend' ? -1 : 1;
  const nullsLast = (x: number | null, y: number | null) => (x === null ? (y === null ? 0 : 1) : y === null ? -1 : sign * (x - y));
  const field = query.sortField;
  if (field !== undefined && !SORT_FIELDS.includes(field)) assertValid([{ field: 'sortField', rule: 'rule.invalid' }]);
  return (ranks) => {
    const byStation = (a: Unnumbered, b: Unnumbered) => ranks.get(a.stationId)! - ranks.get(b.stationId)!;
    switch (field) {
      case 'day':
        return (a, b) => sign * byDay(a, b) || byStation(a, b);
      case 'stationName':
        return (a, b) => sign * byStation(a, b) || byDay(a, b);
      case 'salesL':
        return (a, b) => nullsLast(a.salesL, b.salesL) || byDay(a, b) || byStation(a, b);
      case 'deliveredL':
        return (a, b) => sign * (a.deliveredL - b.deliveredL) || byDay(a, b) || byStation(a, b);
      default:
        // Newest day first; within a day, each station's shifts in the order they are worked.
        return (a, b) => compareText(b.day, a.day) || byStation(a, b) || a.shiftNo - b.shiftNo;
    }
  };
}

const unitOf = (u: number | null | undefined) => (u === 1 || u == null ? 1 : u);

/**
 * Every shift of the matching stations in the day range that has started, with each matching
 * tank's figures; then sorted, paged, and summed per product. Shifts are computed, not stored:
 * a station's windows come from its shifts and zone (domain/shifts.ts), the figures from one
 * statement over those windows.
 */
export async function findShiftSales(db: Db, user: AuthUser, query: Omit<ShiftSalesQuery, 'page' | 'pageSize'> & { page: number; pageSize: number }, now: Date, allDayName: string) {
  assertDayRange(query.fromDay, query.toDay);
  const order = orderOf(query);
  const scope = scopeOf(user);
  const stations = await repo.stationsOfReport(db, scope, query);
  const configured = await repo.shiftsOf(db, stations.map((s) => s.id));
  const nowMs = now.getTime();
  const windows: { station: ShiftStation; window: ShiftWindow; allDay: boolean }[] = [];
  for (const station of stations) {
    const shifts = configured.get(station.id) ?? [];
    for (const window of shiftWindowsBetween(query.fromDay, query.toDay, shifts, station.timezone)) {
      // A shift that has not begun has no figures yet; one in progress is shown as such.
      if (window.startMs <= nowMs && window.endMs > window.startMs) windows.push({ station, window, allDay: shifts.length === 0 });
    }
  }
  const raw = await repo.tankFigures(
    db,
    scope,
    windows.map(({ station, window }) => ({ stationId: station.id, ...edgeBounds(window) })),
    query,
  );
  // Each delivery's span made once, not again for each of its tank's shifts.
  const deliveriesOf = new Map<number, DeliverySpan[]>();
  if (windows.length > 0) {
    // A loop, not Math.min(...): a month of a large fleet's shifts is more than a call takes arguments.
    let fromMs = Infinity;
    let toMs = -Infinity;
    for (const { window } of windows) {
      fromMs = Math.min(fromMs, window.startMs);
      toMs = Math.max(toMs, window.endMs);
    }
    for (const d of await repo.deliveriesAround(db, [...new Set(raw.map((r) => r.tank_id))], fromMs, toMs)) {
      const list = deliveriesOf.get(d.tank_id);
      if (list) list.push(spanOf(d));
      else deliveriesOf.set(d.tank_id, [spanOf(d)]);
    }
  }
  const tanksOf = new Map<number, TankShift[]>();
  for (const r of raw) {
    const list = tanksOf.get(r.w) ?? [];
    const { window } = windows[r.w]!;
    list.push(tankFiguresOf(r, window.endMs > nowMs, window, deliveriesOf.get(r.tank_id) ?? []));
    tanksOf.set(r.w, list);
  }
  const rows: Unnumbered[] = [];
  windows.forEach(({ station, window, allDay }, i) => {
    const tanks = tanksOf.get(i);
    if (!tanks) return;
    rows.push({
      stationId: station.id,
      stationName: station.name,
      stationCode: station.code,
      companyName: station.companyName,
      timezone: station.timezone,
      volumeUnit: station.volumeUnit,
      tempUnit: station.tempUnit,
      day: window.day,
      shiftNo: window.shiftNo,
      shiftName: allDay ? allDayName : window.name,
      shiftStart: timeOfDay(window.startMinute),
      allDay,
      startMs: window.startMs,
      endMs: window.endMs,
      inProgress: window.endMs > nowMs,
      tanks,
      ...sumSales(tanks),
    });
  });
  rows.sort(order(stationRanks(rows)));

  const all = rows.flatMap((r) => r.tanks);
  const products = new Map<string, TankShift[]>();
  for (const t of all) {
    const key = `${t.productId ?? ''}`;
    const list = products.get(key);
    if (list) list.push(t);
    else products.set(key, [t]);
  }
  const units = new Set(rows.map((r) => unitOf(r.volumeUnit)));
  const totals: ShiftSalesTotals = {
    shifts: rows.length,
    ...sumSales(all),
    products: [...products.values()]
      .map((tanks) => ({ productId: tanks[0]!.productId, productName: tanks[0]!.productName, productColor: tanks[0]!.productColor, ...sumSales(tanks) }))
      .sort((a, b) => (a.productName ?? '').localeCompare(b.productName ?? '')),
    volumeUnit: units.size === 1 ? [...units][0]! : 1,
  };
  const { limit, offset } = pageOf(query);
  const list = rows.slice(offset, offset + limit).map((r, i) => rowOf(r, offset + i + 1));
  /** Every row written out, numbered from 1 (the export), up to `max`. */
  const allRows = (max: number) => rows.slice(0, max).map((r, i) => rowOf(r, i + 1));
  return { list, total: rows.length, totals, allRows };
}

function edgeBounds(window: { startMs: number; endMs: number }) {
  const search = edgeSearch(window);
  return { startMs: window.startMs, startToMs: search.startToMs, endFromMs: search.endFromMs, endMs: window.endMs };
}

const readingOf = (r: repo.ReadingRaw): DetailReading => ({
  ts: iso(r.ts),
  productHeightMm: r.product_height_mm,
  waterHeightMm: r.water_height_mm,
  temperatureC: r.temperature_c,
  volumeL: r.volume_l,
  tcVolumeL: r.tc_volume_l,
});

/**
 * The figure of one station, tank and shift and what it is made of: the start and end readings,
 * the deliveries counted, and how many readings the shift holds.
 */
export async function salesDetail(db: Db, user: AuthUser, query: SalesDetailQuery, now: Date, allDayName: string): Promise<SalesDetail> {
  const station = await visibleStation(db, user, query.stationId);
  const problems: FieldRule[] = [];
  const tank = await repo.findTank(db, station.id, query.tankId);
  if (!tank) problems.push({ field: 'tankId', rule: 'rule.unknownTank', labelKey: LABELS.tankId });
  if (!isDay(query.day)) problems.push({ field: 'day', rule: 'rule.shiftDayFormat', labelKey: LABELS.day });
  const minute = parseTimeOfDay(query.shift);
  const configured = (await repo.shiftsOf(db, [station.id])).get(station.id) ?? [];
  const shifts = orderedShifts(configured);
  if (minute === null) problems.push({ field: 'shift', rule: 'rule.timeOfDay', labelKey: LABELS.shift });
  else if (!shifts.some((s) => s.startMinute === minute)) problems.push({ field: 'shift', rule: 'rule.notStationShift', labelKey: LABELS.shift });
  assertValid(problems);
  const window = shiftWindows(query.day, shifts, station.timezone).find((w) => w.startMinute === minute)!;
  const search = edgeSearch(window);
  const inProgress = window.endMs > now.getTime();
  const [start, end, deliveries, count] = await Promise.all([
    repo.edgeReading(db, tank!.id, search.startFromMs, search.startToMs, 'first'),
    // A shift still running has no end reading yet (see tankFiguresOf).
    inProgress ? Promise.resolve(undefined) : repo.edgeReading(db, tank!.id, search.endFromMs, search.endToMs, 'last'),
    repo.deliveriesAround(db, [tank!.id], window.startMs, window.endMs),
    repo.readingCount(db, tank!.id, window.startMs, window.endMs),
  ]);
  // Each delivery as the part of it the shift counts (a drop across a shift change is cut at the start or end reading).
  const counted = deliveriesInShift(
    deliveries.map((d) => ({ ...spanOf(d), raw: d })),
    window,
    start ? readingAt(msOf(start.ts), start.volume_l) : null,
    end ? readingAt(msOf(end.ts), end.volume_l) : null,
  );
  const deliveredL = deliveredVolumeL(counted);
  return {
    station: { id: station.id, name: station.name, code: station.code, companyName: station.companyName, timezone: station.timezone, volumeUnit: station.volumeUnit, tempUnit: station.tempUnit },
    tank: { id: tank!.id, code: tank!.code, productName: tank!.product_name, productColor: tank!.product_color },
    shift: {
      day: window.day,
      shiftNo: window.shiftNo,
      name: configured.length === 0 ? allDayName : window.name,
      start: timeOfDay(window.startMinute),
      allDay: configured.length === 0,
      startsAt: iso(window.startMs),
      endsAt: iso(window.endMs),
      inProgress,
    },
    startSearch: { from: iso(search.startFromMs), to: iso(search.startToMs) },
    endSearch: { from: iso(search.endFromMs), to: iso(search.endToMs) },
    startReading: start ? readingOf(start) : null,
    endReading: end ? readingOf(end) : null,
    deliveries: counted.map(({ delivery: { raw: d }, part }) => ({
      id: Number(d.id),
      source: d.source,
      startedAt: iso(part.fromMs),
      endedAt: iso(part.toMs),
      startVolumeL: part.fromVolumeL,
      endVolumeL: part.toVolumeL,
      deliveredL: part.deliveredL,
    })),
    deliveredL,
    salesL: shiftSalesL(start?.volume_l ?? null, end?.volume_l ?? null, deliveredL),
    missingStart: !start,
    missingEnd: !end && !inProgress,
    readingCount: count,
  };
}

/** A page of the shift's readings, each with its change from the one before, its role and whether a delivery was dropping. */
export async function salesReadings(db: Db, user: AuthUser, query: SalesReadingsQuery, now: Date, allDayName: string) {
  if (query.sortField !== undefined && query.sortField !== 'ts') assertValid([{ field: 'sortField', rule: 'rule.invalid' }]);
  const detail = await salesDetail(db, user, query, now, allDayName);
  const rows = await repo.readingsPage(db, detail.tank.id, Date.parse(detail.shift.startsAt), Date.parse(detail.shift.endsAt), query.sortOrder === 'descend' ? 'desc' : 'asc', pageOf(query));
  const list: SalesReadingRow[] = rows.map((r) => {
    const reading = readingOf(r);
    const isStart = detail.startReading?.ts === reading.ts;
    const isEnd = detail.endReading?.ts === reading.ts;
    return {
      id: Number(r.n),
      ...reading,
      changeL: r.change_l === null ? null : roundLitres(r.change_l),
      role: isStart && isEnd ? 'startEnd' : isStart ? 'start' : isEnd ? 'end' : null,
      inDelivery: detail.deliveries.some((d) => reading.ts >= d.startedAt && reading.ts <= d.endedAt),
    };
  });
  return { detail, list, total: detail.readingCount };
}
