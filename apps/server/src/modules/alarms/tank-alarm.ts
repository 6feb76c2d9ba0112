import type { Db } from '../../db/client';
import type { LiveHub } from '../../live/hub';
import { clearAlarm, openAlarm } from './changes';
import type { AlarmKey } from './repo';

/** A tank as the server's periodic jobs raise an alarm on it: where the alarm is kept and what the live feed shows. */
export interface AlarmTank {
  tankId: number;
  tankCode: string;
  stationId: number;
  stationName: string;
  companyId: number;
  distributorId: number;
  timezone: string;
}

const keyOf = (tankId: number, code: number): AlarmKey => ({ kind: 'level', tankId, sensorNo: null, code });

/**
 * Opens the server's level alarm `code` on a tank (the leak-test, variance and run-out jobs) and
 * tells the live feed, as ingest does for its own. Answers false, telling no one, when that alarm
 * was open already.
 */
export async function openTankAlarm(db: Db, live: LiveHub | undefined, tank: AlarmTank, code: number, at: string): Promise<boolean> {
  // A transaction of its own: the alarm and its webhook events commit together.
  const id = await db.transaction((tx) => openAlarm(tx as unknown as Db, { id: tank.stationId, companyId: tank.companyId, distributorId: tank.distributorId }, keyOf(tank.tankId, code), at, 'server'));
  if (id === null) return false;
  live?.publish(
    { distributorId: tank.distributorId, companyId: tank.companyId, stationId: tank.stationId },
    { type: 'alarm', stationId: tank.stationId, alarm: { id, stationId: tank.stationId, stationName: tank.stationName, timezone: tank.timezone, kind: 'level', code, tankCode: tank.tankCode, sensorNo: null, startedAt: at, endedAt: null } },
  );
  return true;
}

/** Ends the server's level alarm `code` on a tank, if open; one a device raised stays. */
export async function endTankAlarm(db: Db, tank: Pick<AlarmTank, 'tankId' | 'stationId'>, code: number, at: string): Promise<void> {
  await db.transaction((tx) => clearAlarm(tx as unknown as Db, tank.stationId, keyOf(tank.tankId, code), at, 'server'));
}
