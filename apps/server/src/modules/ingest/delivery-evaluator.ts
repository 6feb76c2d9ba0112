import { sql } from 'drizzle-orm';
import { DELIVERY_SETTLE_MS, detectDeliveries, type DeliveryTrack } from '@ullage/domain/delivery-detection';
import type { Db } from '../../db/client';
import { pgArray, preparedRows, rawRows } from '../../lib/raw-sql';
import type { EvaluationContext } from './batch-writer';
import type { StationKeys } from '../../lib/station-keys';
import { readFrom } from './neighbours-repo';
import { recordEvents } from '../webhooks/service';

const isoOf = (ms: number) => new Date(ms).toISOString();
const msOf = (v: unknown) => new Date(v as string).getTime();

/**
 * The delivery evaluator: runs each tank's new readings through the detector, continuing the
 * delivery an earlier batch left open, and records what it finds. Answers the deliveries
 * that this batch finished.
 *
 * Readings already stored (a resend) are not run again: the open delivery already went past
 * them, and running them twice moved it back or opened a second one (review item 19). New
 * readings older than stored ones (review item 2) run the detector again from before them.
 */
export async function evaluateDeliveries({ db, readings }: EvaluationContext): Promise<number> {
  const { byTank } = readings;
  if (byTank.size === 0) return 0;
  const tankIds = [...byTank.keys()];
  // The reading before each tank's first new one (shared with the jump evaluator), and each tank's open delivery.
  const prevOf = await readings.previous();
  const open = await preparedRows<{ tank_id: number; started_at: string; start_volume_l: number; last_rise_at: string; end_volume_l: number }>(
    db,
    sql`select tank_id, started_at, start_volume_l, last_rise_at, end_volume_l from deliveries where ended_at is null and tank_id = any(${pgArray(tankIds)}::int[])`,
  );
  const openOf = new Map(open.map((o) => [o.tank_id, { startedAtMs: msOf(o.started_at), startVolumeL: o.start_volume_l, lastRiseAtMs: msOf(o.last_rise_at), endVolumeL: o.end_volume_l }]));

  let finishedCount = 0;
  const saves: Save[] = [];
  for (const [tankId, { station, points, late, fresh }] of byTank) {
    if (late) {
      finishedCount += await redetect(db, station, tankId, prevOf.get(tankId)?.tsMs ?? fresh.firstMs);
      continue;
    }
    const wasOpen = openOf.get(tankId) ?? null;
    const { finished, open: stillOpen } = detectDeliveries(points, wasOpen, prevOf.get(tankId) ?? null);
    // The open delivery ended below the minimum (noise after all) — possibly with another one opened
    // after it in the same readings: it goes first, a tank has one open delivery at most.
    if (wasOpen && !finished.some((f) => f.startedAtMs === wasOpen.startedAtMs) && stillOpen?.startedAtMs !== wasOpen.startedAtMs) {
      await db.execute(sql`delete from deliveries where tank_id = ${tankId} and ended_at is null`);
    }
    for (const track of finished) saves.push({ station, tankId, track, finished: true });
    if (stillOpen) saves.push({ station, tankId, track: stillOpen, finished: false });
    finishedCount += finished.length;
  }
  // After the loop's deletes: each tank's own delete, if any, came before its saves.
  await save(db, saves);
  return finishedCount;
}

/**
 * A late reading may start, end, join or split deliveries: the detector runs again over the
 * tank's readings from a point where no delivery was in progress — the reading before the
 * late ones, or the start of the delivery in progress there — to its newest reading, and
 * what it finds replaces the detected deliveries from there on.
 */
async function redetect(db: Db, station: StationKeys, tankId: number, prevMs: number): Promise<number> {
  const [around] = await rawRows<{ started_at: string | null }>(
    db,
    sql`select min(started_at) as started_at from deliveries
        where tank_id = ${tankId} and source = 'detected' and started_at <= ${isoOf(prevMs)}::timestamptz
          and (ended_at is null or ended_at + ${`${DELIVERY_SETTLE_MS} milliseconds`}::interval >= ${isoOf(prevMs)}::timestamptz)`,
  );
  const fromMs = around?.started_at ? Math.min(prevMs, msOf(around.started_at)) : prevMs;
  const points = await readFrom(db, tankId, fromMs);
  const { finished, open } = detectDeliveries(points);
  const found = [...finished, ...(open ? [open] : [])];
  await db.execute(sql`
    delete from deliveries where tank_id = ${tankId} and source = 'detected' and started_at >= ${isoOf(fromMs)}::timestamptz
      and started_at <> all(${pgArray(found.map((t) => isoOf(t.startedAtMs)))}::timestamptz[])`);
  await save(db, [...finished.map((track) => ({ station, tankId, track, finished: true })), ...(open ? [{ station, tankId, track: open, finished: false }] : [])]);
  return finished.length;
}

