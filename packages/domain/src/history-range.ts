/**
 * Historical inventory (issue 6 item 5, history_can_save): which questions may be asked of a
 * tank's readings, and how a long answer is thinned for the trend chart.
 *
 * Spec §5: "History query range at most 11 days; start before end. Trend chart requires a
 * station and a tank." Spec §8 gives the messages. The range is elapsed time (11 × 24 h), the
 * same in the browser and on the server whatever either's time zone; it is half-open,
 * [from, to), so 11 days of 1-minute readings are exactly 15,840.
 */
export const HISTORY_RANGE_MAX_DAYS = 11;
/**
 * The long-term trend (issue 21: the chart's zoomed-out view) may span three years: it is read
 * from the hourly and daily summaries, never from raw readings, so its cost does not grow with
 * the range. The readings table and its export keep the 11 days of spec §5.
 */
export const HISTORY_TREND_MAX_DAYS = 3 * 366;
/** A trend point is at least an hour: the summaries' finest bucket. */
export const HISTORY_TREND_MIN_BUCKET_S = 3600;
const DAY_MS = 86_400_000;

export type HistoryProblem =
  /** Spec §8 "Must select gas station and tank". */
  | 'stationAndTank'
  /** No start or no end. */
  | 'rangeRequired'
  /** Spec §8 "Start time must be before end time" (equal is not before). */
  | 'startBeforeEnd'
  /** Spec §8 "Time cannot exceed 11 days". */
  | 'maxDays';

export interface HistoryAsk {
  stationId?: number | null | undefined;
  tankId?: number | null | undefined;
  fromMs?: number | null | undefined;
  toMs?: number | null | undefined;
}

const given = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/** Every rule a history question breaks, in the order a form shows them; empty when it may be asked. */
export function historyProblems(ask: HistoryAsk, maxDays: number = HISTORY_RANGE_MAX_DAYS): HistoryProblem[] {
  const problems: HistoryProblem[] = [];
  if (!given(ask.stationId) || !given(ask.tankId)) problems.push('stationAndTank');
  const range = historyRangeProblem(ask.fromMs, ask.toMs, maxDays);
  if (range) problems.push(range);
  return problems;
}

/** The rule a range breaks, if any: both ends given, start strictly before end, at most 11 days (or `maxDays`). */
export function historyRangeProblem(fromMs: number | null | undefined, toMs: number | null | undefined, maxDays: number = HISTORY_RANGE_MAX_DAYS): Exclude<HistoryProblem, 'stationAndTank'> | null {
  if (!given(fromMs) || !given(toMs)) return 'rangeRequired';
  if (fromMs >= toMs) return 'startBeforeEnd';
  if (toMs - fromMs > maxDays * DAY_MS) return 'maxDays';
  return null;
}

/**
 * The trend chart draws at most this many points per series: more than a screen's width of
 * pixels says nothing more, and 11 days of readings every 10 s (95,040) would be 10 MB of JSON.
 */
export const HISTORY_SERIES_MAX_POINTS = 2000;

/** Bucket widths a person can read ("each point is 10 minutes"), ascending, in seconds. */
const NICE_STEPS_S = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400] as const;

/**
 * The width of the buckets a series is averaged over when the range holds more readings than
 * `maxPoints`: the narrowest readable width that gives at most `maxPoints` buckets. Buckets
 * are aligned to the clock (10-minute buckets start at :00, :10, …), so a range can touch one
 * bucket more than span ÷ width: the width is chosen for maxPoints − 1.
 */
export function seriesBucketSeconds(spanMs: number, maxPoints: number = HISTORY_SERIES_MAX_POINTS): number {
  const needS = spanMs / 1000 / Math.max(1, maxPoints - 1);
  return NICE_STEPS_S.find((s) => s >= needS) ?? Math.ceil(needS / 86_400) * 86_400;
}

/**
 * Room left and how full, for a reading the table shows (readings do not store them; the
 * tank's capacity says): the same figures `computeInventory` gives the live pages, ullage
 * = capacity − (product + water), fill = (product + water) ÷ capacity, clamped to 0–100 %.
 * An unknown water volume (null) counts as none there too: the product alone.
 */
export function tankRoom(capacityL: number, volumeL: number, waterVolumeL: number | null): { ullageL: number; fillPct: number } {
  const filledL = volumeL + (waterVolumeL ?? 0);
  return {
    ullageL: Math.round(Math.max(capacityL - filledL, 0) * 10) / 10,
    fillPct: capacityL > 0 ? Math.round(Math.min(Math.max((filledL / capacityL) * 100, 0), 100) * 100) / 100 : 0,
  };
}
