import { sql, type SQL } from 'drizzle-orm';
import type { DailyInventoryQuery } from '@ullage/contracts/inventory-report';
import { DELIVERY_LOOKBACK_MS } from '@ullage/domain/delivery-parts';
import { earliestDayStartMs } from '@ullage/domain/station-day';
import type { Db } from '../../db/client';
import { countedDelivery } from '../../lib/counted-deliveries';
import { likePattern } from '../../lib/list';
import { inParallelChunks } from '../../lib/parallel-chunks';
import { epochMs, pgArray, rawRows } from '../../lib/raw-sql';
import { boundsOf, readingsBetween } from '../../lib/readings-between';
import { scopeOn, type Scope } from '../scope/scope';
import { tankPlaceOf, type TankPlaceRaw } from '../../lib/report-place';

export type TankFilter = Pick<DailyInventoryQuery, 'distributorId' | 'companyId' | 'areaId' | 'stationId' | 'tankId' | 'productId' | 'q'>;

/** A tank as the reports need it: its station (zone), company (units), product, and since when it has days. */
/** A tank in the report, where it is (lib/report-place.ts). */
export type ReportTank = ReturnType<typeof tankPlaceOf<string>> & {
  /** The earlier of its creation and its first reading: no report day ends before it. */
  sinceMs: number;
};

interface TankRaw extends TankPlaceRaw {
  since_ms: number;
}

/** A tank's first day begins at the earlier of its creation and its first reading. */
const FIRST_OF_TANK = sql.raw(epochMs('least(t.created_at, (select r.ts from tank_readings r where r.tank_id = t.id order by r.ts limit 1))'));
const CREATED_OF_TANK = sql.raw(epochMs('t.created_at'));

const ms = (v: Date | string | number) => new Date(v).getTime();
const iso = (v: number) => new Date(v).toISOString();

/**
 * The tanks in scope that match the filters (the first reading is one probe of the (tank, ts) key).
 * `fromDay`, the first day the caller asks about: a tank created before that day began anywhere
 * has all of the asked days whatever its first reading, so it is not probed and its `sinceMs` is
 * its creation — a 5,000-tank fleet's probes were 125 ms of the database's time a call. Only
 * callers that look at no day before `fromDay` may pass it.
 */
export async function tanksOfReport(db: Db, scope: Scope, f: TankFilter, fromDay?: string): Promise<ReportTank[]> {
  const parts: SQL[] = [scopeOn(scope, 't')];
  if (f.distributorId !== undefined) parts.push(sql`t.distributor_id = ${f.distributorId}`);
  if (f.companyId !== undefined) parts.push(sql`t.company_id = ${f.companyId}`);
  if (f.areaId !== undefined) parts.push(sql`s.area_id = ${f.areaId}`);
  if (f.stationId !== undefined) parts.push(sql`t.station_id = ${f.stationId}`);
  if (f.tankId !== undefined) parts.push(sql`t.id = ${f.tankId}`);
  if (f.productId !== undefined) parts.push(sql`t.product_id = ${f.productId}`);
  if (f.q) parts.push(sql`(s.name ilike ${likePattern(f.q)} or s.code ilike ${likePattern(f.q)})`);
  const rows = await rawRows<TankRaw>(
    db,
    sql`select t.id as tank_id, t.code as tank_code, p.name as product_name, p.color as product_color,
          s.id as station_id, s.name as station_name, s.code as station_code, s.timezone,
          c.name as company_name, c.volume_unit, c.temp_unit,
          ${fromDay === undefined ? FIRST_OF_TANK : sql`case when t.created_at < ${iso(earliestDayStartMs(fromDay))}::timestamptz then ${CREATED_OF_TANK} else ${FIRST_OF_TANK} end`} as since_ms
        from tanks t
        join stations s on s.id = t.station_id
        join companies c on c.id = t.company_id
        left join products p on p.id = t.product_id
        where ${sql.join(parts, sql` and `)}`,
  );
  return rows.map((r) => ({ ...tankPlaceOf(r), sinceMs: r.since_ms }));
}

/** One tank and one station day, [startMs, endMs). */
export interface TankDayWindow {
  tankId: number;
  startMs: number;
  endMs: number;
}

export interface EdgeReading {
  tsMs: number;
  volumeL: number;
  heightMm: number;
  waterHeightMm: number;
  temperatureC: number;
}

