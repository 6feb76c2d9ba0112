import { deliveryParts } from './delivery-parts';
import { isDay } from './station-day';

/**
 * Daily tank inventory (spec §9, issue 6 item 1, route abnormal_can). For one tank and one
 * station-local day [00:00, 24:00) — 23 or 25 hours across a DST change (station-day.ts):
 * - the start volume is the day's first reading if it came no later than 15 minutes after
 *   00:00 (00:15:00 counts, 00:15:01 does not);
 * - the end volume is the day's last reading if it came no earlier than 15 minutes before
 *   24:00 (23:45:00 counts, 23:44:59 does not); a reading at 24:00 itself is the next day's;
 * - deliveries are the ended deliveries, each by the part of its rise between the day's first and
 *   last readings (delivery-parts.ts): a drop from 23:45 to 00:20 gives the day it began its
 *   rise up to that day's last reading and the next day the rest from its first reading on;
 * - sales = start − end + deliveries, unknown (null) without a start or an end;
 * - a discontinuity (gap) is two consecutive readings of the day more than 15 minutes apart
 *   (exactly 15 minutes is not a gap). The day's edges are judged by the start and end rules,
 *   so silence before the first or after the last reading is a missing start or end, not a
 *   gap, and no silence is counted twice or on two days.
 * A day with a missing start, a missing end or a gap is abnormal, and says which.
 *
 * The server finds the first and last readings and the candidate gaps in SQL (index range
 * scans on the readings' (tank, ts) key); these functions decide the figures and flags.
 */
export const DAY_EDGE_TOLERANCE_MS = 15 * 60_000;
/** More than this between consecutive readings is a discontinuity. */
export const DAY_GAP_MS = 15 * 60_000;
/** The most days one query of the daily report may cover. */
export const DAILY_RANGE_MAX_DAYS = 31;
/** A day lists at most this many of its gaps (it still counts them all). */
export const DAY_GAPS_LISTED = 50;

export interface DayBounds {
  startMs: number;
  endMs: number;
}

export interface DayReading {
  tsMs: number;
  volumeL: number;
}

export interface Gap {
  /** The reading before the silence and the one after it. */
  fromMs: number;
  toMs: number;
}

export interface DayDelivery {
  startedAtMs: number;
  /** Null while the tanker is still dropping: not counted until it has ended. */
  endedAtMs: number | null;
  startVolumeL: number;
  endVolumeL: number;
}

export interface DayDeliveryPart {
  startedAtMs: number;
  deliveredL: number;
  /** The part's span: sales during the part are those over (fromMs, toMs]. */
  fromMs: number;
  toMs: number;
  /** The whole drop's end and its volumes at start and end. */
  endedAtMs: number;
  startVolumeL: number;
  endVolumeL: number;
}

/** What the server's aggregation finds for one tank and day. */
export interface DayAggregates<R extends DayReading> {
  window: DayBounds;
  /** The day's first and last readings, whenever in the day they came. */
  first: R | null;
  last: R | null;
  /** Consecutive readings of the day found apart by more than DAY_GAP_MS (checked again here). */
  gaps: readonly Gap[];
  /** The tank's deliveries around the day; those of the day are picked here. */
  deliveries: readonly DayDelivery[];
  /** The server's clock: a day that has not ended is in progress and has no end yet. */
  nowMs: number;
}

export interface DailyInventory<R extends DayReading> {
  start: R | null;
  end: R | null;
  deliveredL: number;
  /** Deliveries that delivered into the day (a drop across midnight counts on both days). */
  deliveryCount: number;
  /** Their starts: a tank's delivery is known by its start, so a month counts a drop across midnight once. */
  deliveryStartsMs: readonly number[];
  /**
   * Each counted delivery's part of the day (by its start), for its ticket's share
   * (reconciliation.ts), with the span the part covers and the whole drop (for the sales
   * during it, delivery-sales.ts).
   */
  deliveryParts: readonly DayDeliveryPart[];
  salesL: number | null;
  missingStart: boolean;
  missingEnd: boolean;
  /** The day has not ended: no end volume or sales yet, and no missing end. */
  inProgress: boolean;
  gapCount: number;
  /** The first DAY_GAPS_LISTED gaps, in time order. */
  gaps: readonly Gap[];
  abnormal: boolean;
}

export const isGap = (fromMs: number, toMs: number) => toMs - fromMs > DAY_GAP_MS;

/** Float sums of litres carry noise (0.1 + 0.2); a thousandth of a litre is below any gauge. */
export const roundLitres = (litres: number) => Math.round(litres * 1000) / 1000;

/**
 * The ended deliveries that delivered into the day, each with the part it counts: measured
 * from the day's first reading to its last (while the day runs, to its end), as its sales are.
 */
export function deliveriesOfDay<D extends DayDelivery>(deliveries: readonly D[], window: DayBounds, first: DayReading | null, last: DayReading | null) {
  return deliveryParts(
    deliveries.filter((d) => d.endedAtMs !== null),
    { startMs: window.startMs, endMs: window.endMs, from: first, to: last },
  );
}

