/**
 * Tanker deliveries found in a tank's readings: the product volume rises faster than any
 * measurement noise could explain, for as long as the tanker drops, and then settles. Sales
 * continue during a delivery, so the delivered volume is the rise seen by the probe — the
 * figure the daily book uses (spec §9: sales = start − end + deliveries).
 *
 * A silence (a power cut, readings lost) can fall inside a drop: the level rose while no
 * reading watched it. Across readings further apart than DELIVERY_MAX_GAP_MS a rise of
 * DELIVERY_MIN_L or more is still a tanker's product — nothing else puts that much into a tank
 * (a probe's spike is told apart afterwards, as within readings: data_jumps back_ts) — so it is
 * one step of the drop, which runs on across the silence. Left out, a power cut in the middle of
 * a drop split it and dropped the rise under the cut: the delivery came out short by it and
 * the day's sales (start − end + deliveries) short by as much, below zero on a quiet day. A
 * smaller rise across a silence is not told from the product's swell with its temperature over
 * the silence, and is no step.
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
/**
 * Readings further apart than this (the upload gap of spec §9) make a step of a rise only if
 * it is DELIVERY_MIN_L or more: a tanker dropped while the silence lasted.
 */
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
  const rising = prev !== null && point.volumeL - prev.volumeL >= (point.tsMs - prev.tsMs <= DELIVERY_MAX_GAP_MS ? DELIVERY_STEP_RISE_L : DELIVERY_MIN_L);
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
