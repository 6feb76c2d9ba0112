import type { Evaluator } from '../ingest/ingest';
import { markStations } from './profile-cache';

const HOUR_MS = 3_600_000;

/**
 * The ingest evaluator that keeps the forecast's kept profiles honest (profile-cache.ts): a
 * batch with new data of an hour already over — readings, metered sales, totaliser readings,
 * a measured delivery — marks its station in the transaction that writes it, so no profile
 * outlives the data it was computed from. Real-time batches (the hour under way) mark nothing,
 * and are told apart with a few comparisons; a delivery the level shows ends and starts at
 * readings, which speak for it.
 */
export function forecastProfileMarks(options: { /** Stations whose marks wait (the demo's history replay marks them at its end). */ deferred?: (stationId: number) => boolean } = {}): Evaluator {
  return async ({ db, batches, fresh }) => {
    const late = new Set<number>();
    for (const b of batches) {
      if (options.deferred?.(b.station.id)) continue;
      const hourStartMs = Math.floor(b.receivedAt.getTime() / HOUR_MS) * HOUR_MS;
      let earliest = Infinity;
      for (const tankId of new Set(b.readings.tankId)) earliest = Math.min(earliest, fresh.get(tankId)?.firstMs ?? Infinity);
      for (const s of b.parts.sales) earliest = Math.min(earliest, Date.parse(s.sale.ts));
      for (const m of b.parts.meterTotals) earliest = Math.min(earliest, Date.parse(m.total.ts));
      for (const d of b.parts.deliveries) earliest = Math.min(earliest, Date.parse(d.delivery.startedAt));
      if (earliest < hourStartMs) late.add(b.station.id);
    }
    await markStations(db, [...late]);
  };
}
