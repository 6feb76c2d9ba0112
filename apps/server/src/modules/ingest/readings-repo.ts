import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { numericArray, pgArray, preparedRows, useGenericPlans } from '../../lib/raw-sql';
import { chunkLocks, MERGE_LATE_READINGS } from '../summaries/service';
import type { PreparedReadings } from './reading-columns';

/** The typed columns of `layOut` (reading-columns.ts), in READING_ARRAYS order, as the rows `r` of the write. */
function unnested(db: Db, r: PreparedReadings) {
  const f = (values: Float64Array) => numericArray(db, 'float8', values);
  return sql`unnest(
  ${numericArray(db, 'int4', r.tankId)}::int[], ${f(r.tsMs)}::float8[], ${numericArray(db, 'int4', r.stationId)}::int[], ${numericArray(db, 'int2', r.type)}::smallint[],
  ${f(r.productHeightMm)}::float8[], ${f(r.waterHeightMm)}::float8[], ${f(r.temperatureC)}::float8[],
  ${f(r.volumeL)}::float8[], ${f(r.tcVolumeL)}::float8[], ${f(r.waterVolumeL)}::float8[], ${f(r.densityKgM3)}::float8[],
  ${f(r.ullageL)}::float8[], ${f(r.fillPct)}::float8[]) with ordinality
  as r(tank_id, ts_ms, station_id, type, product_height_mm, water_height_mm, temperature_c, volume_l, tc_volume_l, water_volume_l, density_kg_m3, ullage_l, fill_pct, ord)`;
}

// Times travel as epoch milliseconds: shorter than ISO text, and numbers need no quoting.
const STORED = sql.raw(
  'tank_id, to_timestamp(ts_ms / 1000.0), station_id, type, product_height_mm, water_height_mm, temperature_c, volume_l, tc_volume_l, water_volume_l, density_kg_m3',
);
const READING_COLUMNS = sql.raw(
  'tank_id, ts, station_id, type, product_height_mm, water_height_mm, temperature_c, volume_l, tc_volume_l, water_volume_l, density_kg_m3',
);

/** One reading as the evaluators read it (SI). */
export interface TankPoint {
  tsMs: number;
  productHeightMm: number;
  temperatureC: number;
  volumeL: number;
}

/** What one write stored of a tank: the evaluators look at these readings only. */
export interface FreshReadings {
  /** How many readings were new (not already stored). */
  count: number;
  /** The oldest and newest new reading (epoch ms). */
  firstMs: number;
  lastMs: number;
  /**
   * The tank's newest reading before this write, if it had one: a new reading older than it
   * arrived late. From the tank's latest state (kept equal to its newest stored reading): when
   * the new readings follow it, it is the reading before them, and the evaluators need not read
   * it again (group-readings.ts).
   */
  prevLatest: TankPoint | null;
}

export interface WrittenReadings {
  /** New readings per tank (when counted by tank). */
  newPerTank: Map<number, number>;
  /** Per tank with new readings, which ones (review items 2 and 19: a resend adds nothing, a late reading is placed among its neighbours). */
  fresh: Map<number, FreshReadings>;
  /** Keys (`tankId:epochMs`) of the new readings (when counted by key). */
  newKeys: Set<string>;
  /** Tanks whose latest state moved forward. */
  moved: Set<number>;
}

/**
 * Stores the readings, merges those of hours and days already summarised (late ones) into the
 * hourly and daily summaries and moves each tank's latest state forward to its newest one, in one
 * statement. Readings already stored (same tank and time — a resent batch) are skipped; a
 * late, older reading never overwrites a newer latest state. Counting new readings per tank
 * is enough to answer each device, unless two batches of one write share a tank (`byKey`).
 * Inside a transaction, it leaves the rest of it under generic plans (useGenericPlans).
 */
