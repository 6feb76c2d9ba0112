/**
 * Tanker deliveries found in a tank's readings: the product volume rises faster than any
 * measurement noise could explain, for as long as the tanker drops, and then settles. Sales
 * continue during a delivery, so the delivered volume is the rise seen by the probe — the
 * figure the daily book uses (spec §9: sales = start − end + deliveries).
 *
 * Invariant: points are fed in time order, one tank at a time.
 */
export interface VolumePoint {
  tsMs: number;
  volumeL: number;
}

/** A delivery in progress (or just finished): from the last quiet reading to the last rise. */
export interface DeliveryTrack {
  startedAtMs: number;
  startVolumeL: number;
  lastRiseAtMs: number;
  endVolumeL: number;
}

/** One reading's rise that counts as a tanker dropping (noise and thermal swell stay below it). */
export const DELIVERY_STEP_RISE_L = 50;
/** A rise smaller than this in total was not a delivery (a probe hiccup, a refilled sample). */
export const DELIVERY_MIN_L = 500;
/** Readings further apart than this do not make one rise (the upload gap of spec §9). */
export const DELIVERY_MAX_GAP_MS = 15 * 60_000;
/** No rise for this long: the delivery is over. */
export const DELIVERY_SETTLE_MS = 10 * 60_000;

export interface DeliveryStep {
  /** The delivery still in progress after this point, if any. */
  open: DeliveryTrack | null;
  /** A delivery that this point showed to be over, if it was big enough to count. */
  finished: DeliveryTrack | null;
}

export function stepDelivery(open: DeliveryTrack | null, prev: VolumePoint | null, point: VolumePoint): DeliveryStep {
  const rising = prev !== null && point.tsMs - prev.tsMs <= DELIVERY_MAX_GAP_MS && point.volumeL - prev.volumeL >= DELIVERY_STEP_RISE_L;
  if (rising) {
    if (!open) return { open: { startedAtMs: prev.tsMs, startVolumeL: prev.volumeL, lastRiseAtMs: point.tsMs, endVolumeL: point.volumeL }, finished: null };
    return { open: { ...open, lastRiseAtMs: point.tsMs, endVolumeL: Math.max(open.endVolumeL, point.volumeL) }, finished: null };
  }
  if (open && point.tsMs - open.lastRiseAtMs > DELIVERY_SETTLE_MS) {
    return { open: null, finished: deliveredL(open) >= DELIVERY_MIN_L ? open : null };
  }
  return { open, finished: null };
}

export function deliveredL(track: DeliveryTrack): number {
  return Math.round((track.endVolumeL - track.startVolumeL) * 10) / 10;
}

/** Runs a tank's points through the detector; answers the deliveries found and what is still open. */
export function detectDeliveries(points: readonly VolumePoint[], open: DeliveryTrack | null = null, prev: VolumePoint | null = null) {
  const finished: DeliveryTrack[] = [];
  let last = prev;
  for (const point of points) {
    const step = stepDelivery(open, last, point);
    open = step.open;
    if (step.finished) finished.push(step.finished);
    last = point;
  }
  return { finished, open };
}
