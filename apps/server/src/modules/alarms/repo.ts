import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pgArray, preparedRows } from '../../lib/raw-sql';
import type { StationKeys } from '../../lib/station-keys';

// The SQL that opens and ends alarms. Private to modules/alarms: other modules call service.ts
// (through changes.ts, which records each change's webhook events in the same transaction).

/**
 * Whether any webhook endpoint is enabled, read by the statement that changes alarms (one
 * InitPlan, once a statement): without one, the change has no webhook events to write, and the
 * device path skips that statement — with its planning, a tenth of the path's CPU (issue 38).
 */
const HEARD = sql`(select exists (select 1 from webhook_endpoints where enabled)) as heard`;

/** Alarms a statement changed, and whether a webhook endpoint may hear of it. */
export interface Changed<T> {
  ids: T;
  heard: boolean;
}

export interface AlarmKey {
  kind: 'level' | 'leak';
  tankId: number | null;
  sensorNo: string | null;
  code: number;
}

/**
 * Opens an alarm unless the same one is already active: the partial unique index makes two
 * concurrent reports collapse into one row. Answers the new alarm's id, or null.
 */
export async function openAlarm(db: Db, station: StationKeys, key: AlarmKey, startedAt: string, source: 'device' | 'server'): Promise<Changed<number> | null> {
  const [row] = await preparedRows<{ id: string | number; heard: boolean }>(
    db,
    sql`insert into alarms (distributor_id, company_id, station_id, kind, tank_id, sensor_no, code, source, started_at)
        values (${station.distributorId}, ${station.companyId}, ${station.id}, ${key.kind}, ${key.tankId}, ${key.sensorNo}, ${key.code}, ${source}, ${startedAt})
        on conflict do nothing returning id, ${HEARD}`,
  );
  return row ? { ids: Number(row.id), heard: row.heard } : null;
}

/** Ends the active alarm with this key (or, without a code, every active alarm of the sensor); answers the ended alarms' ids. */
export async function clearAlarm(
  db: Db,
  stationId: number,
  key: Omit<AlarmKey, 'code'> & { code: number | null },
  endedAt: string,
  /** Only alarms this source raised (the server does not end what a device reported). */
  source?: 'device' | 'server',
): Promise<Changed<number[]>> {
  const rows = await preparedRows<{ id: string | number; heard: boolean }>(
    db,
    sql`update alarms set ended_at = greatest(started_at, ${endedAt}::timestamptz)
        where station_id = ${stationId} and kind = ${key.kind} and ended_at is null
          and coalesce(tank_id, 0) = ${key.tankId ?? 0} and coalesce(sensor_no, '') = ${key.sensorNo ?? ''}
          ${key.code === null ? sql`` : sql`and code = ${key.code}`}
          ${source === undefined ? sql`` : sql`and source = ${source}`}
        returning id, ${HEARD}`,
  );
  return { ids: rows.map((r) => Number(r.id)), heard: rows[0]?.heard ?? false };
}

/**
 * Ends the active leak alarms of these sensors of one station, each at its sensor's time, in one
 * statement; as clearAlarm without a code: every code and source of the sensor. A report carries
 * every sensor's state, and a station of ten sensors back to normal asked ten statements a report.
 * One entry a sensor (the caller keeps each sensor's first). Answers the ended alarms' ids.
 */
export async function clearSensorAlarms(db: Db, stationId: number, normal: readonly { sensorNo: string; ts: string }[]): Promise<Changed<number[]>> {
  if (normal.length === 0) return { ids: [], heard: false };
  const rows = await preparedRows<{ id: string | number; heard: boolean }>(
    db,
    sql`update alarms a set ended_at = greatest(a.started_at, e.ended_at)
        from unnest(${pgArray(normal.map((s) => s.sensorNo))}::text[], ${pgArray(normal.map((s) => s.ts))}::timestamptz[]) as e(sensor_no, ended_at)
        where a.station_id = ${stationId} and a.kind = 'leak' and a.ended_at is null
          and coalesce(a.tank_id, 0) = 0 and coalesce(a.sensor_no, '') = e.sensor_no
        returning a.id, ${HEARD}`,
  );
  return { ids: rows.map((r) => Number(r.id)), heard: rows[0]?.heard ?? false };
}

/** A server level alarm (one tank, one threshold code) that opens or ends at a reading's time. */
export interface LevelChange {
  station: StationKeys;
  tankId: number;
  code: number;
  /** ISO 8601 */
  ts: string;
}

/** Ends these server level alarms (one per tank and code) in one statement; as clearAlarm does, never before they started. Answers the ended alarms' ids. */
export async function endServerLevelAlarms(db: Db, ends: readonly LevelChange[]): Promise<Changed<number[]>> {
  if (ends.length === 0) return { ids: [], heard: false };
  // Each end finds its alarm through the active-alarm key (the lateral's limit keeps the planner
  // from turning the join round: it walked every active level alarm of the fleet, 5–12 ms a group
  // on the ingest bench, whenever the table's statistics were young).
  const ended = await preparedRows<{ id: string | number; heard: boolean }>(db, sql`
    with targets as (
      select x.id, e.ended_at
      from unnest(${pgArray(ends.map((c) => c.station.id))}::int[], ${pgArray(ends.map((c) => c.tankId))}::int[],
        ${pgArray(ends.map((c) => c.code))}::smallint[], ${pgArray(ends.map((c) => c.ts))}::timestamptz[]) as e(station_id, tank_id, code, ended_at)
      join lateral (
        select id from alarms x
        where x.station_id = e.station_id and x.kind = 'level' and coalesce(x.tank_id, 0) = e.tank_id and coalesce(x.sensor_no, '') = ''
          and x.code = e.code and x.ended_at is null and x.source = 'server' limit 1) x on true)
    update alarms a set ended_at = greatest(a.started_at, t.ended_at) from targets t where a.id = t.id returning a.id, ${HEARD}`);
  return { ids: ended.map((r) => Number(r.id)), heard: ended[0]?.heard ?? false };
}

/**
 * Opens these server level alarms (one per tank and code) in one statement, each unless the
 * same one is active already (the partial unique index, as openAlarm). Answers the new ids by
 * `tankId:code`.
 */
export async function openServerLevelAlarms(db: Db, opens: readonly LevelChange[]): Promise<Changed<Map<string, number>>> {
  if (opens.length === 0) return { ids: new Map(), heard: false };
  const rows = await preparedRows<{ id: string | number; tank_id: number; code: number; heard: boolean }>(
    db,
    sql`insert into alarms (distributor_id, company_id, station_id, kind, tank_id, sensor_no, code, source, started_at)
        select o.distributor_id, o.company_id, o.station_id, 'level', o.tank_id, null, o.code, 'server', o.started_at
        from unnest(${pgArray(opens.map((c) => c.station.distributorId))}::int[], ${pgArray(opens.map((c) => c.station.companyId))}::int[],
          ${pgArray(opens.map((c) => c.station.id))}::int[], ${pgArray(opens.map((c) => c.tankId))}::int[],
          ${pgArray(opens.map((c) => c.code))}::smallint[], ${pgArray(opens.map((c) => c.ts))}::timestamptz[])
          as o(distributor_id, company_id, station_id, tank_id, code, started_at)
        on conflict do nothing returning id, tank_id, code, ${HEARD}`,
  );
  return { ids: new Map(rows.map((r) => [`${r.tank_id}:${r.code}`, Number(r.id)])), heard: rows[0]?.heard ?? false };
}
