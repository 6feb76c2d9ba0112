import { sql } from 'drizzle-orm';
import { DEFAULT_FILL_PCT, DEFAULT_ORDER_IN_HOURS, FORECAST_SORT_FIELDS, type ForecastListQuery, type ForecastRow } from '@ullage/contracts/forecast';
import { FORECAST_RULES, forecastTank, hourlyDerivedSales, meteredHourSales, meteringBeganMs, productShares, runOutTargetOf, salesProfile, thresholdVolumeL, type Forecast, type HourSales, type SalesProfile } from '@ullage/domain/forecast';
import type { Db } from '../../db/client';
import { groupBy } from '../../lib/group-by';
import { pgArray, rawRows } from '../../lib/raw-sql';
import { placeRanks, sortRowsBy, textRanks, type SortValue } from '../../lib/sort-rows';
import { assertValid, type FieldRule } from '../../plugins/errors';
import type { AuthUser } from '../../sessions/auth-user';
import { tankOfRow, tanksOfReport, type ReportTank } from '../tank-days/service';
import { scopeOf } from '../scope/scope';
import { databaseNow, keepProfiles, keptProfiles, type KeptProfile, markStations } from './profile-cache';
import { deliverySpans, forecastTanks, meteredHours, type ForecastTank, type MeteredHour } from './repo';
import { hourLevels } from '../summaries/service';

export const FORECAST_FIELD_LABELS = { fillPct: 'forecast.field.fillPct', deliverAt: 'forecast.field.deliverAt', withinHours: 'forecast.field.withinHours' } as const;
/** The tanker may be asked for at most this far ahead (the projection's own reach for an order). */
/** Marks these stations' kept run-out profiles doubtful: the next forecast computes them again (the demo's history replay, at its end). */
export const forgetProfilesOf = (db: Db, stationIds: readonly number[]) => markStations(db, stationIds);

export const DELIVER_AT_MAX_DAYS = 90;

const HOUR_MS = 3_600_000;
const WEEK_MS = 7 * 24 * HOUR_MS;

export interface TankForecast {
  tank: ForecastTank;
  profile: SalesProfile | null;
  source: 'metered' | 'derived';
  forecast: Forecast | null;
}

type Metered = Awaited<ReturnType<typeof meteredHours>>;

/** A tank's sales hours: metered where its station meters it (directly or through its product), derived from the level otherwise. */
function salesHoursOf(
  tank: ForecastTank,
  derived: ReadonlyMap<number, HourSales[]>,
  metered: { byStation: ReadonlyMap<number, readonly MeteredHour[]>; spans: Metered['spans'] },
  shares: ReadonlyMap<number, number>,
  fromMs: number,
  toMs: number,
): { source: 'metered' | 'derived'; hours: HourSales[] } {
  const own = `t${tank.tankId}`;
  const product = tank.productId === null ? null : `p${tank.productId}`;
  const byHour = new Map<number, number>();
  for (const m of metered.byStation.get(tank.stationId) ?? []) {
    const part = m.target === own ? 1 : m.target === product ? (shares.get(tank.tankId) ?? 0) : 0;
    if (part > 0) byHour.set(m.hourMs, (byHour.get(m.hourMs) ?? 0) + m.salesL * part);
  }
  const span = metered.spans.get(tank.stationId);
  if (byHour.size === 0 || span === undefined) return { source: 'derived', hours: derived.get(tank.tankId) ?? [] };
  return { source: 'metered', hours: meteredHourSales(byHour, meteringBeganMs(span.lastBeforeMs, span.firstMs), fromMs, toMs) };
}

/** The other tanks of the same stations and products: a product's metered sales are shared among all of them. */
async function siblingsOf(db: Db, tanks: readonly ForecastTank[]): Promise<{ tankId: number; stationId: number; productId: number }[]> {
  const keyed = tanks.filter((t) => t.productId !== null);
  if (keyed.length === 0) return [];
  return rawRows<{ tankId: number; stationId: number; productId: number }>(
    db,
    sql`select id as "tankId", station_id as "stationId", product_id as "productId" from tanks
        where station_id = any(${pgArray([...new Set(keyed.map((t) => t.stationId))])}::int[]) and product_id is not null`,
  );
}

