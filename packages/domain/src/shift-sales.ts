import { deliveryParts, type DeliveryPart } from './delivery-parts';
import { daysBetween, isDay } from './station-day';

/**
 * Sales per shift and tank (issue 6 item 8): spec §9's daily sales rule applied to a shift.
 * sales = start volume − end volume + deliveries in the shift, where
 * - the start is the first reading at or after the shift's start, no later than 15 minutes
 *   after it, and the end is the last reading at or before the shift's end, no earlier than
 *   15 minutes before it (spec §9's tolerance of the daily report);
 * - the ended deliveries count by the part of their rise between the shift's start and end
 *   readings (delivery-parts.ts; without one of them, from or up to the shift's own edge): a
 *   drop that runs across a shift change gives each shift what came in during it.
 * Without a start or an end reading the sales are unknown, and the shift says which is missing.
 */
export const SHIFT_EDGE_TOLERANCE_MS = 15 * 60_000;
/** The most station days one query of the shift page may cover. */
export const SHIFT_RANGE_MAX_DAYS = 31;

export interface Window {
  startMs: number;
  endMs: number;
}

/** Where the start and end readings may be, both bounds included. */
export interface EdgeSearch {
  startFromMs: number;
  startToMs: number;
  endFromMs: number;
  endToMs: number;
}

export function edgeSearch(window: Window): EdgeSearch {
  return {
    startFromMs: window.startMs,
    startToMs: window.startMs + SHIFT_EDGE_TOLERANCE_MS,
    endFromMs: window.endMs - SHIFT_EDGE_TOLERANCE_MS,
    endToMs: window.endMs,
  };
}

export interface VolumeReading {
  tsMs: number;
  volumeL: number;
}

/** The start and end readings of a shift among a tank's readings (any order). */
export function shiftEdges<R extends VolumeReading>(readings: readonly R[], window: Window): { start: R | null; end: R | null } {
  const search = edgeSearch(window);
  let start: R | null = null;
  let end: R | null = null;
  for (const r of readings) {
    if (r.tsMs >= search.startFromMs && r.tsMs <= search.startToMs && (start === null || r.tsMs < start.tsMs)) start = r;
    if (r.tsMs >= search.endFromMs && r.tsMs <= search.endToMs && (end === null || r.tsMs > end.tsMs)) end = r;
  }
  return { start, end };
}

export interface DeliveryVolumes {
  startedAtMs: number;
  /** Null while the tanker is still dropping: not counted until it has ended. */
  endedAtMs: number | null;
  startVolumeL: number;
  endVolumeL: number;
}

/** The deliveries a shift counts (ended, and delivered into it between its start and end readings), each with its part. */
export function deliveriesInShift<D extends DeliveryVolumes>(
  deliveries: readonly D[],
  window: Window,
  start: VolumeReading | null,
  end: VolumeReading | null,
): { delivery: D; part: DeliveryPart }[] {
  return deliveryParts(
    deliveries.filter((d) => d.endedAtMs !== null),
    { startMs: window.startMs, endMs: window.endMs, from: start, to: end },
  );
}

/** Float sums of litres carry noise (0.1 + 0.2); a thousandth of a litre is below any gauge. */
export const roundLitres = (litres: number) => Math.round(litres * 1000) / 1000;

/** What the counted parts add up to. */
export function deliveredVolumeL(parts: readonly { part: DeliveryPart }[]): number {
  return roundLitres(parts.reduce((sum, p) => sum + p.part.deliveredL, 0));
}

/** start − end + deliveries; unknown (null) without a start or an end volume. */
export function shiftSalesL(startVolumeL: number | null, endVolumeL: number | null, deliveredL: number): number | null {
  if (startVolumeL === null || endVolumeL === null) return null;
  return roundLitres(startVolumeL - endVolumeL + deliveredL);
}

export interface ShiftFigures<R extends VolumeReading> {
  start: R | null;
  end: R | null;
  deliveredL: number;
  deliveryCount: number;
  salesL: number | null;
  missingStart: boolean;
  missingEnd: boolean;
}

/** One tank's figures for one shift, from its readings and deliveries. */
export function shiftFigures<R extends VolumeReading>(window: Window, readings: readonly R[], deliveries: readonly DeliveryVolumes[]): ShiftFigures<R> {
  const { start, end } = shiftEdges(readings, window);
  const counted = deliveriesInShift(deliveries, window, start, end);
  const deliveredL = deliveredVolumeL(counted);
  return {
    start,
    end,
    deliveredL,
    deliveryCount: counted.length,
    salesL: shiftSalesL(start?.volumeL ?? null, end?.volumeL ?? null, deliveredL),
    missingStart: start === null,
    missingEnd: end === null,
  };
}

/**
 * A sum of tank figures (a shift across its tanks, a product across shifts): the known sales
 * added up, and how many figures were unknown and left out. Sales are null when none is known.
 */
export interface SalesSum {
  salesL: number | null;
  deliveredL: number;
  unknownCount: number;
}

export function sumSales(figures: readonly { salesL: number | null; deliveredL: number }[]): SalesSum {
  let sales: number | null = null;
  let delivered = 0;
  let unknown = 0;
  for (const f of figures) {
    delivered += f.deliveredL;
    if (f.salesL === null) unknown++;
    else sales = (sales ?? 0) + f.salesL;
  }
  return { salesL: sales === null ? null : roundLitres(sales), deliveredL: roundLitres(delivered), unknownCount: unknown };
}

export type DayRangeProblem = { field: 'fromDay' | 'toDay'; rule: 'invalid' | 'beforeEnd' | 'maxDays' };

/** The days a query covers: real days, the first not after the last, at most 31 of them. */
export function dayRangeProblems(fromDay: string, toDay: string): DayRangeProblem[] {
  const problems: DayRangeProblem[] = [];
  if (!isDay(fromDay)) problems.push({ field: 'fromDay', rule: 'invalid' });
  if (!isDay(toDay)) problems.push({ field: 'toDay', rule: 'invalid' });
  if (problems.length > 0) return problems;
  if (fromDay > toDay) return [{ field: 'fromDay', rule: 'beforeEnd' }];
  if (daysBetween(fromDay, toDay).length > SHIFT_RANGE_MAX_DAYS) return [{ field: 'toDay', rule: 'maxDays' }];
  return [];
}
