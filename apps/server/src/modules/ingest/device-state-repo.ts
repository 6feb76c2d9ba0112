import { sql } from 'drizzle-orm';
import type { DeviceDelivery } from '@ullage/contracts/device';
import type { Db } from '../../db/client';
import { pgArray, rawRows } from '../../lib/raw-sql';
import type { StationKeys } from '../../lib/station-keys';

export interface SensorRow {
  sensorNo: string;
  type: string;
  state: string;
  code: number | null;
  ts: string;
}

/** Moves each sensor's state forward; a late, older state never overwrites a newer one. */
export async function upsertSensors(db: Db, stationId: number, all: readonly SensorRow[]): Promise<void> {
  if (all.length === 0) return;
  // A backlog carries a sensor's state several times (each hour, each change): only its newest is
  // kept here, and one statement may not update a row twice.
  const newest = new Map<string, SensorRow>();
  for (const r of all) {
    const seen = newest.get(r.sensorNo);
    if (!seen || Date.parse(r.ts) >= Date.parse(seen.ts)) newest.set(r.sensorNo, r);
  }
  const rows = [...newest.values()];
  await db.execute(sql`
    insert into sensor_latest (station_id, sensor_no, type, state, code, ts)
    select ${stationId}, * from unnest(${pgArray(rows.map((r) => r.sensorNo))}::text[], ${pgArray(rows.map((r) => r.type))}::text[],
      ${pgArray(rows.map((r) => r.state))}::text[], ${pgArray(rows.map((r) => r.code))}::smallint[], ${pgArray(rows.map((r) => r.ts))}::timestamptz[])
    on conflict (station_id, sensor_no) do update set type = excluded.type, state = excluded.state, code = excluded.code, ts = excluded.ts
    where excluded.ts >= sensor_latest.ts`);
}

export async function insertDeviceEvent(db: Db, station: StationKeys, type: string, ts: string, inventory: unknown[]): Promise<boolean> {
  const rows = await rawRows<{ id: string | number }>(
    db,
    sql`insert into device_events (distributor_id, company_id, station_id, type, ts, inventory)
        values (${station.distributorId}, ${station.companyId}, ${station.id}, ${type}, ${ts}, ${JSON.stringify(inventory)}::jsonb)
        on conflict do nothing returning id`,
  );
  return rows.length > 0;
}

/**
 * A delivery the device measured. It replaces what the level-rise detector made of the same
 * drop (the gauge saw it itself, with its own start and end), and a resent report updates the
 * same row: (tank, start) is unique.
 */
export async function upsertDeviceDelivery(db: Db, station: StationKeys, tankId: number, d: DeviceDelivery): Promise<{ id: number; inserted: boolean }> {
  const startedAt = new Date(d.startedAt).toISOString();
  const endedAt = new Date(d.endedAt).toISOString();
  // A ticket entered on the detected record of this drop stays with the device's record of it.
  const replaced = await rawRows<{ ticket_volume_l: number | null; ticket_tc_volume_l: number | null; ticket_no: string | null; ticket_source: string | null }>(
    db,
    sql`delete from deliveries
        where tank_id = ${tankId} and source = 'detected' and started_at <= ${endedAt} and coalesce(ended_at, last_rise_at) >= ${startedAt}
        returning ticket_volume_l, ticket_tc_volume_l, ticket_no, ticket_source`,
  );
  const ticket = replaced.find((r) => r.ticket_volume_l !== null);
  const [saved] = await rawRows<{ id: string | number; inserted: boolean }>(db, sql`
    insert into deliveries (distributor_id, company_id, station_id, tank_id, source, started_at, last_rise_at, ended_at,
      start_volume_l, end_volume_l, start_tc_volume_l, end_tc_volume_l, start_height_mm, end_height_mm,
      start_water_height_mm, end_water_height_mm, start_temperature_c, end_temperature_c)
    values (${station.distributorId}, ${station.companyId}, ${station.id}, ${tankId}, 'device', ${startedAt}, ${endedAt}, ${endedAt},
      ${d.startVolumeL}, ${d.endVolumeL}, ${d.startTcVolumeL ?? null}, ${d.endTcVolumeL ?? null}, ${d.startHeightMm ?? null}, ${d.endHeightMm ?? null},
      ${d.startWaterHeightMm ?? null}, ${d.endWaterHeightMm ?? null}, ${d.startTemperatureC ?? null}, ${d.endTemperatureC ?? null})
    on conflict (tank_id, started_at) do update set
      source = 'device', last_rise_at = excluded.last_rise_at, ended_at = excluded.ended_at,
      start_volume_l = excluded.start_volume_l, end_volume_l = excluded.end_volume_l,
      start_tc_volume_l = excluded.start_tc_volume_l, end_tc_volume_l = excluded.end_tc_volume_l,
      start_height_mm = excluded.start_height_mm, end_height_mm = excluded.end_height_mm,
      start_water_height_mm = excluded.start_water_height_mm, end_water_height_mm = excluded.end_water_height_mm,
      start_temperature_c = excluded.start_temperature_c, end_temperature_c = excluded.end_temperature_c
    returning id, (xmax = 0) as inserted`);
  if (ticket) {
    await db.execute(sql`
      update deliveries set ticket_volume_l = ${ticket.ticket_volume_l}, ticket_tc_volume_l = ${ticket.ticket_tc_volume_l}, ticket_no = ${ticket.ticket_no},
        ticket_source = ${ticket.ticket_source}, ticketed_at = now()
      where tank_id = ${tankId} and started_at = ${startedAt} and ticket_volume_l is null`);
  }
  // A resent report updates its row (not inserted): no second delivery.recorded.
  return { id: Number(saved!.id), inserted: saved!.inserted };
}
