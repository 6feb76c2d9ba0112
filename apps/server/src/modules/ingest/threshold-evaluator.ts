import { sql } from 'drizzle-orm';
import { activeThresholdAlarms, reachesAnyThreshold, THRESHOLD_CODES } from '@ullage/domain/threshold-alarms';
import { pgArray, rawRows } from '../../lib/raw-sql';
import type { EvaluationContext } from './batch-writer';
import { clearAlarm, openAlarm } from './device-state-repo';
import type { IngestTank } from './device-stations';

const CODES: readonly number[] = Object.values(THRESHOLD_CODES);

/**
 * The server's own level alarms (issue 5): each tank's new readings, in time order, against its
 * thresholds with hysteresis (packages/domain/src/threshold-alarms.ts). Only changes touch
 * the database: an alarm opens at the reading that crossed, and ends at the one that came back.
 */
export async function evaluateThresholds({ db, batches, fresh, raise }: EvaluationContext): Promise<void> {
  const work = new Map<number, { tank: IngestTank; batch: (typeof batches)[number]; order: number[] }>();
  for (const batch of batches) {
    const tanksById = new Map([...batch.station.tanks.values()].map((t) => [t.id, t]));
    const r = batch.readings;
    for (let i = 0; i < r.count; i++) {
      const tank = tanksById.get(r.tankId[i]!);
      if (!tank) continue;
      // Only readings newer than the tank's stored ones say what its level is now: a resent
      // reading was judged when it first came, and a late one must not end or open today's alarm.
      const f = fresh.get(tank.id);
      if (!f || r.tsMs[i]! < f.firstMs || (f.prevLatestMs !== null && r.tsMs[i]! <= f.prevLatestMs)) continue;
      const entry = work.get(tank.id) ?? { tank, batch, order: [] };
      entry.order.push(i);
      work.set(tank.id, entry);
    }
  }
  // Tanks with no threshold set have nothing to evaluate.
  for (const [id, { tank }] of work) {
    const t = tank.thresholds;
    if (t.highOilAlarmMm === null && t.highOilWarnMm === null && t.lowOilWarnMm === null && t.lowOilAlarmMm === null && t.highWaterAlarmMm === null) work.delete(id);
  }
  if (work.size === 0) return;

  const active = await rawRows<{ tank_id: number; code: number }>(
    db,
    sql`select tank_id, code from alarms
        where ended_at is null and kind = 'level' and tank_id = any(${pgArray([...work.keys()])}::int[]) and code = any(${pgArray(CODES)}::smallint[])`,
  );
  const activeOf = new Map<number, Set<number>>();
  for (const a of active) activeOf.set(a.tank_id, (activeOf.get(a.tank_id) ?? new Set()).add(a.code));

  for (const [tankId, { tank, batch, order }] of work) {
    const r = batch.readings;
    order.sort((a, b) => r.tsMs[a]! - r.tsMs[b]!);
    let now: Set<number> = activeOf.get(tankId) ?? new Set();
    for (const i of order) {
      const point = { productHeightMm: r.productHeightMm[i]!, waterHeightMm: r.waterHeightMm[i]! };
      if (now.size === 0 && !reachesAnyThreshold(tank.thresholds, point)) continue;
      const next = activeThresholdAlarms(tank.thresholds, now, point);
      const ts = new Date(r.tsMs[i]!).toISOString();
      for (const code of next) {
        if (now.has(code)) continue;
        const id = await openAlarm(db, batch.station, { kind: 'level', tankId, sensorNo: null, code }, ts, 'server');
        if (id !== null) {
          raise(batch.station.id, { id, stationId: batch.station.id, stationName: batch.station.name, timezone: batch.station.timezone, kind: 'level', code, tankCode: tank.code, sensorNo: null, startedAt: ts, endedAt: null });
        }
      }
      for (const code of now) {
        if (!(next as Set<number>).has(code)) await clearAlarm(db, batch.station.id, { kind: 'level', tankId, sensorNo: null, code }, ts, 'server');
      }
      now = next;
    }
  }
}
