import type { Evaluator } from '../ingest/ingest';
import { markStations } from './profile-cache';

const HOUR_MS = 3_600_000;

/**
 * How late a reading may land and mark nothing. The reports' kept heads of the running day end
 * ten minutes behind the clock (tank-days/day-heads.ts HEAD_LAG_MS), within the hour under way:
 * a reading older than this, landing after a head was read, must make it doubtful too.
 */
export const LATE_READING_MS = 5 * 60_000;

/**
 * The ingest evaluator that keeps the forecast's kept profiles honest (profile-cache.ts): a
 * batch with new data of an hour already over — readings, metered sales, totaliser readings,
 * a measured delivery — marks its station in the transaction that writes it, so no profile
 * outlives the data it was computed from; so does a reading over LATE_READING_MS late, for the
 * running days' heads that read the same marks. Real-time batches mark nothing, and are told
 * apart with a few comparisons; a delivery the level shows ends and starts at readings, which
 * speak for it.
 */
export function forecastProfileMarks(options: { /** Stations whose marks wait (the demo's history replay marks them at its end). */ deferred?: (stationId: number) => boolean } = {}): Evaluator {
  return async ({ db, batches, fresh }) => {
    const late = new Set<number>();
    for (const b of batches) {
      if (options.deferred?.(b.station.id)) continue;
      const hourStartMs = Math.floor(b.receivedAt.getTime() / HOUR_MS) * HOUR_MS;
      let reading = Infinity;
      for (const tankId of new Set(b.readings.tankId)) reading = Math.min(reading, fresh.get(tankId)?.firstMs ?? Infinity);
      let other = Infinity;
      for (const s of b.parts.sales) other = Math.min(other, Date.parse(s.sale.ts));
      for (const m of b.parts.meterTotals) other = Math.min(other, Date.parse(m.total.ts));
      for (const d of b.parts.deliveries) other = Math.min(other, Date.parse(d.delivery.startedAt));
      if (other < hourStartMs || reading < Math.max(hourStartMs, b.receivedAt.getTime() - LATE_READING_MS)) late.add(b.station.id);
    }
    await markStations(db, [...late]);
  };
}