interface Save {
  station: StationKeys;
  tankId: number;
  track: DeliveryTrack;
  finished: boolean;
}

/**
 * Records detected deliveries, all of a group in one statement: a tank with a delivery under way
 * saves it on every report, and one statement per tank was most of the group's statements.
 * (tank, start) is unique among them: a tank has one open delivery and distinct finished ones.
 * A rise the device already reported as a delivery (console delivery report) is not recorded twice.
 *
 * The delivery keeps its start and end readings' heights, water, temperatures and compensated
 * volumes (migration 0031): readings are stored before the evaluators run and never change, and
 * the delivery report then reads them from the delivery rather than by two look-ups of the
 * readings' key per delivery. Its end moves with its last rise while it is open.
 */
async function save(db: Db, saves: readonly Save[]) {
  if (saves.length === 0) return;
  const col = (f: (s: Save) => string | number | null) => pgArray(saves.map(f));
  // The deliveries this statement finished (new, or open until now): delivery.recorded to the
  // webhooks (issue 38). The outer select reads `deliveries` as it was before the statement.
  const finished = await preparedRows<{ id: string | number; station_id: number; tank_id: number; started_at: string; ended_at: string; start_volume_l: number; end_volume_l: number }>(db, sql`
    with saved as (insert into deliveries (distributor_id, company_id, station_id, tank_id, started_at, start_volume_l, last_rise_at, end_volume_l, ended_at,
      start_height_mm, start_water_height_mm, start_temperature_c, start_tc_volume_l, end_height_mm, end_water_height_mm, end_temperature_c, end_tc_volume_l)
    select d.distributor_id, d.company_id, d.station_id, d.tank_id, d.started_at, d.start_volume_l, d.last_rise_at, d.end_volume_l, d.ended_at,
      r0.product_height_mm, r0.water_height_mm, r0.temperature_c, r0.tc_volume_l, r1.product_height_mm, r1.water_height_mm, r1.temperature_c, r1.tc_volume_l
    from unnest(${col((s) => s.station.distributorId)}::int[], ${col((s) => s.station.companyId)}::int[], ${col((s) => s.station.id)}::int[],
      ${col((s) => s.tankId)}::int[], ${col((s) => isoOf(s.track.startedAtMs))}::timestamptz[], ${col((s) => s.track.startVolumeL)}::float8[],
      ${col((s) => isoOf(s.track.lastRiseAtMs))}::timestamptz[], ${col((s) => s.track.endVolumeL)}::float8[],
      ${col((s) => (s.finished ? isoOf(s.track.lastRiseAtMs) : null))}::timestamptz[])
      as d(distributor_id, company_id, station_id, tank_id, started_at, start_volume_l, last_rise_at, end_volume_l, ended_at)
    left join tank_readings r0 on r0.tank_id = d.tank_id and r0.ts = d.started_at
    left join tank_readings r1 on r1.tank_id = d.tank_id and r1.ts = d.last_rise_at
    where not exists (
      select 1 from deliveries x where x.tank_id = d.tank_id and x.source = 'device' and x.started_at <= d.last_rise_at and x.ended_at >= d.started_at)
    on conflict (tank_id, started_at) do update set
      last_rise_at = excluded.last_rise_at, end_volume_l = excluded.end_volume_l, ended_at = excluded.ended_at,
      end_height_mm = excluded.end_height_mm, end_water_height_mm = excluded.end_water_height_mm,
      end_temperature_c = excluded.end_temperature_c, end_tc_volume_l = excluded.end_tc_volume_l
    returning id, station_id, tank_id, started_at, ended_at, start_volume_l, end_volume_l)
    select s.* from saved s left join deliveries was on was.id = s.id where s.ended_at is not null and was.ended_at is null`);
  await recordEvents(db, finished.map((d) => deliveryEvent({ ...d, source: 'detected' })));
}

/** delivery.recorded of a finished delivery (facts in litres; the payload converts them). */
export function deliveryEvent(d: { id: string | number; station_id: number; tank_id: number; started_at: string | Date; ended_at: string | Date; start_volume_l: number; end_volume_l: number; source: 'detected' | 'device' }) {
  const endedAt = new Date(d.ended_at).toISOString();
  return {
    type: 'delivery.recorded',
    stationId: d.station_id,
    tankId: d.tank_id,
    occurredAt: endedAt,
    data: { deliveryId: Number(d.id), tankId: d.tank_id, source: d.source, startedAt: new Date(d.started_at).toISOString(), endedAt, startVolumeL: d.start_volume_l, endVolumeL: d.end_volume_l, riseL: d.end_volume_l - d.start_volume_l },
  };
}
