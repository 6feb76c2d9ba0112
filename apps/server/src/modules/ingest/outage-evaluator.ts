import { sql } from 'drizzle-orm';
import { pastOutages } from '@ullage/domain/past-outages';
import { OFFLINE_AFTER_MS } from '@ullage/domain/station-status';
import { pgArray } from '../../lib/raw-sql';
import type { EvaluationContext } from './batch-writer';
import type { StationKeys } from '../../lib/station-keys';

/**
 * Offline records for silences in history that arrives late (domain/past-outages.ts): the live
 * sweep (status-repo) cannot see them. A silence the station already has an overlapping record
 * for (the sweep saw it live) adds nothing, so a resent batch adds nothing either.
 */
export async function evaluatePastOutages({ db, batches, readings }: EvaluationContext): Promise<void> {
  if (readings.byTank.size === 0) return;
  const received = new Map<number, number>();
  for (const b of batches) received.set(b.station.id, Math.max(received.get(b.station.id) ?? 0, b.receivedAt.getTime()));
  // Nothing late in the group (the live case): no statement at all.
  const late = [...readings.byTank.values()].some(({ station, points }) => received.get(station.id)! - points[0]!.tsMs > OFFLINE_AFTER_MS);
  if (!late) return;
  const prevOf = await readings.previous();
  const byStation = new Map<number, { station: StationKeys; previous: number | null; ts: number[] }>();
  for (const [tankId, { station, points }] of readings.byTank) {
    const entry = byStation.get(station.id) ?? { station, previous: null, ts: [] };
    const prev = prevOf.get(tankId)?.tsMs ?? null;
    if (prev !== null && (entry.previous === null || prev > entry.previous)) entry.previous = prev;
    for (const p of points) entry.ts.push(p.tsMs);
    byStation.set(station.id, entry);
  }
  const rows = { distributor: [] as number[], company: [] as number[], station: [] as number[], start: [] as string[], end: [] as string[] };
  for (const { station, previous, ts } of byStation.values()) {
    for (const o of pastOutages(previous, ts, received.get(station.id)!)) {
      rows.distributor.push(station.distributorId);
      rows.company.push(station.companyId);
      rows.station.push(station.id);
      rows.start.push(new Date(o.startMs).toISOString());
      rows.end.push(new Date(o.endMs).toISOString());
    }
  }
  if (rows.station.length === 0) return;
  await db.execute(sql`
    insert into offline_records (distributor_id, company_id, station_id, started_at, ended_at)
    select g.distributor_id, g.company_id, g.station_id, g.started_at, g.ended_at
    from unnest(${pgArray(rows.distributor)}::int[], ${pgArray(rows.company)}::int[], ${pgArray(rows.station)}::int[],
      ${pgArray(rows.start)}::timestamptz[], ${pgArray(rows.end)}::timestamptz[]) as g(distributor_id, company_id, station_id, started_at, ended_at)
    where not exists (
      select 1 from offline_records o
      where o.station_id = g.station_id and o.started_at < g.ended_at and (o.ended_at is null or o.ended_at > g.started_at))`);
}
