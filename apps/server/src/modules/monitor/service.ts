import type { MonitorOverview, StationMonitor, StationSummary } from '@ullage/contracts/monitor';
import { deliveryPart } from '@ullage/domain/delivery-parts';
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

/**
 * Today's deliveries: those begun since midnight, and the part after midnight of one begun
 * before it (a drop from 23:45 to 00:20 brought today only what came after the first reading
 * since midnight, as the daily report counts it).
 */
function todayDeliveries(d: Awaited<ReturnType<typeof repo.deliveriesSince>>) {
  let count = d.count;
  let litres = d.litres;
  for (const c of d.carried) {
    const part = deliveryPart(c, { startMs: c.midnightMs, endMs: Number.MAX_SAFE_INTEGER, from: c.firstReading, to: null });
    if (part === null) continue;
    count++;
    litres += part.deliveredL;
  }
  return { count, litres: Math.round(litres * 10) / 10 };
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
  const delivered = todayDeliveries(deliveries);
  const count = (status: StationSummary['status']) => stations.filter((s) => s.status === status).length;
  return {
    serverTime: now.toISOString(),
    counts: { total: stations.length, online: count('online'), offline: count('offline'), alarm: count('alarm') },
    products,
    todayAlarms: today.alarms,
    todayAlarmCount: today.count,
    todayDeliveryCount: delivered.count,
    todayDeliveredL: delivered.litres,
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
