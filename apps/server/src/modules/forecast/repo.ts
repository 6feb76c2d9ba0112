import { sql } from 'drizzle-orm';
import { RUN_OUT_ALARM_CODE } from '@ullage/domain/forecast';
import type { StrappingPoint } from '@ullage/domain/strapping';
import type { Db } from '../../db/client';
import { pgArray, rawRows } from '../../lib/raw-sql';
import type { AlarmTank } from '../alarms/service';

/** A tank as the forecast needs it: geometry and thresholds, its latest state, its company's horizon, and where to raise an alarm. */
export interface ForecastTank extends AlarmTank {
  productId: number | null;
  capacityL: number;
  heightMm: number;
  strapping: StrappingPoint[];
  lowWarnMm: number | null;
  lowAlarmMm: number | null;
  horizonHours: number;
  volumeL: number | null;
  waterVolumeL: number | null;
  asOfMs: number | null;
}

export async function forecastTanks(db: Db, tankIds: readonly number[]): Promise<ForecastTank[]> {
  if (tankIds.length === 0) return [];
  const rows = await rawRows<Record<string, unknown>>(
    db,
    sql`select t.id, t.code, t.station_id, s.name as station_name, t.company_id, t.distributor_id, t.product_id, s.timezone,
          t.volume_l as capacity_l, t.height_mm, t.strapping, t.low_oil_warn_mm, t.low_oil_alarm_mm, c.run_out_horizon_hours,
          tl.volume_l, tl.water_volume_l, tl.ts
        from tanks t join stations s on s.id = t.station_id join companies c on c.id = t.company_id
        left join tank_latest tl on tl.tank_id = t.id
        where t.id = any(${pgArray(tankIds)}::int[])`,
  );
  return rows.map((r) => ({
    tankId: r.id as number,
    tankCode: r.code as string,
    stationId: r.station_id as number,
    stationName: r.station_name as string,
    companyId: r.company_id as number,
    distributorId: r.distributor_id as number,
    productId: (r.product_id as number | null) ?? null,
    timezone: r.timezone as string,
    capacityL: r.capacity_l as number,
    heightMm: r.height_mm as number,
    strapping: (typeof r.strapping === 'string' ? JSON.parse(r.strapping) : r.strapping) as StrappingPoint[],
    lowWarnMm: (r.low_oil_warn_mm as number | null) ?? null,
    lowAlarmMm: (r.low_oil_alarm_mm as number | null) ?? null,
    horizonHours: r.run_out_horizon_hours as number,
    volumeL: (r.volume_l as number | null) ?? null,
    waterVolumeL: (r.water_volume_l as number | null) ?? null,
    asOfMs: r.ts == null ? null : new Date(r.ts as string).getTime(),
  }));
}

/**
 * Per tank, its deliveries overlapping [fromMs, toMs), each widened by half an hour after its
 * end: the level settles (waves, the warm drop cooling) before a fall is a sale again. One
 * still under way ends now.
 */
export async function deliverySpans(db: Db, tankIds: readonly number[], fromMs: number, toMs: number): Promise<Map<number, { startMs: number; endMs: number }[]>> {
  const out = new Map<number, { startMs: number; endMs: number }[]>();
  if (tankIds.length === 0) return out;
  const rows = await rawRows<{ tank_id: number; s: number; e: number | null }>(
    db,
    sql`select tank_id, extract(epoch from started_at)::float8 * 1000 as s, extract(epoch from ended_at)::float8 * 1000 as e
        from deliveries where tank_id = any(${pgArray(tankIds)}::int[])
          and started_at < ${new Date(toMs).toISOString()}::timestamptz
          and (ended_at is null or ended_at >= ${new Date(fromMs).toISOString()}::timestamptz)`,
  );
  for (const r of rows) {
    let list = out.get(r.tank_id);
    if (!list) out.set(r.tank_id, (list = []));
    list.push({ startMs: r.s, endMs: (r.e ?? toMs) + 30 * 60_000 });
  }
  return out;
}

/** Metered sales per station, target ('t<tank>' or 'p<product>') and UTC hour, L. */
export interface MeteredHour {
  stationId: number;
  target: string;
  hourMs: number;
  salesL: number;
}