/** The gaps inside the day: both readings in [start, end), more than DAY_GAP_MS apart. */
export function gapsOfDay(gaps: readonly Gap[], window: DayBounds): Gap[] {
  return gaps
    .filter((g) => g.fromMs >= window.startMs && g.toMs < window.endMs && isGap(g.fromMs, g.toMs))
    .sort((a, b) => a.fromMs - b.fromMs);
}

/**
 * The empty lists of a day without deliveries or gaps, shared: most of a fleet's days have
 * neither, and a report figures 35,000 of them a call (5,000 tanks, a week), four new empty
 * arrays each. The figures' lists are read, never changed.
 */
const NO_STARTS: readonly number[] = Object.freeze([]);
const NO_PARTS: readonly DayDeliveryPart[] = Object.freeze([]);
const NO_GAPS: readonly Gap[] = Object.freeze([]);

export function dailyInventory<R extends DayReading>(input: DayAggregates<R>): DailyInventory<R> {
  const { window, first, last, nowMs } = input;
  const inProgress = nowMs < window.endMs;
  // The day's own first and last readings (null when outside it): no closures, as a fleet's month figures 30,000 days a call.
  const firstIn = first !== null && first.tsMs >= window.startMs && first.tsMs < window.endMs ? first : null;
  const lastIn = last !== null && last.tsMs >= window.startMs && last.tsMs < window.endMs ? last : null;
  const start = firstIn !== null && firstIn.tsMs <= window.startMs + DAY_EDGE_TOLERANCE_MS ? firstIn : null;
  const end = !inProgress && lastIn !== null && lastIn.tsMs >= window.endMs - DAY_EDGE_TOLERANCE_MS ? lastIn : null;
  // Before 00:15 of a day still running, the start may yet arrive.
  const missingStart = start === null && nowMs > window.startMs + DAY_EDGE_TOLERANCE_MS;
  const missingEnd = !inProgress && end === null;
  const counted = input.deliveries.length === 0 ? null : deliveriesOfDay(input.deliveries, window, firstIn, inProgress ? null : lastIn);
  const deliveredL = counted === null ? 0 : roundLitres(counted.reduce((sum, d) => sum + d.part.deliveredL, 0));
  const gaps = input.gaps.length === 0 ? NO_GAPS : gapsOfDay(input.gaps, window);
  return {
    start,
    end,
    deliveredL,
    deliveryCount: counted?.length ?? 0,
    deliveryStartsMs: counted === null ? NO_STARTS : counted.map((d) => d.delivery.startedAtMs),
    deliveryParts: counted === null ? NO_PARTS : counted.map((d) => ({
      startedAtMs: d.delivery.startedAtMs,
      deliveredL: d.part.deliveredL,
      fromMs: d.part.fromMs,
      toMs: d.part.toMs,
      endedAtMs: d.delivery.endedAtMs!,
      startVolumeL: d.delivery.startVolumeL,
      endVolumeL: d.delivery.endVolumeL,
    })),
    salesL: start !== null && end !== null ? roundLitres(start.volumeL - end.volumeL + deliveredL) : null,
    missingStart,
    missingEnd,
    inProgress,
    gapCount: gaps.length,
    gaps: gaps.length <= DAY_GAPS_LISTED ? gaps : gaps.slice(0, DAY_GAPS_LISTED),
    abnormal: missingStart || missingEnd || gaps.length > 0,
  };
}

/**
 * The aggregates of a day from its raw readings (any order): what the server's SQL computes,
 * written out plainly. Tests and small callers use it; the report uses the SQL.
 */
export function aggregatesOfReadings<R extends DayReading>(readings: readonly R[], window: DayBounds): Pick<DayAggregates<R>, 'first' | 'last' | 'gaps'> {
  const inDay = readings.filter((r) => r.tsMs >= window.startMs && r.tsMs < window.endMs).sort((a, b) => a.tsMs - b.tsMs);
  const gaps: Gap[] = [];
  for (let i = 1; i < inDay.length; i++) {
    const from = inDay[i - 1]!.tsMs;
    const to = inDay[i]!.tsMs;
    if (isGap(from, to)) gaps.push({ fromMs: from, toMs: to });
  }
  return { first: inDay[0] ?? null, last: inDay[inDay.length - 1] ?? null, gaps };
}

export type DayRangeProblem = { field: 'fromDay' | 'toDay'; rule: 'day' | 'order' | 'maxDays' };

/** The days a query covers: real days written YYYY-MM-DD, the first not after the last, at most 31. */
export function dayRangeProblems(fromDay: string, toDay: string): DayRangeProblem[] {
  const problems: DayRangeProblem[] = [];
  if (!isDay(fromDay)) problems.push({ field: 'fromDay', rule: 'day' });
  if (!isDay(toDay)) problems.push({ field: 'toDay', rule: 'day' });
  if (problems.length > 0) return problems;
  if (fromDay > toDay) return [{ field: 'fromDay', rule: 'order' }];
  if (dayCount(fromDay, toDay) > DAILY_RANGE_MAX_DAYS) return [{ field: 'toDay', rule: 'maxDays' }];
  return [];
}

/** How many days from `first` to `last`, both included (calendar arithmetic, no loop). */
export function dayCount(first: string, last: string): number {
  const utc = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  return Math.round((utc(last) - utc(first)) / 86_400_000) + 1;
}
