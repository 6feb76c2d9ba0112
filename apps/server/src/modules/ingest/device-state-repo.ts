import { sql } from 'drizzle-orm';
import type { DeviceDelivery } from '@ullage/contracts/device';
import type { Db } from '../../db/client';
import { pgArray, rawRows } from '../../lib/raw-sql';

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

export interface AlarmKey {
  kind: 'level' | 'leak';
  tankId: number | null;
  sensorNo: string | null;
  code: number;
}

export interface StationKeys {
  id: number;
  companyId: number;
  distributorId: number;
}

/**
 * Opens an alarm unless the same one is already active: the partial unique index makes two
 * concurrent reports collapse into one row. Answers the new alarm's id, or null.
 */
export async function openAlarm(db: Db, station: StationKeys, key: AlarmKey, startedAt: string, source: 'device' | 'server'): Promise<number | null> {
  const [row] = await rawRows<{ id: string | number }>(
    db,
    sql`insert into alarms (distributor_id, company_id, station_id, kind, tank_id, sensor_no, code, source, started_at)
        values (${station.distributorId}, ${station.companyId}, ${station.id}, ${key.kind}, ${key.tankId}, ${key.sensorNo}, ${key.code}, ${source}, ${startedAt})
        on conflict do nothing returning id`,
  );
  return row ? Number(row.id) : null;
}

/** Ends the active alarm with this key (or, without a code, every active alarm of the sensor). */
export async function clearAlarm(
  db: Db,
  stationId: number,
  key: Omit<AlarmKey, 'code'> & { code: number | null },
  endedAt: string,
  /** Only alarms this source raised (the server does not end what a device reported). */
  source?: 'device' | 'server',
): Promise<number> {
  const rows = await rawRows<{ id: string | number }>(
    db,
    sql`update alarms set ended_at = greatest(started_at, ${endedAt}::timestamptz)
        where station_id = ${stationId} and kind = ${key.kind} and ended_at is null
          and coalesce(tank_id, 0) = ${key.tankId ?? 0} and coalesce(sensor_no, '') = ${key.sensorNo ?? ''}
          ${key.code === null ? sql`` : sql`and code = ${key.code}`}
          ${source === undefined ? sql`` : sql`and source = ${source}`}
        returning id`,
  );
  return rows.length;
}

/** A server level alarm (one tank, one threshold code) that opens or ends at a reading's time. */
export interface LevelChange {
  station: StationKeys;
  tankId: number;
  code: number;
  /** ISO 8601 */
  ts: string;
}

/** Ends these server level alarms (one per tank and code) in one statement; as clearAlarm does, never before they started. */
export async function endServerLevelAlarms(db: Db, ends: readonly LevelChange[]): Promise<void> {
  if (ends.length === 0) return;
  // Each end finds its alarm through the active-alarm key (the lateral's limit keeps the planner
  // from turning the join round: it walked every active level alarm of the fleet, 5–12 ms a group
  // on the ingest bench, whenever the table's statistics were young).
  await db.execute(sql`
    with targets as (
      select x.id, e.ended_at
      from unnest(${pgArray(ends.map((c) => c.station.id))}::int[], ${pgArray(ends.map((c) => c.tankId))}::int[],
        ${pgArray(ends.map((c) => c.code))}::smallint[], ${pgArray(ends.map((c) => c.ts))}::timestamptz[]) as e(station_id, tank_id, code, ended_at)
      join lateral (
        select id from alarms x
        where x.station_id = e.station_id and x.kind = 'level' and coalesce(x.tank_id, 0) = e.tank_id and coalesce(x.sensor_no, '') = ''
          and x.code = e.code and x.ended_at is null and x.source = 'server' limit 1) x on true)
    update alarms a set ended_at = greatest(a.started_at, t.ended_at) from targets t where a.id = t.id`);
}

/**
 * Opens these server level alarms (one per tank and code) in one statement, each unless the
 * same one is active already (the partial unique index, as openAlarm). Answers the new ids by
 * `tankId:code`.
 */
export async function openServerLevelAlarms(db: Db, opens: readonly LevelChange[]): Promise<Map<string, number>> {
  if (opens.length === 0) return new Map();
  const rows = await rawRows<{ id: string | number; tank_id: number; code: number }>(
    db,
    sql`insert into alarms (distributor_id, company_id, station_id, kind, tank_id, sensor_no, code, source, started_at)
        select o.distributor_id, o.company_id, o.station_id, 'level', o.tank_id, null, o.code, 'server', o.started_at
        from unnest(${pgArray(opens.map((c) => c.station.distributorId))}::int[], ${pgArray(opens.map((c) => c.station.companyId))}::int[],
          ${pgArray(opens.map((c) => c.station.id))}::int[], ${pgArray(opens.map((c) => c.tankId))}::int[],
          ${pgArray(opens.map((c) => c.code))}::smallint[], ${pgArray(opens.map((c) => c.ts))}::timestamptz[])
          as o(distributor_id, company_id, station_id, tank_id, code, started_at)
        on conflict do nothing returning id, tank_id, code`,
  );
  return new Map(rows.map((r) => [`${r.tank_id}:${r.code}`, Number(r.id)]));
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
export async function upsertDeviceDelivery(db: Db, station: StationKeys, tankId: number, d: DeviceDelivery): Promise<void> {
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
  await db.execute(sql`
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
      start_temperature_c = excluded.start_temperature_c, end_temperature_c = excluded.end_temperature_c`);
  if (ticket) {
    await db.execute(sql`
      update deliveries set ticket_volume_l = ${ticket.ticket_volume_l}, ticket_tc_volume_l = ${ticket.ticket_tc_volume_l}, ticket_no = ${ticket.ticket_no},
        ticket_source = ${ticket.ticket_source}, ticketed_at = now()
      where tank_id = ${tankId} and started_at = ${startedAt} and ticket_volume_l is null`);
  }
}
