import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../lib/raw-sql';

/**
 * Records a batch's arrival: the station is online, seen now. Answers whether it had been
 * offline, in which case its open offline record is closed here too.
 */
export async function markSeen(
  db: Db,
  stationId: number,
  seenAt: Date,
  lastDataAt: string | null,
  clock: { skewSeconds: number; flagged: boolean } | null,
): Promise<{ cameBack: boolean; firstContact: boolean }> {
  const [row] = await rawRows<{ was_online: boolean | null }>(
    db,
    sql`with prev as (select online from station_status where station_id = ${stationId})
        insert into station_status (station_id, last_seen_at, last_data_at, online, clock_skew_s, clock_flagged)
        values (${stationId}, ${seenAt.toISOString()}, ${lastDataAt}, true, ${clock?.skewSeconds ?? null}, ${clock?.flagged ?? false})
        on conflict (station_id) do update set
          last_seen_at = greatest(station_status.last_seen_at, excluded.last_seen_at),
          last_data_at = greatest(station_status.last_data_at, excluded.last_data_at),
          online = true,
          clock_skew_s = coalesce(excluded.clock_skew_s, station_status.clock_skew_s),
          clock_flagged = case when excluded.clock_skew_s is null then station_status.clock_flagged else excluded.clock_flagged end
        returning (select online from prev) as was_online`,
  );
  const wasOnline = row?.was_online ?? null;
  if (wasOnline === false) {
    await db.execute(sql`update offline_records set ended_at = ${seenAt.toISOString()} where station_id = ${stationId} and ended_at is null`);
  }
  return { cameBack: wasOnline === false, firstContact: wasOnline === null };
}

export interface WentOffline {
  stationId: number;
  distributorId: number;
  companyId: number;
  lastSeenAt: string;
}

/**
 * Stations silent since before `cutoff` go offline, each opening an offline record that
 * starts at its last contact (spec §3 offline record; processed later, issue 6).
 */
export async function markSilentOffline(db: Db, cutoff: Date): Promise<WentOffline[]> {
  const rows = await rawRows<{ station_id: number; distributor_id: number; company_id: number; last_seen_at: string | Date }>(
    db,
    sql`with gone as (
          update station_status set online = false
          where online and last_seen_at < ${cutoff.toISOString()}
          returning station_id, last_seen_at),
        opened as (
          insert into offline_records (distributor_id, company_id, station_id, started_at)
          select s.distributor_id, s.company_id, g.station_id, g.last_seen_at
          from gone g join stations s on s.id = g.station_id
          on conflict do nothing)
        select g.station_id, s.distributor_id, s.company_id, g.last_seen_at
        from gone g join stations s on s.id = g.station_id`,
  );
  return rows.map((r) => ({ stationId: r.station_id, distributorId: r.distributor_id, companyId: r.company_id, lastSeenAt: new Date(r.last_seen_at).toISOString() }));
}
