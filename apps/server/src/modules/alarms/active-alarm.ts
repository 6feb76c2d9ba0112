import type { ActiveAlarm } from '@ullage/contracts/monitor';

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

/**
 * An alarm as pages and feeds name it, from a row of `alarms` joined with its station and tank
 * (columns id, station_id, station_name, timezone, kind, code, tank_code, sensor_no, started_at,
 * ended_at): the monitor's list and the live feed read the same shape.
 */
export function activeAlarmOf(r: Record<string, unknown>): ActiveAlarm {
  return {
    id: Number(r.id),
    stationId: r.station_id as number,
    stationName: r.station_name as string,
    timezone: r.timezone as string,
    kind: r.kind as 'level' | 'leak',
    code: r.code as number,
    tankCode: (r.tank_code as string | null) ?? null,
    sensorNo: (r.sensor_no as string | null) ?? null,
    startedAt: iso(r.started_at)!,
    endedAt: iso(r.ended_at),
  };
}
