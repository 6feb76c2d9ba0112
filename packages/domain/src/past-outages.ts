import { OFFLINE_AFTER_MS } from './station-status';

/** An outage [startMs, endMs): the last reading before the silence and the first after it. */
export interface Outage {
  startMs: number;
  endMs: number;
}

/**
 * Outages found in history that arrives late (spec §3 offline record, issue 20): a station is
 * recorded offline live when the server hears nothing for 15 minutes (status-repo's sweep). That
 * cannot see a silence in readings the server receives long after they were taken — a device's
 * stored history sent in one go, a demo backfill — so a gap of more than 15 minutes between two
 * of a station's readings is an outage too, but only when the reading that ends it arrived more
 * than 15 minutes late: a reading that arrives on time was the live watch's to judge (a device
 * that reads hourly but calls in every minute is not offline each hour).
 *
 * `previousMs` is the station's reading before these, if any; `timestamps` need not be sorted.
 */
export function pastOutages(previousMs: number | null, timestamps: readonly number[], receivedAtMs: number, limitMs = OFFLINE_AFTER_MS): Outage[] {
  const sorted = [...new Set(timestamps)].sort((a, b) => a - b);
  const outages: Outage[] = [];
  let last = previousMs;
  for (const ts of sorted) {
    if (last !== null && ts - last > limitMs && receivedAtMs - ts > limitMs) outages.push({ startMs: last, endMs: ts });
    if (last === null || ts > last) last = ts;
  }
  return outages;
}
