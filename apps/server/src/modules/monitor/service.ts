import type { MonitorOverview, StationMonitor, StationSummary } from '@ullage/contracts/monitor';
import { stationStatus } from '@ullage/domain/station-status';
import type { Db } from '../../db/client';
import { notFound } from '../../plugins/errors';
import type { Scope } from '../scope/scope';
import * as repo from './repo';

export interface MapTiles {
  url: string;
  attribution: string;
}

function summaryOf(row: repo.StationStatusRow, now: Date): StationSummary {
  const { lastSeenAt, address: _a, phone: _p, ...rest } = row;
  return { ...rest, status: stationStatus(lastSeenAt, row.activeAlarmCount, now) };
}

/** The home dashboard and big screen: everything in the viewer's scope. */
export async function overview(db: Db, scope: Scope, now: Date, timezone: string, mapTiles: MapTiles | null): Promise<MonitorOverview> {
  const [stationRows, products, today, deliveries] = await Promise.all([
    repo.stationsWithStatus(db, scope),
    repo.inventoryByProduct(db, scope),
    repo.alarmsSince(db, scope, now, timezone, 50),
    repo.deliveriesSince(db, scope, now, timezone),
  ]);
  const stations = stationRows.map((r) => summaryOf(r, now));
  const count = (status: StationSummary['status']) => stations.filter((s) => s.status === status).length;
  return {
    serverTime: now.toISOString(),
    counts: { total: stations.length, online: count('online'), offline: count('offline'), alarm: count('alarm') },
    products,
    todayAlarms: today.alarms,
    todayAlarmCount: today.count,
    todayDeliveryCount: deliveries.count,
    todayDeliveredL: deliveries.litres,
    stations,
    mapTiles,
  };
}

/** One station's live state; 80001 when it is not in the viewer's scope. */
export async function stationMonitor(db: Db, scope: Scope, stationId: number, now: Date): Promise<StationMonitor> {
  const [row] = await repo.stationsWithStatus(db, scope, stationId);
  if (!row) throw notFound();
  const [tanks, sensors, alarms] = await Promise.all([repo.tanksOf(db, stationId), repo.sensorsOf(db, stationId), repo.activeAlarmsOf(db, stationId)]);
  return { serverTime: now.toISOString(), station: { ...summaryOf(row, now), address: row.address, phone: row.phone }, tanks, sensors, alarms };
}
