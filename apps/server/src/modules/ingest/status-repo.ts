import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pgArray, preparedRows, rawRows } from '../../lib/raw-sql';

export interface Arrival {
  stationId: number;
  seenAt: Date;
  /** The newest reading's time among what arrived, if any reading did. */
  lastDataAt: string | null;
  clock: { skewSeconds: number; flagged: boolean } | null;
}

/**
 * Records arrivals: each station is online, seen now, in one statement for many stations.
 * Answers, per station, whether it had been offline (its open offline record is closed here
 * too) or was never seen before.
 */
export async function markSeen(db: Db, arrivals: readonly Arrival[]): Promise<Map<number, { cameBack: boolean; firstContact: boolean }>> {
  const rows = await preparedRows<{ station_id: number; was_online: boolean | null }>(
    db,
    sql`with input as (
          select * from unnest(${pgArray(arrivals.map((a) => a.stationId))}::int[], ${pgArray(arrivals.map((a) => a.seenAt.toISOString()))}::timestamptz[],
            ${pgArray(arrivals.map((a) => a.lastDataAt))}::timestamptz[], ${pgArray(arrivals.map((a) => a.clock?.skewSeconds ?? null))}::int[],
            ${pgArray(arrivals.map((a) => a.clock?.flagged ?? false))}::boolean[]) as i(station_id, seen_at, last_data_at, skew, flagged)),
        prev as (select s.station_id, s.online from station_status s join input i using (station_id)),
        up as (
          insert into station_status (station_id, last_seen_at, last_data_at, online, clock_skew_s, clock_flagged)
          select station_id, seen_at, last_data_at, true, skew, flagged from input
          on conflict (station_id) do update set
            last_seen_at = greatest(station_status.last_seen_at, excluded.last_seen_at),
            last_data_at = greatest(station_status.last_data_at, excluded.last_data_at),
            online = true,
            clock_skew_s = coalesce(excluded.clock_skew_s, station_status.clock_skew_s),
            clock_flagged = case when excluded.clock_skew_s is null then station_status.clock_flagged else excluded.clock_flagged end
          returning station_id)
        select i.station_id, p.online as was_online from input i left join prev p using (station_id)`,
  );
  const result = new Map(rows.map((r) => [r.station_id, { cameBack: r.was_online === false, firstContact: r.was_online === null }]));
  const back = rows.filter((r) => r.was_online === false);
  for (const r of back) {
    const seenAt = arrivals.find((a) => a.stationId === r.station_id)!.seenAt;
    await db.execute(sql`update offline_records set ended_at = ${seenAt.toISOString()} where station_id = ${r.station_id} and ended_at is null`);
  }
  return result;
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
