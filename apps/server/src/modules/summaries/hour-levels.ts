import { sql } from 'drizzle-orm';
import type { HourLevels } from '@ullage/domain/forecast';
import { SUMMARY_CHUNKS } from '@ullage/domain/summary-plan';
import type { Db } from '../../db/client';
import { pgArray, rawRows } from '../../lib/raw-sql';

const CHUNK = sql.raw(`tank_id % ${SUMMARY_CHUNKS}`);
const HOUR = sql.raw(`date_bin(interval '1 hour', ts, timestamptz '2000-01-01T00:00:00Z')`);

/**
 * Per tank, each hour's first and last reading in [fromMs, toMs): from tank_hourly where its chunk
 * is rolled up, made here from the raw readings as the job will make them for the hours it is not
 * yet (the last one or two).
 */
export async function hourLevels(db: Db, tankIds: readonly number[], fromMs: number, toMs: number): Promise<Map<number, HourLevels[]>> {
  const out = new Map<number, HourLevels[]>();
  if (tankIds.length === 0) return out;
  const from = new Date(fromMs).toISOString();
  const to = new Date(toMs).toISOString();
  const rows = await rawRows<{ tank_id: number; h: number; f: number; l: number; first_volume_l: number; last_volume_l: number }>(
    db,
    sql`with m as (select chunk, hourly_until from summary_marks)
        select tank_id, extract(epoch from hour)::float8 * 1000 as h, extract(epoch from first_ts)::float8 * 1000 as f,
          extract(epoch from last_ts)::float8 * 1000 as l, first_volume_l, last_volume_l
        from tank_hourly join m on m.chunk = ${CHUNK}
        where tank_id = any(${pgArray(tankIds)}::int[]) and hour >= ${from}::timestamptz and hour < ${to}::timestamptz and hour < m.hourly_until
        union all
        select tank_id, extract(epoch from ${HOUR})::float8 * 1000, extract(epoch from min(ts))::float8 * 1000, extract(epoch from max(ts))::float8 * 1000,
          (min(array[extract(epoch from ts)::float8, volume_l]))[2], (max(array[extract(epoch from ts)::float8, volume_l]))[2]
        from tank_readings join m on m.chunk = ${CHUNK}
        where tank_id = any(${pgArray(tankIds)}::int[]) and ts >= greatest(${from}::timestamptz, (select min(hourly_until) from m)) and ts < ${to}::timestamptz and ts >= m.hourly_until
        group by tank_id, ${HOUR}
        order by 1, 2`,
  );
  for (const r of rows) {
    let list = out.get(r.tank_id);
    if (!list) out.set(r.tank_id, (list = []));
    list.push({ hourMs: r.h, firstTsMs: r.f, lastTsMs: r.l, firstL: r.first_volume_l, lastL: r.last_volume_l });
  }
  return out;
}
