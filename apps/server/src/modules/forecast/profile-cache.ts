import { sql } from 'drizzle-orm';
import type { SalesProfile } from '@ullage/domain/forecast';
import type { Db } from '../../db/client';
import { pgArray, preparedRows, rawRows } from '../../lib/raw-sql';

/**
 * Sales profiles kept ahead of time (issue 35; migration 0028): a tank's profile as of a whole
 * hour is the same all that hour unless data of an earlier hour arrives or its station's
 * settings change, which the database's triggers mark. The forecast list and the run-out job
 * read the kept ones and compute only the rest.
 */

/** Bump when FORECAST_RULES or the profile's inputs change: profiles kept by an older version are not read. */
export const PROFILE_VERSION = 1;

export interface KeptProfile {
  source: 'metered' | 'derived';
  profile: SalesProfile | null;
}

/** The database's clock now: a computation's start, in the clock the triggers mark with. */
export async function databaseNow(db: Db): Promise<string> {
  const [row] = await rawRows<{ now: string | Date }>(db, sql`select clock_timestamp() as now`);
  return new Date(row!.now).toISOString();
}

/** The kept profiles of these tanks as of `hourEndMs` that no mark has made doubtful. */
export async function keptProfiles(db: Db, tankIds: readonly number[], hourEndMs: number): Promise<Map<number, KeptProfile>> {
  const out = new Map<number, KeptProfile>();
  if (tankIds.length === 0) return out;
  const rows = await rawRows<{ tank_id: number; source: 'metered' | 'derived'; profile: SalesProfile | string | null }>(
    db,
    sql`select p.tank_id, p.source, p.profile from forecast_profiles p
        where p.tank_id = any(${pgArray(tankIds)}::int[]) and p.hour_end = ${new Date(hourEndMs).toISOString()}::timestamptz
          and p.version = ${PROFILE_VERSION}
          and not exists (select 1 from forecast_profile_marks m where m.station_id = p.station_id and m.forgotten_at >= p.computed_at - interval '10 seconds')`,
  );
  for (const r of rows) out.set(r.tank_id, { source: r.source, profile: typeof r.profile === 'string' ? (JSON.parse(r.profile) as SalesProfile) : r.profile });
  return out;
}

/** Keeps these profiles, computed from data read after `computedAt` (databaseNow). */
export async function keepProfiles(db: Db, rows: readonly ({ tankId: number; stationId: number } & KeptProfile)[], hourEndMs: number, computedAt: string): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(rows.map((r) => ({ tank_id: r.tankId, station_id: r.stationId, source: r.source, profile: r.profile })));
  await db.execute(
    sql`insert into forecast_profiles (tank_id, station_id, hour_end, version, source, profile, computed_at)
        select x.tank_id, x.station_id, ${new Date(hourEndMs).toISOString()}::timestamptz, ${PROFILE_VERSION}, x.source, x.profile, ${computedAt}::timestamptz
        from jsonb_to_recordset(${json}::jsonb) as x(tank_id integer, station_id integer, source text, profile jsonb)
        where exists (select 1 from tanks t where t.id = x.tank_id)
        on conflict (tank_id) do update set station_id = excluded.station_id, hour_end = excluded.hour_end, version = excluded.version,
          source = excluded.source, profile = excluded.profile, computed_at = excluded.computed_at`,
  );
}

/** Marks no kept profile can be older than (a profile holds for its hour): the run-out job clears them each round. */
export async function clearOldMarks(db: Db): Promise<void> {
  await db.execute(sql`delete from forecast_profile_marks where forgotten_at < clock_timestamp() - interval '2 hours'`);
}

/** Marks these stations' kept profiles doubtful (data of an hour already over arrived), by the database's clock. */
export async function markStations(db: Db, stationIds: readonly number[]): Promise<void> {
  if (stationIds.length === 0) return;
  await preparedRows(db, sql`insert into forecast_profile_marks (station_id, forgotten_at) select id, clock_timestamp() from unnest(${pgArray(stationIds)}::int[]) as s(id)`);
}