export async function writeReadings(db: Db, readings: PreparedReadings, byKey: boolean): Promise<WrittenReadings> {
  const written: WrittenReadings = { newPerTank: new Map(), fresh: new Map(), newKeys: new Set(), moved: new Set() };
  if (readings.count === 0) return written;
  // The summary chunks' lock (summaries/ingest-merge.ts), in the round trip that puts the
  // transaction under generic plans: this statement and the device path's after it in the
  // batch writer's transaction are planned once per connection.
  await useGenericPlans(db, chunkLocks(readings.newest.map((r) => r.tankId)));
  const result = await preparedRows<{ tank_id: number; n: number; k: string | null; first_ms: number | null; last_ms: number | null; prev_ms: number | null; prev_h: number | null; prev_t: number | null; prev_v: number | null; moved: boolean }>(
    db,
    // Every part of a WITH sees the same snapshot: \`before\` reads tank_latest as it was before this statement.
    // Each tank's latest state is its newest row of \`r\` (the first sent of two at one time, as
    // newestPerTank keeps): the readings are sent once, not again for the latest state.
    sql`with r as materialized (select * from ${unnested(db, readings)}),
        before as (
          select tank_id, ts, product_height_mm, temperature_c, volume_l from tank_latest where tank_id = any(${pgArray(readings.newest.map((r) => r.tankId))}::int[])),
        ins as (
          insert into tank_readings (${READING_COLUMNS})
          select ${STORED} from r
          on conflict do nothing returning tank_id, ts, product_height_mm, water_height_mm, temperature_c, volume_l),
        ${MERGE_LATE_READINGS},
        latest as (
          insert into tank_latest (${READING_COLUMNS}, ullage_l, fill_pct)
          select distinct on (tank_id) ${STORED}, ullage_l, fill_pct from r order by tank_id, ts_ms desc, ord
          on conflict (tank_id) do update set
            ts = excluded.ts, station_id = excluded.station_id, type = excluded.type,
            product_height_mm = excluded.product_height_mm, water_height_mm = excluded.water_height_mm,
            temperature_c = excluded.temperature_c, volume_l = excluded.volume_l, tc_volume_l = excluded.tc_volume_l,
            water_volume_l = excluded.water_volume_l, ullage_l = excluded.ullage_l, fill_pct = excluded.fill_pct,
            density_kg_m3 = excluded.density_kg_m3
          where excluded.ts > tank_latest.ts
          returning tank_id),
        fresh as (
          select i.tank_id, count(*)::int as n,
            extract(epoch from min(i.ts))::float8 * 1000 as first_ms, extract(epoch from max(i.ts))::float8 * 1000 as last_ms,
            extract(epoch from b.ts)::float8 * 1000 as prev_ms, b.product_height_mm as prev_h, b.temperature_c as prev_t, b.volume_l as prev_v
          from ins i left join before b using (tank_id) group by i.tank_id, b.ts, b.product_height_mm, b.temperature_c, b.volume_l)
        select tank_id, coalesce(f.n, 0) as n, null as k, f.first_ms, f.last_ms, f.prev_ms, f.prev_h, f.prev_t, f.prev_v, l.tank_id is not null as moved
        from fresh f full join latest l using (tank_id)
        ${byKey ? sql`union all select tank_id, 0, tank_id || ':' || round(extract(epoch from ts) * 1000)::bigint, null, null, null, null, null, null, false from ins` : sql``}`,
  );
  for (const r of result) {
    if (r.k !== null) written.newKeys.add(r.k);
    if (r.n > 0) {
      written.newPerTank.set(r.tank_id, r.n);
      const prevLatest = r.prev_ms === null ? null : { tsMs: Math.round(r.prev_ms), productHeightMm: r.prev_h!, temperatureC: r.prev_t!, volumeL: r.prev_v! };
      written.fresh.set(r.tank_id, { count: r.n, firstMs: Math.round(r.first_ms!), lastMs: Math.round(r.last_ms!), prevLatest });
    }
    if (r.moved) written.moved.add(r.tank_id);
  }
  return written;
}

