/**
 * Sales during a delivery (issue 34 item 1). A station keeps selling while a tanker drops, so
 * the probe sees what arrived less what the pumps drew meanwhile. What the tanker delivered is
 * the rise plus the sales during the drop:
 *
 * - **metered**: the tank's own metered sales over the drop — after its start, up to and
 *   including its end, as a period's sales are counted between its readings — where the
 *   station sends them for the tank (from its first metered record on);
 * - **estimated**: otherwise the tank's sales rate around the drop × the drop's duration. The
 *   rate is the level's fall over up to SALES_RATE_WINDOW_MS before the drop's start and after
 *   its end, over the time those falls took. A side where the level rose by a tanker's step or
 *   more held another drop (or this one's tail), not sales, and is left out; a rate below zero
 *   (thermal swell) is none;
 * - **none** (null): no metered sales and no reading around the drop to estimate from.
 *
 * A tank that was not selling has no fall around the drop: its delivery is its rise.
 */
import { DELIVERY_STEP_RISE_L } from './delivery-detection';

/** How far before and after a drop its tank's sales rate is read. */
export const SALES_RATE_WINDOW_MS = 60 * 60_000;

export const SALES_DURING_SOURCES = ['metered', 'estimated'] as const;
export type SalesDuringSource = (typeof SALES_DURING_SOURCES)[number];

export interface SalesDuring {
  salesL: number;
  source: SalesDuringSource;
}

export interface LevelPoint {
  tsMs: number;
  volumeL: number;
}

/** A drop: its start (the last quiet reading) and its end so far (its last rise), with the volumes there. */
export interface Drop {
  startedAtMs: number;
  startVolumeL: number;
  endedAtMs: number;
  endVolumeL: number;
}

const HOUR_MS = 3_600_000;
const round3 = (v: number) => Math.round(v * 1000) / 1000;

/**
 * The tank's sales rate around a drop, L/h: the level's fall from `before` (a reading within
 * SALES_RATE_WINDOW_MS before the start) to the start, and from the end to `after` (within the
 * window after the end), over their time. Null when neither side gives one.
 */
export function salesRateAroundLph(drop: Drop, before: LevelPoint | null, after: LevelPoint | null): number | null {
  let fallL = 0;
  let spanMs = 0;
  if (before !== null && before.tsMs < drop.startedAtMs && before.tsMs >= drop.startedAtMs - SALES_RATE_WINDOW_MS) {
    const fall = before.volumeL - drop.startVolumeL;
    if (fall > -DELIVERY_STEP_RISE_L) {
      fallL += fall;
      spanMs += drop.startedAtMs - before.tsMs;
    }
  }
  if (after !== null && after.tsMs > drop.endedAtMs && after.tsMs <= drop.endedAtMs + SALES_RATE_WINDOW_MS) {
    const fall = drop.endVolumeL - after.volumeL;
    if (fall > -DELIVERY_STEP_RISE_L) {
      fallL += fall;
      spanMs += after.tsMs - drop.endedAtMs;
    }
  }
  if (spanMs === 0) return null;
  return Math.max(0, (fallL / spanMs) * HOUR_MS);
}

export interface SalesDuringInput {
  /** The span asked about: the whole drop, or a period's part of it. */
  fromMs: number;
  toMs: number;
  /** The tank's metered sales over (from, to]; null where the station sends none for it. */
  meteredL: number | null;
  /** The tank's sales rate around the drop (salesRateAroundLph); null without one. */
  rateLph: number | null;
}

/** What was sold during the span, and where that figure comes from; null when nothing tells. */
export function salesDuring(input: SalesDuringInput): SalesDuring | null {
  if (input.meteredL !== null) return { salesL: round3(Math.max(0, input.meteredL)), source: 'metered' };
  if (input.rateLph !== null) return { salesL: round3((input.rateLph * Math.max(0, input.toMs - input.fromMs)) / HOUR_MS), source: 'estimated' };
  return null;
}

/** What the tanker delivered: the rise plus what was sold meanwhile (the rise alone when nothing tells). */
export function deliveredWithSales(riseL: number, sold: SalesDuring | null): number {
  return round3(riseL + (sold?.salesL ?? 0));
}