/** Forecasts of these tanks as of `nowMs`, with an order to `fillPct` % at `deliverAtMs`. */
export async function forecastsOf(db: Db, tankIds: readonly number[], nowMs: number, order: { fillPct: number; deliverAtMs: number }): Promise<TankForecast[]> {
  const tanks = await forecastTanks(db, tankIds);
  if (tanks.length === 0) return [];
  const profiles = await profilesOf(db, tanks, nowMs);
  return tanks.map((tank) => {
    const { source, profile } = profiles.get(tank.tankId)!;
    if (!profile || tank.volumeL === null || tank.asOfMs === null) return { tank, profile, source, forecast: null };
    const geometry = { strapping: tank.strapping, heightMm: tank.heightMm, capacityL: tank.capacityL };
    const forecast = forecastTank(profile, {
      volumeL: tank.volumeL,
      asOfMs: tank.asOfMs,
      capacityL: tank.capacityL,
      lowWarningL: thresholdVolumeL(tank.lowWarnMm, geometry, tank.waterVolumeL),
      lowAlarmL: thresholdVolumeL(tank.lowAlarmMm, geometry, tank.waterVolumeL),
      fillPct: order.fillPct,
      deliverAtMs: order.deliverAtMs,
      timezone: tank.timezone,
    });
    return { tank, profile, source, forecast };
  });
}

/**
 * The tanks' sales profiles as of the hour of `nowMs`: those kept for the hour (profile-cache.ts)
 * and the rest computed from the data, then kept. A profile depends on the whole hour only.
 */
async function profilesOf(db: Db, tanks: readonly ForecastTank[], nowMs: number): Promise<Map<number, KeptProfile>> {
  const toMs = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
  const ids = tanks.map((t) => t.tankId);
  let finishedBefore = finished.get(db) ?? 0;
  let kept = await keptProfiles(db, ids, toMs);
  let missing = tanks.filter((t) => !kept.has(t.tankId));
  // In the first minute of an hour every profile is missing, and each caller computing all of
  // them beside the others (seconds of CPU each at a distributor's size) made every one wait
  // longer. A call that finds a computation under way that it may wait for (waitsFor) waits,
  // then reads what it kept — the marks still judge those — and computes only what is missing.
  // One that finished while this call's read was under way (its read may predate the keeping)
  // is read once more for the same reason rather than computed again.
  for (let running = computing.get(db), readAgain = true; missing.length > 0; running = computing.get(db)) {
    if (running && waitsFor(missing.length, running.tanks)) await running.done.catch(() => undefined);
    else if (readAgain && (finished.get(db) ?? 0) !== finishedBefore) readAgain = false;
    else break;
    finishedBefore = finished.get(db) ?? 0;
    kept = await keptProfiles(db, ids, toMs);
    missing = tanks.filter((t) => !kept.has(t.tankId));
  }
  if (missing.length === 0) return kept;
  const done = (async () => {
    const computedAt = await databaseNow(db);
    const computed = await computeProfiles(db, missing, nowMs);
    await keepProfiles(db, missing.map((t) => ({ tankId: t.tankId, stationId: t.stationId, ...computed.get(t.tankId)! })), toMs, computedAt);
    return computed;
  })();
  const computation = { tanks: missing.length, done };
  // A small computation beside a large one does not take its place: the larger is the one to wait for.
  const running = computing.get(db);
  if (!running || running.tanks <= computation.tanks) computing.set(db, computation);
  try {
    for (const [id, p] of await done) kept.set(id, p);
  } finally {
    if (computing.get(db) === computation) computing.delete(db);
    finished.set(db, (finished.get(db) ?? 0) + 1);
  }
  return kept;
}

/**
 * Whether a call missing `missing` profiles waits for a computation of `running` tanks rather
 * than computing its own: only when its own would be at least half as large. A station's monitor
 * (a few tanks) computes its own in milliseconds rather than wait the seconds the run-out job's
 * round over the whole fleet takes; a company's home waits for the administrator's.
 */