/** When a station's metering began, as the window sees it (meteringBeganMs). */
export interface MeteringSpan {
  /** Its last metered record before the window; null when none. */
  lastBeforeMs: number | null;
  /** Its first metered record in the window. */
  firstMs: number;
}

/**
 * The stations' metered sales by target and hour in [fromMs, toMs): transactions (metered_sales)
 * and totaliser rises (meter_totals: each rise between a meter's consecutive readings, booked
 * at the later one; a fall — a meter reset or replaced — is no sale). Also, for each station
 * with sales in the window, its last record before the window and its first in it, so the hours
 * before its metering began are not read as hours without sales, and a window's quiet first
 * hours at a station metering since before it are.
 */
export async function meteredHours(db: Db, stationIds: readonly number[], fromMs: number, toMs: number): Promise<{ hours: MeteredHour[]; spans: Map<number, MeteringSpan> }> {
  if (stationIds.length === 0) return { hours: [], spans: new Map() };
  const ids = pgArray(stationIds);
  const from = new Date(fromMs).toISOString();
  const to = new Date(toMs).toISOString();
  const rows = await rawRows<{ station_id: number; target: string; h: number; sales_l: number }>(
    db,
    sql`with sales as (
          select station_id, target, ts, volume_l as v from metered_sales
          where station_id = any(${ids}::int[]) and ts >= ${from}::timestamptz and ts < ${to}::timestamptz
          union all
          select station_id, target, ts, total_l - prev as v from (
            select station_id, target, ts, total_l, lag(total_l) over (partition by station_id, meter order by ts) as prev
            from meter_totals where station_id = any(${ids}::int[]) and ts >= ${from}::timestamptz - interval '1 day' and ts < ${to}::timestamptz) m
          where prev is not null and total_l > prev and ts >= ${from}::timestamptz)
        select station_id, target, extract(epoch from date_bin(interval '1 hour', ts, timestamptz '2000-01-01T00:00:00Z'))::float8 * 1000 as h, sum(v)::float8 as sales_l
        from sales group by 1, 2, 3`,
  );
  if (rows.length === 0) return { hours: [], spans: new Map() };
  // Each record is one step along a table's (station_id, ts) index, not a scan of the window.
  const metering = pgArray([...new Set(rows.map((r) => r.station_id))]);
  const edges = await rawRows<{ station_id: number; b: number | null; f: number | null }>(
    db,
    sql`select s.id as station_id,
          extract(epoch from greatest(
            (select ts from metered_sales where station_id = s.id and ts < ${from}::timestamptz order by ts desc limit 1),
            (select ts from meter_totals where station_id = s.id and ts < ${from}::timestamptz order by ts desc limit 1)))::float8 * 1000 as b,
          extract(epoch from least(
            (select ts from metered_sales where station_id = s.id and ts >= ${from}::timestamptz and ts < ${to}::timestamptz order by ts limit 1),
            (select ts from meter_totals where station_id = s.id and ts >= ${from}::timestamptz and ts < ${to}::timestamptz order by ts limit 1)))::float8 * 1000 as f
        from unnest(${metering}::int[]) as s(id)`,
  );
  return {
    hours: rows.map((r) => ({ stationId: r.station_id, target: r.target, hourMs: r.h, salesL: r.sales_l })),
    spans: new Map(edges.flatMap((r) => (r.f === null ? [] : [[r.station_id, { lastBeforeMs: r.b, firstMs: r.f }] as const]))),
  };
}

/** Tanks among these with an active run-out alarm. */
export async function tanksInRunOutAlarm(db: Db, tankIds: readonly number[]): Promise<Set<number>> {
  if (tankIds.length === 0) return new Set();
  const rows = await rawRows<{ tank_id: number }>(
    db,
    sql`select distinct tank_id from alarms where tank_id = any(${pgArray(tankIds)}::int[]) and ended_at is null and kind = 'level' and code = ${RUN_OUT_ALARM_CODE}`,
  );
  return new Set(rows.map((r) => r.tank_id));
}

/** Every tank with a reading, for the job's round (the tanks it cannot forecast have nothing to alarm about). */
export async function tanksWithReadings(db: Db): Promise<number[]> {
  const rows = await rawRows<{ tank_id: number }>(db, sql`select tank_id from tank_latest order by tank_id`);
  return rows.map((r) => r.tank_id);
}
