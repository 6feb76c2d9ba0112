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

/**
 * The summaries are kept in chunks of tanks (tank id modulo SUMMARY_CHUNKS), each with its own
 * marks: a chunk's hours before `hourlyUntilMs` and days before `dailyUntilMs` are summarised,
 * later ones are not yet (the summaries job rolls them up once they are an hour old; ingest
 * merges only readings older than the marks). Chunks let the job hold up the writes of a sixteenth
 * of the fleet at a time, not all of it.
 */
export const SUMMARY_CHUNKS = 16;
export const summaryChunk = (tankId: number) => tankId % SUMMARY_CHUNKS;

export interface SummaryMarks {
  hourlyUntilMs: number;
  dailyUntilMs: number;
}

/**
 * An hour is rolled up once it ended an hour ago, a UTC day once its last hour is: a reading up to
 * an hour or two old (a network gap, a collector's queue) still lands before its hour is summarised
 * and costs ingest nothing more; an older one is merged into its hour and day as it arrives.
 */
export const SUMMARY_SETTLE_MS = HOUR_MS;

/** How far the summaries job may roll up at `nowMs`: the hours and UTC days before these. */
export function rollupTargets(nowMs: number): SummaryMarks {
  const hourlyUntilMs = floorTo(nowMs - SUMMARY_SETTLE_MS, HOUR_MS);
  return { hourlyUntilMs, dailyUntilMs: floorTo(hourlyUntilMs, DAY_MS) };
}

/** The part of a span before `untilMs`, and the part from it on (either may be empty). */
function split([a, b]: Span, untilMs: number): [Span[], Span[]] {
  const cut = Math.min(Math.max(untilMs, a), b);
  return [some([a, cut]), some([cut, b])];
}

/**
 * A plan kept to what is summarised: days not yet rolled up are read from their hours, hours not
 * yet rolled up raw. Raw readings are always whole, so a plan read against older marks than the
 * job has reached still counts every reading once.
 */
export function clipPlan(plan: SummaryPlan, marks: SummaryMarks): SummaryPlan {
  const daily: Span[] = [];
  const hours: Span[] = [...plan.hourly];
  for (const span of plan.daily) {
    const [done, pending] = split(span, marks.dailyUntilMs);
    daily.push(...done);
    hours.push(...pending);
  }
  const hourly: Span[] = [];
  const raw: Span[] = [...plan.raw];
  for (const span of hours) {
    const [done, pending] = split(span, marks.hourlyUntilMs);
    hourly.push(...done);
    raw.push(...pending);
  }
  return { raw: joined(raw), hourly: joined(hourly), daily };
}

/** Spans in time order, those that touch made one: fewer conditions for the statement that reads them. */
function joined(spans: Span[]): Span[] {
  const out: [number, number][] = [];
  for (const [a, b] of [...spans].sort((x, y) => x[0] - y[0])) {
    const last = out[out.length - 1];
    if (last && last[1] === a) last[1] = b;
    else out.push([a, b]);
  }
  return out;
}
