import { sql } from 'drizzle-orm';
import { detectDeliveries, type DeliveryTrack, type VolumePoint } from '@ullage/domain/delivery-detection';
import type { Db } from '../../db/client';
import { pgArray, rawRows } from '../../lib/raw-sql';
import type { EvaluationContext } from './batch-writer';
import type { StationKeys } from './device-state-repo';

const isoOf = (ms: number) => new Date(ms).toISOString();
const msOf = (v: unknown) => new Date(v as string).getTime();

/**
 * The delivery evaluator: runs each tank's new readings through the detector, continuing the
 * delivery an earlier batch left open, and records what it finds. Answers the deliveries
 * that this batch finished.
 */
export async function evaluateDeliveries({ db, batches }: EvaluationContext): Promise<number> {
  const byTank = new Map<number, VolumePoint[]>();
  const stationOf = new Map<number, StationKeys>();
  for (const { station, readings } of batches) {
    for (let i = 0; i < readings.count; i++) {
      const tankId = readings.tankId[i]!;
      const points = byTank.get(tankId) ?? [];
      points.push({ tsMs: readings.tsMs[i]!, volumeL: readings.volumeL[i]! });
      byTank.set(tankId, points);
      stationOf.set(tankId, station);
    }
  }
  if (byTank.size === 0) return 0;
  for (const points of byTank.values()) points.sort((a, b) => a.tsMs - b.tsMs);
  const tankIds = [...byTank.keys()];
  const firsts = tankIds.map((id) => isoOf(byTank.get(id)![0]!.tsMs));

  // The reading before each tank's first new one, and each tank's open delivery.
  const before = await rawRows<{ id: number; ts: string | null; volume_l: number | null }>(
    db,
    sql`select t.id, r.ts, r.volume_l
        from unnest(${pgArray(tankIds)}::int[], ${pgArray(firsts)}::timestamptz[]) as t(id, first)
        left join lateral (select ts, volume_l from tank_readings where tank_id = t.id and ts < t.first order by ts desc limit 1) r on true`,
  );
  const open = await rawRows<{ tank_id: number; started_at: string; start_volume_l: number; last_rise_at: string; end_volume_l: number }>(
    db,
    sql`select tank_id, started_at, start_volume_l, last_rise_at, end_volume_l from deliveries where ended_at is null and tank_id = any(${pgArray(tankIds)}::int[])`,
  );
  const prevOf = new Map(before.filter((b) => b.ts !== null).map((b) => [b.id, { tsMs: msOf(b.ts), volumeL: b.volume_l! }]));
  const openOf = new Map(open.map((o) => [o.tank_id, { startedAtMs: msOf(o.started_at), startVolumeL: o.start_volume_l, lastRiseAtMs: msOf(o.last_rise_at), endVolumeL: o.end_volume_l }]));

  let finishedCount = 0;
  for (const [tankId, points] of byTank) {
    const wasOpen = openOf.get(tankId) ?? null;
    const { finished, open: stillOpen } = detectDeliveries(points, wasOpen, prevOf.get(tankId) ?? null);
    for (const track of finished) await save(db, stationOf.get(tankId)!, tankId, track, true);
    // A delivery that ended below the minimum is dropped: it was noise after all.
    if (wasOpen && !stillOpen && !finished.some((f) => f.startedAtMs === wasOpen.startedAtMs)) {
      await db.execute(sql`delete from deliveries where tank_id = ${tankId} and ended_at is null`);
    }
    if (stillOpen) await save(db, stationOf.get(tankId)!, tankId, stillOpen, false);
    finishedCount += finished.length;
  }
  return finishedCount;
}

/** A rise the device already reported as a delivery (console delivery report) is not recorded twice. */
async function save(db: Db, station: StationKeys, tankId: number, track: DeliveryTrack, finished: boolean) {
  const startedAt = isoOf(track.startedAtMs);
  const lastRiseAt = isoOf(track.lastRiseAtMs);
  await db.execute(sql`
    insert into deliveries (distributor_id, company_id, station_id, tank_id, started_at, start_volume_l, last_rise_at, end_volume_l, ended_at)
    select ${station.distributorId}::int, ${station.companyId}::int, ${station.id}::int, ${tankId}::int, ${startedAt}::timestamptz, ${track.startVolumeL}::float8,
           ${lastRiseAt}::timestamptz, ${track.endVolumeL}::float8, ${finished ? lastRiseAt : null}::timestamptz
    where not exists (
      select 1 from deliveries where tank_id = ${tankId} and source = 'device' and started_at <= ${lastRiseAt}::timestamptz and ended_at >= ${startedAt}::timestamptz)
    on conflict (tank_id, started_at) do update set
      last_rise_at = excluded.last_rise_at, end_volume_l = excluded.end_volume_l, ended_at = excluded.ended_at`);
}
