import { reachesAnyThreshold } from '@ullage/domain/threshold-alarms';
import type { PreparedBatch } from './batch-writer';

/**
 * A report of at most this many readings is a device's live report (a reading per tank, a few
 * with late ones), not a backlog: with a reading at one of its tank's thresholds it takes the
 * alarm lane. A backlog of 1,000 readings that touches a threshold stays in the bulk groups,
 * where it would otherwise hold the lane's alarms behind it.
 */
export const LIVE_REPORT_READINGS = 100;

/**
 * Whether a batch goes on the writer's alarm lane, written ahead of bulk readings because someone
 * waits for it on an alarm feed: it carries a device alarm or a sensor in alarm (with the
 * device's few readings of that moment), or it is a live report with a reading at a threshold,
 * which the server's own threshold rule may open an alarm on (DESIGN §8: report → alarm on a
 * feed, p99 < 250 ms under load, for threshold crossings as for device alarms; in the bulk groups
 * they waited behind 20,000 readings). Whether the alarm is already open is not known here, so a
 * tank staying over its threshold keeps its reports on the lane while it does: they lead the next
 * group, and only beside a large one go in a transaction of their own (group-schedule.ts).
 */
export function onAlarmLane(batch: PreparedBatch): boolean {
  if (batch.parts.alarms.length > 0 || batch.parts.sensors.some((s) => s.state === 'alarm')) return true;
  return batch.readings.count <= LIVE_REPORT_READINGS && reachesThreshold(batch);
}

function reachesThreshold({ station, readings: r }: PreparedBatch): boolean {
  for (let i = 0; i < r.count; i++) {
    for (const tank of station.tanks.values()) {
      if (tank.id !== r.tankId[i]) continue;
      if (reachesAnyThreshold(tank.thresholds, { productHeightMm: r.productHeightMm[i]!, waterHeightMm: r.waterHeightMm[i]! })) return true;
      break;
    }
  }
  return false;
}
