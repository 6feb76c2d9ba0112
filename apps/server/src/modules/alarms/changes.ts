import type { Db } from '../../db/client';
import type { StationKeys } from '../../lib/station-keys';
import { recordAlarmEvents } from '../webhooks/service';
import * as repo from './repo';

/*
 * Every opening and ending of an alarm, with its webhook events (issue 38: alarm.opened,
 * alarm.ended and the leak test's, variance's and run-out's own) written by the next statement
 * of the same transaction: the caller's (ingest's batch), or one opened here. Nothing more is
 * written when nothing changed, or when no webhook endpoint is enabled (the changing statement
 * says so), so the device path pays only when an alarm opens or ends and someone listens.
 */

export async function openAlarm(db: Db, station: StationKeys, key: repo.AlarmKey, startedAt: string, source: 'device' | 'server'): Promise<number | null> {
  const opened = await repo.openAlarm(db, station, key, startedAt, source);
  if (opened?.heard) await recordAlarmEvents(db, 'opened', [opened.ids]);
  return opened?.ids ?? null;
}

/** Ends the active alarm with this key (or, without a code, every active alarm of the sensor); answers how many ended. */
export async function clearAlarm(db: Db, stationId: number, key: Omit<repo.AlarmKey, 'code'> & { code: number | null }, endedAt: string, source?: 'device' | 'server'): Promise<number> {
  const ended = await repo.clearAlarm(db, stationId, key, endedAt, source);
  if (ended.heard) await recordAlarmEvents(db, 'ended', ended.ids);
  return ended.ids.length;
}

/** Ends the active leak alarms of these sensors back to normal (repo.clearSensorAlarms), with their webhook events. */
export async function clearSensorAlarms(db: Db, stationId: number, normal: readonly { sensorNo: string; ts: string }[]): Promise<void> {
  const ended = await repo.clearSensorAlarms(db, stationId, normal);
  if (ended.heard) await recordAlarmEvents(db, 'ended', ended.ids);
}

export async function endServerLevelAlarms(db: Db, ends: readonly repo.LevelChange[]): Promise<void> {
  const ended = await repo.endServerLevelAlarms(db, ends);
  if (ended.heard) await recordAlarmEvents(db, 'ended', ended.ids);
}

export async function openServerLevelAlarms(db: Db, opens: readonly repo.LevelChange[]): Promise<Map<string, number>> {
  const opened = await repo.openServerLevelAlarms(db, opens);
  if (opened.heard) await recordAlarmEvents(db, 'opened', [...opened.ids.values()]);
  return opened.ids;
}
