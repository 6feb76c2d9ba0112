import type { AlarmRow } from '@ullage/contracts/alarms';
import type { LiveAlarm } from '../../lib/alarm-feed';
import { stationDateTime } from '../../lib/station-time';

/**
 * /realAlarm: the open alarms the server lists, and the alarms the live feed announced during
 * the visit. A feed message carries no id, so it stands on its own until the list shows the
 * same alarm (same station, tank or sensor and start time, on the station's clock, which is
 * how the feed writes it); then the list's fuller row replaces it.
 */
export interface LiveEntry {
  /** Order of arrival, for keys and for newest-first. */
  seq: number;
  alarm: LiveAlarm;
}

export function liveKey(alarm: LiveAlarm): string {
  return [alarm.stationName ?? '', alarm.tankCode ?? alarm.sensorNo ?? '', alarm.startTime ?? ''].join('|');
}

export function rowKey(row: Pick<AlarmRow, 'stationName' | 'tankCode' | 'sensorNo' | 'startedAt' | 'timezone'>): string {
  return [row.stationName, row.tankCode ?? row.sensorNo ?? '', stationDateTime(row.startedAt, row.timezone) ?? ''].join('|');
}

/** Rows of several lists (level, leak, recent) once each, newest start first. */
export function mergeAlarmRows(lists: readonly (readonly AlarmRow[] | undefined)[]): AlarmRow[] {
  const byId = new Map<number, AlarmRow>();
  for (const list of lists) for (const row of list ?? []) byId.set(row.id, row);
  return [...byId.values()].sort((a, b) => Date.parse(b.startedAt) - Date.parse(a.startedAt) || b.id - a.id);
}

/** The feed's alarms the list does not show yet, newest arrival first. */
export function pendingLive(live: readonly LiveEntry[], rows: readonly AlarmRow[]): LiveEntry[] {
  const listed = new Set(rows.map(rowKey));
  return live.filter((entry) => !listed.has(liveKey(entry.alarm))).sort((a, b) => b.seq - a.seq);
}

/** Rows that were not there when the page first loaded: they arrived during the visit. */
export function arrivedIds(rows: readonly AlarmRow[], firstSeen: ReadonlySet<number> | null): Set<number> {
  if (!firstSeen) return new Set();
  return new Set(rows.filter((row) => !firstSeen.has(row.id)).map((row) => row.id));
}
