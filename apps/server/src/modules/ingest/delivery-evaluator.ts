import { sql } from 'drizzle-orm';
import { detectDeliveries, type DeliveryTrack } from '@ullage/domain/delivery-detection';
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
export async function evaluateDeliveries({ db, readings }: EvaluationContext): Promise<number> {
  const { byTank } = readings;
  if (byTank.size === 0) return 0;
  const tankIds = [...byTank.keys()];
  // The reading before each tank's first new one (shared with the jump evaluator), and each tank's open delivery.
  const prevOf = await readings.previous();
  const open = await rawRows<{ tank_id: number; started_at: string; start_volume_l: number; last_rise_at: string; end_volume_l: number }>(
    db,
    sql`select tank_id, started_at, start_volume_l, last_rise_at, end_volume_l from deliveries where ended_at is null and tank_id = any(${pgArray(tankIds)}::int[])`,
  );
  const openOf = new Map(open.map((o) => [o.tank_id, { startedAtMs: msOf(o.started_at), startVolumeL: o.start_volume_l, lastRiseAtMs: msOf(o.last_rise_at), endVolumeL: o.end_volume_l }]));

  let finishedCount = 0;
  for (const [tankId, { station, points }] of byTank) {
    const wasOpen = openOf.get(tankId) ?? null;
    const { finished, open: stillOpen } = detectDeliveries(points, wasOpen, prevOf.get(tankId) ?? null);
    for (const track of finished) await save(db, station, tankId, track, true);
    // A delivery that ended below the minimum is dropped: it was noise after all.
    if (wasOpen && !stillOpen && !finished.some((f) => f.startedAtMs === wasOpen.startedAtMs)) {
      await db.execute(sql`delete from deliveries where tank_id = ${tankId} and ended_at is null`);
    }
    if (stillOpen) await save(db, station, tankId, stillOpen, false);
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
