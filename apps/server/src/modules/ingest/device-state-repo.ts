import { sql } from 'drizzle-orm';
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
export async function upsertSensors(db: Db, stationId: number, rows: readonly SensorRow[]): Promise<void> {
  if (rows.length === 0) return;
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

export async function insertDeviceEvent(db: Db, station: StationKeys, type: string, ts: string, inventory: unknown[]): Promise<boolean> {
  const rows = await rawRows<{ id: string | number }>(
    db,
    sql`insert into device_events (distributor_id, company_id, station_id, type, ts, inventory)
        values (${station.distributorId}, ${station.companyId}, ${station.id}, ${type}, ${ts}, ${JSON.stringify(inventory)}::jsonb)
        on conflict do nothing returning id`,
  );
  return rows.length > 0;
}
