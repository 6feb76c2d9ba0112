/**
 * Where a long range of one tank's readings is read from (issue 21): whole UTC days from the
 * daily summaries, whole hours left at either end from the hourly ones, and the minutes left
 * at either end from the raw readings. Each reading is counted exactly once, so a mean over any
 * bucket that is a whole number of hours (clock-aligned, as the chart's are) is the same as the
 * mean of the raw readings, at a 60th (hours) or 1,440th (days) of the rows.
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** A half-open span [fromMs, toMs). */
export type Span = readonly [number, number];

export interface SummaryPlan {
  raw: Span[];
  hourly: Span[];
  daily: Span[];
}

const floorTo = (ms: number, unit: number) => Math.floor(ms / unit) * unit;
const ceilTo = (ms: number, unit: number) => Math.ceil(ms / unit) * unit;

/** The non-empty spans among these. */
const some = (...spans: Span[]): Span[] => spans.filter(([a, b]) => b > a);

/**
 * How to read [fromMs, toMs) for buckets of `bucketSeconds`: from summaries only when a bucket
 * is whole hours (whole days for the daily ones); otherwise all raw, because a summary row would
 * straddle two buckets.
 */
export function summaryPlan(fromMs: number, toMs: number, bucketSeconds: number): SummaryPlan {
  if (toMs <= fromMs) return { raw: [], hourly: [], daily: [] };
  const bucketMs = bucketSeconds * 1000;
  if (bucketMs <= 0 || bucketMs % HOUR_MS !== 0) return { raw: [[fromMs, toMs]], hourly: [], daily: [] };
  const h1 = ceilTo(fromMs, HOUR_MS);
  const h2 = floorTo(toMs, HOUR_MS);
  if (h1 >= h2) return { raw: [[fromMs, toMs]], hourly: [], daily: [] };
  const raw = some([fromMs, h1], [h2, toMs]);
  if (bucketMs % DAY_MS !== 0) return { raw, hourly: [[h1, h2]], daily: [] };
  const d1 = ceilTo(h1, DAY_MS);
  const d2 = floorTo(h2, DAY_MS);
  if (d1 >= d2) return { raw, hourly: [[h1, h2]], daily: [] };
  return { raw, hourly: some([h1, d1], [d2, h2]), daily: [[d1, d2]] };
}
