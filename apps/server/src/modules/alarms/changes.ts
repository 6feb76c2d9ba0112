import type { Db } from '../../db/client';
import type { StationKeys } from '../../lib/station-keys';
import { recordAlarmEvents } from '../webhooks/service';
import * as repo from './repo';

/*
 * Every opening and ending of an alarm, with its webhook events (issue 38: alarm.opened,
 * alarm.ended and the leak test's, variance's and run-out's own) written by the next statement
 * of the same transaction: the caller's (ingest's batch), or one opened here. Nothing more is
 * written when nothing changed, so the device path pays only when an alarm opens or ends.
 */

export async function openAlarm(db: Db, station: StationKeys, key: repo.AlarmKey, startedAt: string, source: 'device' | 'server'): Promise<number | null> {
  const id = await repo.openAlarm(db, station, key, startedAt, source);
  if (id !== null) await recordAlarmEvents(db, 'opened', [id]);
  return id;
}

/** Ends the active alarm with this key (or, without a code, every active alarm of the sensor); answers how many ended. */
export async function clearAlarm(db: Db, stationId: number, key: Omit<repo.AlarmKey, 'code'> & { code: number | null }, endedAt: string, source?: 'device' | 'server'): Promise<number> {
  const ids = await repo.clearAlarm(db, stationId, key, endedAt, source);
  await recordAlarmEvents(db, 'ended', ids);
  return ids.length;
}

export async function endServerLevelAlarms(db: Db, ends: readonly repo.LevelChange[]): Promise<void> {
  await recordAlarmEvents(db, 'ended', await repo.endServerLevelAlarms(db, ends));
}

export async function openServerLevelAlarms(db: Db, opens: readonly repo.LevelChange[]): Promise<Map<string, number>> {
  const ids = await repo.openServerLevelAlarms(db, opens);
  await recordAlarmEvents(db, 'opened', [...ids.values()]);
  return ids;
}