/** A tank day's first and last reading as columns (the edge probes here, and the stored books of books-repo.ts). */
export interface EdgeColumns {
  /** A timestamp, or its epoch milliseconds (cheaper to parse by the thousand). */
  first_ts: Date | string | number | null;
  first_volume_l: number | null;
  first_height_mm: number | null;
  first_water_mm: number | null;
  first_temperature_c: number | null;
  last_ts: Date | string | number | null;
  last_volume_l: number | null;
  last_height_mm: number | null;
  last_water_mm: number | null;
  last_temperature_c: number | null;
}

interface EdgeRaw extends EdgeColumns {
  k: number;
}

const edgeOf = (ts: Date | string | number | null, volumeL: number | null, heightMm: number | null, waterHeightMm: number | null, temperatureC: number | null): EdgeReading | null =>
  ts === null ? null : { tsMs: ms(ts), volumeL: Number(volumeL), heightMm: Number(heightMm), waterHeightMm: Number(waterHeightMm), temperatureC: Number(temperatureC) };

/** The first and last reading of a row of EdgeColumns. */
export const edgesOf = (r: EdgeColumns): { first: EdgeReading | null; last: EdgeReading | null } => ({
  first: edgeOf(r.first_ts, r.first_volume_l, r.first_height_mm, r.first_water_mm, r.first_temperature_c),
  last: edgeOf(r.last_ts, r.last_volume_l, r.last_height_mm, r.last_water_mm, r.last_temperature_c),
});

/**
 * The first and the last reading of each tank day, in the order of `days`: two probes of the
 * readings' (tank_id, ts) key per day, whatever the number of readings.
 */
export async function dayEdges(db: Db, days: readonly TankDayWindow[]): Promise<{ first: EdgeReading | null; last: EdgeReading | null }[]> {
  const out = days.map(() => ({ first: null as EdgeReading | null, last: null as EdgeReading | null }));
  if (days.length === 0) return out;
  const within = readingsBetween('r', days.map((d) => ({ fromMs: d.startMs, toMs: d.endMs })));
  const rows = await rawRows<EdgeRaw>(
    db,
    sql`with w as (
          select * from unnest(${pgArray(days.map((d) => d.tankId))}::int[], ${pgArray(days.map((d) => iso(d.startMs)))}::timestamptz[], ${pgArray(days.map((d) => iso(d.endMs)))}::timestamptz[])
            with ordinality as w(tank_id, starts_at, ends_at, k)
        )
        select w.k::int as k,
          ${sql.raw(epochMs('f.ts'))} as first_ts, f.volume_l as first_volume_l, f.product_height_mm as first_height_mm, f.water_height_mm as first_water_mm, f.temperature_c as first_temperature_c,
          ${sql.raw(epochMs('l.ts'))} as last_ts, l.volume_l as last_volume_l, l.product_height_mm as last_height_mm, l.water_height_mm as last_water_mm, l.temperature_c as last_temperature_c
        from w
        left join lateral (
          select r.ts, r.volume_l, r.product_height_mm, r.water_height_mm, r.temperature_c from tank_readings r
          where r.tank_id = w.tank_id and r.ts >= w.starts_at and r.ts < w.ends_at and ${within} order by r.ts limit 1
        ) f on true
        left join lateral (
          select r.ts, r.volume_l, r.product_height_mm, r.water_height_mm, r.temperature_c from tank_readings r
          where r.tank_id = w.tank_id and r.ts >= w.starts_at and r.ts < w.ends_at and ${within} order by r.ts desc limit 1
        ) l on true`,
  );
  for (const r of rows) out[r.k - 1] = edgesOf(r);
  return out;
}

/** One tank over a stretch of time (its days back to back). */
export interface TankSpan {
  tankId: number;
  fromMs: number;
  toMs: number;
}

export interface GapRaw {
  tankId: number;
  fromMs: number;
  toMs: number;
}

/**
 * Consecutive readings of each tank more than `gapMs` apart within its span: `lag(ts)` over an
 * index-only range scan of the (tank_id, ts) key, one tank at a time (so no sort is needed),
 * and only the gaps leave the database. This is the report's one full pass over the readings
 * (1,440 a tank-day at 1-minute resolution), so many tanks are split over a few connections
 * that the database runs on its cores at once.
 */