export const waitsFor = (missing: number, running: number) => missing * 2 >= running;

/** The largest profile computation under way on each database (profilesOf), in this process. */
const computing = new WeakMap<Db, { tanks: number; done: Promise<unknown> }>();
/** How many profile computations have ended on each database, in this process: a call tells by it whether one ended during its read. */
const finished = new WeakMap<Db, number>();

/** The tanks' profiles from four weeks of their hourly levels and their stations' metered sales. */
async function computeProfiles(db: Db, tanks: readonly ForecastTank[], nowMs: number): Promise<Map<number, KeptProfile>> {
  const toMs = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
  const fromMs = toMs - FORECAST_RULES.maxWeeks * WEEK_MS;
  const metered = await meteredHours(db, [...new Set(tanks.map((t) => t.stationId))], fromMs, toMs);
  const siblings = metered.hours.length > 0 ? await siblingsOf(db, tanks) : [];
  const derivedIds = [...new Set([...tanks.map((t) => t.tankId), ...siblings.map((s) => s.tankId)])];
  // An hour's sales run from the hour before's last reading: one more hour is read before the window.
  const levels = await hourLevels(db, derivedIds, fromMs - HOUR_MS, toMs);
  const deliveries = await deliverySpans(db, derivedIds, fromMs - HOUR_MS, toMs);
  const derived = new Map(derivedIds.map((id) => [id, hourlyDerivedSales(levels.get(id) ?? [], deliveries.get(id) ?? []).filter((h) => h.hourMs >= fromMs)]));
  // Each tank's share of its product's metered sales at its station, by the level's falls over the window.
  const shares = new Map<number, number>();
  const groups = new Map<string, Map<number, number>>();
  for (const s of siblings) {
    const key = `${s.stationId}:${s.productId}`;
    const total = (derived.get(s.tankId) ?? []).reduce((sum, h) => sum + (h.salesL ?? 0), 0);
    groups.set(key, (groups.get(key) ?? new Map()).set(s.tankId, total));
  }
  for (const g of groups.values()) for (const [id, share] of productShares(g)) shares.set(id, share);

  // Each tank reads its own station's metered hours, not the whole scope's (at 1,000 tanks that was 10⁸ steps a call).
  const meteredByStation = { byStation: groupBy(metered.hours, (m) => m.stationId), spans: metered.spans };
  return new Map(
    tanks.map((tank) => {
      const { source, hours } = salesHoursOf(tank, derived, meteredByStation, shares, fromMs, toMs);
      return [tank.tankId, { source, profile: salesProfile(hours, nowMs, tank.timezone) }] as const;
    }),
  );
}

const iso = (ms: number) => new Date(ms).toISOString();
const at = (asOfMs: number | null, hours: number | null) => (asOfMs === null || hours === null ? null : iso(asOfMs + hours * HOUR_MS));

/** The order the query asks for, checked: a tanker due in the past or beyond the reach is refused naming deliverAt. */
function orderOf(query: ForecastListQuery, nowMs: number) {
  const deliverAtMs = query.deliverAt === undefined ? nowMs + DEFAULT_ORDER_IN_HOURS * HOUR_MS : Date.parse(query.deliverAt);
  const problems: FieldRule[] = [];
  // An hour's grace: a form filled a little while ago still names "now".
  if (deliverAtMs < nowMs - HOUR_MS) problems.push({ field: 'deliverAt', rule: 'forecast.rule.deliverAtPast', labelKey: FORECAST_FIELD_LABELS.deliverAt });
  else if (deliverAtMs > nowMs + DELIVER_AT_MAX_DAYS * 24 * HOUR_MS) problems.push({ field: 'deliverAt', rule: 'forecast.rule.deliverAtFar', labelKey: FORECAST_FIELD_LABELS.deliverAt, params: { days: DELIVER_AT_MAX_DAYS } });
  if (query.sortField !== undefined && !(FORECAST_SORT_FIELDS as readonly string[]).includes(query.sortField)) problems.push({ field: 'sortField', rule: 'rule.invalid' });
  assertValid(problems);
  return { fillPct: query.fillPct ?? DEFAULT_FILL_PCT, deliverAtMs };
}

