/**
 * The part of a delivery that a period (a station day, a shift, "today") counts (issue 20
 * item 1). A tanker drop can run across the period's edge — 23:45 to 00:20 — and each period
 * must count only the rise that happened in it, or the day it began gets the whole volume and
 * the next day's sales come out short by what it really received.
 *
 * A period's sales are measured between two readings: its start reading and its end reading
 * (sales = start − end + deliveries). Its deliveries are therefore measured between the same
 * two instants: a delivery's part is its rise from max(its start, the start reading) to
 * min(its end, the end reading). Where the period's reading falls inside the drop, the volume
 * at that instant is that reading's own volume; the rise between one day's last reading and
 * the next day's first is then in neither day, exactly like the sales in that interval (the
 * monthly variance is where it shows). Without a reading (a missing start or end, a period
 * still running) the period's own boundary is used and the volume there is interpolated
 * linearly in time between the delivery's start and end volumes.
 *
 * A reading's volume is held within the delivery's start and end volumes: a gauge-reported
 * delivery need not agree with the probe to the litre, and a part is never more than the whole
 * delivery nor below nothing.
 */
/**
 * How far before a period the servers look for a delivery still dropping into it: a tanker
 * drop lasts an hour or two, so a day is ample and keeps the look-up an index range.
 */
export const DELIVERY_LOOKBACK_MS = 24 * 3_600_000;

export interface DeliverySpan {
  startedAtMs: number;
  /** Null while the tanker is still dropping (the caller decides whether such a rise counts). */
  endedAtMs: number | null;
  startVolumeL: number;
  endVolumeL: number;
  /** A delivery still dropping: when the level last rose (its end so far). */
  lastRiseAtMs?: number;
}

export interface PeriodPoint {
  tsMs: number;
  volumeL: number;
}

export interface PeriodEdges {
  /** The period, [startMs, endMs). */
  startMs: number;
  endMs: number;
  /** The reading the period's figures start from, if any. */
  from: PeriodPoint | null;
  /** The reading the period's figures end at, if any. */
  to: PeriodPoint | null;
}

export interface DeliveryPart {
  /** Where the part begins and ends, and the tank's volume there. */
  fromMs: number;
  toMs: number;
  fromVolumeL: number;
  toVolumeL: number;
  deliveredL: number;
}

/** Float sums of litres carry noise (0.1 + 0.2); a thousandth of a litre is below any gauge. */
const roundLitres = (litres: number) => Math.round(litres * 1000) / 1000;

/** The delivery's end so far: its end, or while it still drops, its last rise (or its start). */
const endOf = (d: DeliverySpan) => d.endedAtMs ?? d.lastRiseAtMs ?? d.startedAtMs;

/** The delivery's volume at `tsMs` (within it): the reading there if there is one, else interpolated. */
function volumeAt(d: DeliverySpan, tsMs: number, reading: PeriodPoint | null): number {
  const end = endOf(d);
  if (tsMs <= d.startedAtMs) return d.startVolumeL;
  if (tsMs >= end) return d.endVolumeL;
  const lo = Math.min(d.startVolumeL, d.endVolumeL);
  const hi = Math.max(d.startVolumeL, d.endVolumeL);
  const v = reading !== null && reading.tsMs === tsMs ? reading.volumeL : d.startVolumeL + ((d.endVolumeL - d.startVolumeL) * (tsMs - d.startedAtMs)) / (end - d.startedAtMs);
  return Math.min(hi, Math.max(lo, v));
}

/**
 * The part of `d` the period counts, or null when none of it is in the period. A delivery
 * without duration (a console that reports one instant) belongs wholly to the period it is in.
 */
export function deliveryPart(d: DeliverySpan, period: PeriodEdges): DeliveryPart | null {
  const lo = period.from?.tsMs ?? period.startMs;
  const hi = period.to?.tsMs ?? period.endMs;
  const end = endOf(d);
  if (end <= d.startedAtMs) {
    if (d.startedAtMs < period.startMs || d.startedAtMs >= period.endMs) return null;
    return { fromMs: d.startedAtMs, toMs: d.startedAtMs, fromVolumeL: d.startVolumeL, toVolumeL: d.endVolumeL, deliveredL: roundLitres(d.endVolumeL - d.startVolumeL) };
  }
  const fromMs = Math.max(d.startedAtMs, lo);
  const toMs = Math.min(end, hi);
  if (fromMs >= toMs) return null;
  const fromVolumeL = volumeAt(d, fromMs, period.from);
  const toVolumeL = volumeAt(d, toMs, period.to);
  return { fromMs, toMs, fromVolumeL, toVolumeL, deliveredL: roundLitres(toVolumeL - fromVolumeL) };
}

/** The parts of the deliveries the period counts, each with its delivery, in the deliveries' order. */
export function deliveryParts<D extends DeliverySpan>(deliveries: readonly D[], period: PeriodEdges): { delivery: D; part: DeliveryPart }[] {
  const out: { delivery: D; part: DeliveryPart }[] = [];
  for (const delivery of deliveries) {
    const part = deliveryPart(delivery, period);
    if (part !== null) out.push({ delivery, part });
  }
  return out;
}

/** What the period received from its deliveries: their parts added up. */
export function deliveredInPeriodL(deliveries: readonly DeliverySpan[], period: PeriodEdges): number {
  return roundLitres(deliveryParts(deliveries, period).reduce((sum, p) => sum + p.part.deliveredL, 0));
}