export async function readingGaps(db: Db, spans: readonly TankSpan[], gapMs: number): Promise<GapRaw[]> {
  return inParallelChunks(spans, (chunk) => readingGapsOf(db, chunk, gapMs), GAP_SCAN_SPLIT);
}

/** Statements the gap scan is split into, and the most tanks not worth splitting. */
const GAP_SCAN_SPLIT = { parallel: 4, minItems: 100 };

async function readingGapsOf(db: Db, spans: readonly TankSpan[], gapMs: number): Promise<GapRaw[]> {
  if (spans.length === 0) return [];
  // Instants as epoch milliseconds: a timestamp parsed into a Date, thousands a call, cost more than the rest of the row.
  const rows = await rawRows<{ tank_id: number; prev_ts: number; ts: number }>(
    db,
    sql`with w as (
          select * from unnest(${pgArray(spans.map((s) => s.tankId))}::int[], ${pgArray(spans.map((s) => iso(s.fromMs)))}::timestamptz[], ${pgArray(spans.map((s) => iso(s.toMs)))}::timestamptz[])
            as w(tank_id, starts_at, ends_at)
        )
        select w.tank_id, ${sql.raw(epochMs('g.prev_ts'))} as prev_ts, ${sql.raw(epochMs('g.ts'))} as ts
        from w
        join lateral (
          select x.prev_ts, x.ts from (
            select r.ts, lag(r.ts) over (order by r.ts) as prev_ts from tank_readings r
            where r.tank_id = w.tank_id and r.ts >= w.starts_at and r.ts < w.ends_at and ${readingsBetween('r', spans)}
          ) x
          where x.ts - x.prev_ts > ${`${gapMs / 1000} seconds`}::interval
        ) g on true`,
  );
  return rows.map((r) => ({ tankId: r.tank_id, fromMs: Number(r.prev_ts), toMs: Number(r.ts) }));
}

export interface DeliveryRaw {
  tankId: number;
  startedAtMs: number;
  endedAtMs: number | null;
  startVolumeL: number;
  endVolumeL: number;
}

/**
 * The deliveries of each tank that delivered into its span: those that started within it, and
 * one begun up to DELIVERY_LOOKBACK_MS before it that ended inside it (a drop across midnight);
 * the domain cuts each day's part (delivery-parts.ts). The spans' overall bounds are given as
 * values of their own, a range of the started_at key: without them the planner read every
 * delivery of the history each call (at 200 tanks with 13 months, 25 ms of a daily report's
 * week; issue 35), and a range of each tank's key instead cost 47 ms for a month of 1,000 tanks.
 */
export async function deliveriesOf(db: Db, spans: readonly TankSpan[]): Promise<DeliveryRaw[]> {
  if (spans.length === 0) return [];
  const { from: fromMs, to: toMs } = boundsOf(spans);
  const rows = await rawRows<{ tank_id: number; started_ms: number; ended_ms: number | null; start_volume_l: number; end_volume_l: number }>(
    db,
    sql`with w as (
          select * from unnest(${pgArray(spans.map((s) => s.tankId))}::int[], ${pgArray(spans.map((s) => iso(s.fromMs)))}::timestamptz[], ${pgArray(spans.map((s) => iso(s.toMs)))}::timestamptz[])
            as w(tank_id, starts_at, ends_at)
        )
        select d.tank_id, ${sql.raw(epochMs('d.started_at'))} as started_ms, ${sql.raw(epochMs('d.ended_at'))} as ended_ms, d.start_volume_l, d.end_volume_l
        from w join deliveries d on d.tank_id = w.tank_id and d.started_at >= w.starts_at - ${`${DELIVERY_LOOKBACK_MS / 1000} seconds`}::interval
          and d.started_at < w.ends_at and (d.started_at >= w.starts_at or d.ended_at > w.starts_at)
          and d.started_at >= ${iso(fromMs - DELIVERY_LOOKBACK_MS)}::timestamptz and d.started_at < ${iso(toMs)}::timestamptz and ${countedDelivery('d')}`,
  );
  return rows.map((r) => ({
    tankId: r.tank_id,
    startedAtMs: r.started_ms,
    endedAtMs: r.ended_ms,
    startVolumeL: Number(r.start_volume_l),
    endVolumeL: Number(r.end_volume_l),
  }));
}