/** A tank's forecast and where it is: a row of the list before it is made (rowOf). */
interface Forecasted {
  f: TankForecast;
  place: ReportTank;
}

/**
 * Sorts by the column (unknown last either way), then station and tank as people read them:
 * places and text ranked once, so a fleet's thousands of tanks without a figure to tell them
 * apart are not told apart by a collator's compare each time.
 */
function sortForecasts(items: Forecasted[], sortField: string | undefined, descend: boolean): Forecasted[] {
  const field = (sortField ?? 'hoursToRunOut') as (typeof FORECAST_SORT_FIELDS)[number];
  const rank = placeRanks(new Map(items.map((x) => [x.place.tankId, x.place])));
  const texts = field === 'stationName' || field === 'tankCode' ? textRanks(items.map((x) => x.place[field])) : null;
  const value = (x: Forecasted): SortValue => (texts ? texts.get(x.place[field as 'stationName' | 'tankCode'])! : (x.f.forecast?.[field as Exclude<typeof field, 'stationName' | 'tankCode'>] ?? null));
  return sortRowsBy(items, value, descend, (a, b) => rank.get(a.place.tankId)! - rank.get(b.place.tankId)!);
}

/** A row of the list, made only for the rows sent. */
function rowOf({ f: { tank, profile, source, forecast: f }, place }: Forecasted, order: { fillPct: number; deliverAtMs: number }): ForecastRow {
  return {
    ...tankOfRow(place),
    capacityL: tank.capacityL,
    volumeL: tank.volumeL,
    asOf: tank.asOfMs === null ? null : iso(tank.asOfMs),
    hoursToLowWarning: f?.hoursToLowWarning ?? null,
    hoursToLowAlarm: f?.hoursToLowAlarm ?? null,
    hoursToEmpty: f?.hoursToEmpty ?? null,
    lowWarningAt: at(tank.asOfMs, f?.hoursToLowWarning ?? null),
    lowAlarmAt: at(tank.asOfMs, f?.hoursToLowAlarm ?? null),
    emptyAt: at(tank.asOfMs, f?.hoursToEmpty ?? null),
    lowWarningSet: tank.lowWarnMm !== null,
    lowAlarmSet: tank.lowAlarmMm !== null,
    runOutTarget: runOutTargetOf(tank.lowAlarmMm),
    hoursToRunOut: f?.hoursToRunOut ?? null,
    runOutAt: at(tank.asOfMs, f?.hoursToRunOut ?? null),
    suggestedOrderL: f?.suggestedOrderL ?? null,
    fillPct: order.fillPct,
    deliverAt: iso(order.deliverAtMs),
    next24hSalesL: f?.next24hSalesL ?? null,
    basis: { source, weeks: profile?.weeks ?? 0, days: profile?.days ?? 0 },
  };
}

/** The forecasts of the caller's tanks, filtered, sorted (default: soonest to run out first) and counted: the asked page's rows, and how many there are. */
export async function forecastList(db: Db, user: AuthUser, query: ForecastListQuery, nowMs: number): Promise<{ rows: ForecastRow[]; total: number }> {
  const order = orderOf(query, nowMs);
  const places = new Map((await tanksOfReport(db, scopeOf(user), query)).map((t) => [t.tankId, t]));
  const forecasts = await forecastsOf(db, [...places.keys()], nowMs, order);
  let items: Forecasted[] = forecasts.map((f) => ({ f, place: places.get(f.tank.tankId)! }));
  const within = query.withinHours;
  if (within !== undefined) items = items.filter(({ f }) => f.forecast !== null && f.forecast.hoursToRunOut !== null && f.forecast.hoursToRunOut <= within);
  sortForecasts(items, query.sortField, query.sortOrder === 'descend');
  const { page, pageSize } = query;
  return { rows: items.slice((page - 1) * pageSize, page * pageSize).map((x) => rowOf(x, order)), total: items.length };
}
