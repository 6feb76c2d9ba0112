import { endedDaysOf } from '@ullage/domain/tank-day-books';
import { dayOf, dayWindow, type DayWindow } from '@ullage/domain/station-day';
import type { Evaluator } from '../ingest/ingest';
import { markBooksStale, type TankDayMark } from './books-repo';

/**
 * The ingest evaluator that keeps tank-day books honest (domain tank-day-books.ts): new readings
 * in a day that is over mark that tank day's book stale, in the transaction that writes them,
 * so a book never outlives the readings it was figured from. Readings of the running day — all
 * but late ones — mark nothing, and are told apart with one comparison per tank.
 */
export function tankDayBookMarks(): Evaluator {
  // The day running in each zone at the last look: most batches need no zone arithmetic.
  const running = new Map<string, DayWindow>();
  return async ({ db, batches, readings, fresh }) => {
    if (fresh.size === 0) return;
    let nowMs = -Infinity;
    const zoneOf = new Map<number, string>();
    for (const b of batches) {
      nowMs = Math.max(nowMs, b.receivedAt.getTime());
      for (const r of b.readings.newest) zoneOf.set(r.tankId, b.station.timezone);
    }
    const marks: TankDayMark[] = [];
    for (const [tankId, f] of fresh) {
      const timezone = zoneOf.get(tankId);
      if (timezone === undefined) continue;
      let today = running.get(timezone);
      if (!today || nowMs < today.startMs || nowMs >= today.endMs) {
        today = dayWindow(dayOf(nowMs, timezone), timezone);
        running.set(timezone, today);
      }
      if (f.firstMs >= today.startMs) continue;
      const points = readings.byTank.get(tankId)?.points;
      const times = points && points.length > 0 ? points.map((p) => p.tsMs) : [f.firstMs, f.lastMs];
      for (const window of endedDaysOf(times, timezone, nowMs)) marks.push({ tankId, window });
    }
    await markBooksStale(db, marks);
  };
}
