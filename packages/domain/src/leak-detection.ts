import { temperatureCompensated } from './inventory';

/**
 * Leak detection from inventory data (issue 22): a continuous statistical leak test across
 * the fleet, from the readings Ullage already stores. When a tank is quiet (no sale, no
 * delivery, the level settled after the last movement) its temperature-compensated volume
 * should not fall; a steady fall over many quiet periods is a leak.
 *
 * 1. quietPeriodsOf finds the quiet periods of one station day and fits each (rules below).
 * 2. combineLeakTest combines the periods of a rolling window into a rate, the smallest rate
 *    the data could have detected, and a result.
 *
 * Rates are litres per hour of product at 15 °C, a loss positive.
 */
export const LEAK_TEST_RESULTS = ['pass', 'fail', 'inconclusive'] as const;
export type LeakTestResult = (typeof LEAK_TEST_RESULTS)[number];

/** Why a test ended as it did: pass under the threshold, fail at or over it, inconclusive for one of two reasons. */
export const LEAK_TEST_REASONS = ['under_threshold', 'at_or_over_threshold', 'too_little_quiet_time', 'too_noisy'] as const;
export type LeakTestReason = (typeof LEAK_TEST_REASONS)[number];

/** The default threshold, L/h: 0.2 US gal/h, the rate a certified continuous leak test must find. */
export const DEFAULT_LEAK_THRESHOLD_LPH = 0.76;

/** The rolling window a test combines, in station days ending with the test's day. */
export const LEAK_WINDOW_DAYS = 30;

/** The level-alarm code a failing leak test raises (not among spec §3's codes, which end at 84 with gaps). */
export const LEAK_TEST_ALARM_CODE = 60;

/**
 * What makes a period quiet, and what makes a test conclusive. Sales and deliveries are not
 * known apart from the level (no dispenser link), so a movement is a change of the volume
 * that a second reading confirms (a single bad reading is no movement); the level then needs
 * time to settle — waves and the product's temperature after a tanker's drop much longer than
 * after a sale.
 */
export const QUIET_RULES = {
  /** A movement changes the volume by at least this much (L)… */
  movementMinL: 3,
  /** …or by this many times the probe's noise, when its noise is larger… */
  movementNoiseFactor: 4,
  /**
   * …but never more than this: a movement missed lets a sale into a quiet period, where it
   * reads as a leak; a movement seen where there was none only shortens a period.
   */
  movementMaxL: 20,
  /** A rise of at least this much is a delivery. */
  deliveryMinL: 100,
  settleAfterSaleMs: 30 * 60_000,
  settleAfterDeliveryMs: 4 * 3_600_000,
  /** A period is at least this long, after settling. */
  minPeriodMs: 2 * 3_600_000,
  /** Readings further apart break a period (spec §9: a discontinuity is a gap over 15 minutes). */
  maxGapMs: 15 * 60_000,
  /** A period has at least this many readings. */
  minReadings: 12,
  /** A reading further than this many robust deviations from its period's line is dropped as bad. */
  outlierSigmas: 5,
  /** Readings of the previous day the caller passes, to see movements just before midnight. */
  lookbackMs: 4 * 3_600_000,
} as const;

/** The rules as numbers (tests and benches vary them). */
export type QuietRules = { readonly [K in keyof typeof QUIET_RULES]: number };

export const TEST_RULES = {
  /** A window with less quiet time, or fewer periods, is inconclusive. */
  minQuietHours: 24,
  minPeriods: 3,
  /**
   * One-sided normal quantile for 95 %: a rate counts as a loss when it is this many standard
   * errors above 0, and the detectable rate is twice it (95 % detection at 5 % false alarms).
   */
  z95: 1.6449,
  /** A period further than this many combined deviations from the others is down-weighted (a period spoiled by an unseen movement). */
  periodOutlierZ: 3,
} as const;

export type TestRules = { readonly [K in keyof typeof TEST_RULES]: number };

export interface LeakReading {
  tsMs: number;
  volumeL: number;
  temperatureC: number;
  /** The volume at 15 °C as stored (a console's own, or figured at ingest); figured from the others when absent. */
  tcVolumeL?: number;
}

/** One quiet period, as kept: enough to combine it with others without its readings. */
export interface QuietPeriod {
  startMs: number;
  endMs: number;
  n: number;
  /** The period's own loss rate, L/h (positive: the compensated volume fell). */
  rateLph: number;
  /** Its standard error from the scatter about the line, L/h. */
  seLph: number;
}

/** Compensated volume: litres at 15 °C (inventory.ts). */
export const compensated = (r: LeakReading, expansionPerC: number) => r.tcVolumeL ?? temperatureCompensated(r.volumeL, r.temperatureC, expansionPerC);

/**
 * The probe's noise (L), from the smallest tenth of the differences between consecutive
 * readings: at a busy station most intervals hold a sale — every one of them, by day, when
 * readings are 5 minutes apart — and a median of the differences would take sales for noise,
 * raise the movement threshold and let sales into quiet periods as "leaks". For Gaussian noise
 * a tenth of the differences lie within 0.1257 σ of a difference, and σ of a difference is √2 σ
 * of a reading.
 */
export function readingNoiseL(values: readonly number[]): number {
  if (values.length < 3) return 0;
  const diffs: number[] = [];
  for (let i = 1; i < values.length; i++) diffs.push(Math.abs(values[i]! - values[i - 1]!));
  diffs.sort((a, b) => a - b);
  return diffs[Math.floor(diffs.length * 0.1)]! / 0.1257 / Math.SQRT2;
}

/**
 * Movements (sales and deliveries) among `values` (compensated volumes, time order): index i
 * moves when it differs from the level before it — the median of up to 5 previous settled
 * readings — by `minL` or more, and the next reading confirms it (differs in the same
 * direction). The last reading cannot be confirmed and is no movement. Returns per index
 * 0 (none), 1 (fall), 2 (rise of a delivery's size) or 3 (smaller rise).
 */
export function movementsOf(values: readonly number[], minL: number, deliveryMinL: number): Uint8Array {
  const out = new Uint8Array(values.length);
  let window: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (window.length === 0) {
      window = [v];
      continue;
    }
    const level = median(window);
    const d = v - level;
    const next = values[i + 1];
    const confirmed = next !== undefined && Math.abs(next - level) >= minL && Math.sign(next - level) === Math.sign(d);
    if (Math.abs(d) >= minL && confirmed) {
      out[i] = d < 0 ? 1 : d >= deliveryMinL || next - level >= deliveryMinL ? 2 : 3;
      window = [v];
    } else if (Math.abs(d) < minL) {
      window.push(v);
      if (window.length > 5) window.shift();
    }
    // An unconfirmed jump (one bad reading) neither moves nor joins the level.
  }
  return out;
}

/**
 * The quiet periods of one station day [startMs, endMs) from a tank's readings (time order,
 * including QUIET_RULES.lookbackMs before startMs so a movement just before midnight is seen).
 * A quiet run is the readings between two movements, begun once the level has settled after
 * the first (longer after a delivery), cut at gaps over 15 minutes and at the day's bounds,
 * and kept when at least 2 hours long. Each is fitted by least squares of compensated volume
 * on time, then fitted again without readings far off its line (a single bad reading).
 */
export function quietPeriodsOf(readings: readonly LeakReading[], window: { startMs: number; endMs: number }, expansionPerC: number, rules: QuietRules = QUIET_RULES): QuietPeriod[] {
  const values = readings.map((r) => compensated(r, expansionPerC));
  const noise = readingNoiseL(values);
  const moves = movementsOf(values, Math.min(rules.movementMaxL, Math.max(rules.movementMinL, rules.movementNoiseFactor * noise)), rules.deliveryMinL);
  const periods: QuietPeriod[] = [];
  let settledFromMs = -Infinity;
  let run: number[] = [];
  const close = () => {
    const period = fitPeriod(run, readings, values, rules);
    if (period) periods.push(period);
    run = [];
  };
  for (let i = 0; i < readings.length; i++) {
    const t = readings[i]!.tsMs;
    const prev = run.length > 0 ? readings[run[run.length - 1]!]!.tsMs : null;
    if (moves[i] !== 0) {
      close();
      settledFromMs = t + (moves[i] === 2 ? rules.settleAfterDeliveryMs : rules.settleAfterSaleMs);
      continue;
    }
    if (prev !== null && t - prev > rules.maxGapMs) close();
    if (i > 0 && run.length === 0 && t - readings[i - 1]!.tsMs > rules.maxGapMs) {
      // After a gap nobody knows what moved: settle as after a sale.
      settledFromMs = Math.max(settledFromMs, t + rules.settleAfterSaleMs);
    }
    if (t < window.startMs || t >= window.endMs || t < settledFromMs) continue;
    run.push(i);
  }
  close();
  return periods;
}

/** The least-squares loss rate of one run of readings (indexes), without its outliers; null when too short. */
function fitPeriod(run: readonly number[], readings: readonly LeakReading[], values: readonly number[], rules: QuietRules): QuietPeriod | null {
  if (run.length < rules.minReadings) return null;
  const startMs = readings[run[0]!]!.tsMs;
  const endMs = readings[run[run.length - 1]!]!.tsMs;
  if (endMs - startMs < rules.minPeriodMs) return null;
  const hours = run.map((i) => (readings[i]!.tsMs - startMs) / 3_600_000);
  const ys = run.map((i) => values[i]!);
  let keep = hours.map(() => true);
  let fit = lineFit(hours, ys, keep);
  if (fit === null) return null;
  const residuals = hours.map((h, j) => ys[j]! - (fit!.a + fit!.b * h));
  const spread = 1.4826 * median(residuals.map(Math.abs));
  // A floor for the spread: a quantised probe can give a MAD of 0, and then every reading would be "far".
  const limit = rules.outlierSigmas * Math.max(spread, 0.05);
  keep = residuals.map((r) => Math.abs(r) <= limit);
  fit = lineFit(hours, ys, keep);
  if (fit === null || fit.n < rules.minReadings) return null;
  return { startMs, endMs, n: fit.n, rateLph: -fit.b, seLph: fit.se };
}

/** y = a + b·x over the kept points, with b's standard error; null when x does not vary. */
function lineFit(xs: readonly number[], ys: readonly number[], keep: readonly boolean[]): { a: number; b: number; se: number; n: number } | null {
  let n = 0;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < xs.length; i++) {
    if (!keep[i]) continue;
    n++;
    sx += xs[i]!;
    sy += ys[i]!;
  }
  if (n < 3) return null;
  const mx = sx / n;
  const my = sy / n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < xs.length; i++) {
    if (!keep[i]) continue;
    sxx += (xs[i]! - mx) ** 2;
    sxy += (xs[i]! - mx) * (ys[i]! - my);
  }
  if (sxx <= 0) return null;
  const b = sxy / sxx;
  const a = my - b * mx;
  let rss = 0;
  for (let i = 0; i < xs.length; i++) if (keep[i]) rss += (ys[i]! - a - b * xs[i]!) ** 2;
  return { a, b, se: Math.sqrt(rss / (n - 2) / sxx), n };
}

export interface LeakTestOutcome {
  /** Null with no quiet period. */
  leakRateLph: number | null;
  seLph: number | null;
  /** The smallest rate told from a tight tank with 95 % detection and 5 % false alarms: 2 × 1.645 standard errors. */
  mdlLph: number | null;
  quietHours: number;
  quietPeriods: number;
  result: LeakTestResult;
  reason: LeakTestReason;
}

/**
 * A window's test from its quiet periods. Periods are combined as a random-effects mean: each
 * weighs 1 / (its own variance + the variance between periods), so many short nights count
 * as well as one long one, and the scatter between periods (temperature layers, a tank that
 * breathes) widens the error instead of hiding in it. A period far from the others is
 * down-weighted, so one spoiled night does not decide a month.
 *
 * - inconclusive, too_little_quiet_time: under 24 quiet hours or under 3 periods;
 * - fail: the rate is at or over the threshold and a loss beyond doubt (≥ 1.645 standard errors);
 * - inconclusive, too_noisy: the data could not have detected a leak at the threshold (detectable rate over it);
 * - pass otherwise: under the threshold, with data enough to have seen a leak at it.
 */
export function combineLeakTest(periods: readonly QuietPeriod[], thresholdLph: number, rules: TestRules = TEST_RULES): LeakTestOutcome {
  let quietHours = 0;
  for (const p of periods) quietHours += (p.endMs - p.startMs) / 3_600_000;
  const base = { quietHours: round(quietHours, 2), quietPeriods: periods.length };
  if (periods.length === 0) return { ...base, leakRateLph: null, seLph: null, mdlLph: null, result: 'inconclusive', reason: 'too_little_quiet_time' };
  const { rate, se } = randomEffectsMean(periods, rules.periodOutlierZ);
  const mdl = 2 * rules.z95 * se;
  const figures = { leakRateLph: round(rate, 4), seLph: round(se, 4), mdlLph: round(mdl, 4) };
  if (quietHours < rules.minQuietHours || periods.length < rules.minPeriods) return { ...base, ...figures, result: 'inconclusive', reason: 'too_little_quiet_time' };
  if (figures.leakRateLph >= thresholdLph && rate >= rules.z95 * se) return { ...base, ...figures, result: 'fail', reason: 'at_or_over_threshold' };
  if (mdl > thresholdLph) return { ...base, ...figures, result: 'inconclusive', reason: 'too_noisy' };
  return { ...base, ...figures, result: 'pass', reason: 'under_threshold' };
}

/**
 * The typed arrays randomEffectsMean works in, kept between calls and grown as needed: a fleet's
 * list makes 7,000 tests a call, and four new arrays for each were garbage it need not make. Each call
 * writes an element before it reads it (robust is filled), and none yields, so one set serves all.
 */
let scratch = { v: new Float64Array(64), robust: new Float64Array(64), w: new Float64Array(64), wr: new Float64Array(64) };
function scratchOf(n: number) {
  if (scratch.v.length < n) {
    const size = Math.max(n, scratch.v.length * 2);
    scratch = { v: new Float64Array(size), robust: new Float64Array(size), w: new Float64Array(size), wr: new Float64Array(size) };
  }
  return scratch;
}

/**
 * DerSimonian–Laird random-effects mean of the periods' rates, then twice re-weighted with
 * Huber weights for periods more than `outlierZ` combined deviations away.
 */
export function randomEffectsMean(periods: readonly QuietPeriod[], outlierZ: number): { rate: number; se: number } {
  // Loops over typed arrays, not maps and reduces: a fleet's leak list tests 6,000 windows of ~30
  // periods a call. Each sum adds in index order from 0, as a reduce would, so the figures are
  // the same to the last bit.
  const n = periods.length;
  const { v, robust, w, wr } = scratchOf(n);
  robust.fill(1, 0, n);
  // A period's own error can come out 0 (a flat quantised run): give it a floor of 1 mL/h.
  for (let i = 0; i < n; i++) v[i] = Math.max(periods[i]!.seLph, 0.001) ** 2;
  let result = { rate: 0, se: 0 };
  for (let pass = 0; pass < 3; pass++) {
    let sw = 0;
    let sRobust = 0;
    for (let i = 0; i < n; i++) {
      w[i] = robust[i]! / v[i]!;
      sw += w[i]!;
      sRobust += robust[i]!;
    }
    let sRate = 0;
    let sw2 = 0;
    for (let i = 0; i < n; i++) {
      sRate += w[i]! * periods[i]!.rateLph;
      sw2 += w[i]! * w[i]!;
    }
    const fixed = sRate / sw;
    let q = 0;
    for (let i = 0; i < n; i++) q += w[i]! * (periods[i]!.rateLph - fixed) ** 2;
    const c = sw - sw2 / sw;
    const tau2 = n > 1 && c > 0 ? Math.max(0, (q - (sRobust - 1)) / c) : 0;
    let swr = 0;
    for (let i = 0; i < n; i++) {
      wr[i] = robust[i]! / (v[i]! + tau2);
      swr += wr[i]!;
    }
    let sRateR = 0;
    let sVar = 0;
    for (let i = 0; i < n; i++) {
      sRateR += wr[i]! * periods[i]!.rateLph;
      // The error of a weighted mean: √(Σ w²·σ²) / Σ w, σ² each period's variance with the spread between periods.
      sVar += wr[i]! ** 2 * (v[i]! + tau2);
    }
    const rate = sRateR / swr;
    const se = Math.sqrt(sVar) / swr;
    result = { rate, se };
    for (let i = 0; i < n; i++) {
      const z = Math.abs(periods[i]!.rateLph - rate) / Math.sqrt(v[i]! + tau2);
      robust[i] = z > outlierZ ? outlierZ / z : 1;
    }
  }
  return result;
}

/**
 * Means of compensated volume over steps of `stepMs` within a period, for its chart: the
 * quiet readings of a day are up to 1,440 points, a month of them ~30,000; the chart needs
 * the shape.
 */
export function periodPoints(readings: readonly LeakReading[], period: Pick<QuietPeriod, 'startMs' | 'endMs'>, expansionPerC: number, stepMs = 10 * 60_000): { tsMs: number; volumeL: number }[] {
  const out: { tsMs: number; volumeL: number }[] = [];
  let bucket = -1;
  let n = 0;
  let sumV = 0;
  let sumT = 0;
  const flush = () => {
    if (n > 0) out.push({ tsMs: Math.round(sumT / n), volumeL: round(sumV / n, 3) });
    n = 0;
    sumV = 0;
    sumT = 0;
  };
  for (const r of readings) {
    if (r.tsMs < period.startMs || r.tsMs > period.endMs) continue;
    const b = Math.floor((r.tsMs - period.startMs) / stepMs);
    if (b !== bucket) {
      flush();
      bucket = b;
    }
    n++;
    sumV += compensated(r, expansionPerC);
    sumT += r.tsMs;
  }
  flush();
  return out;
}

function median(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** windowFirstDay's answers: a fleet's list asks the same few days 7,000 times a call. */
const firstDays = new Map<string, string>();

/** The first station day of the window that ends with `day` (LEAK_WINDOW_DAYS days, `day` included). */
export function windowFirstDay(day: string, days = LEAK_WINDOW_DAYS): string {
  const key = days === LEAK_WINDOW_DAYS ? day : `${day}/${days}`;
  let first = firstDays.get(key);
  if (first === undefined) {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    first = new Date(Date.UTC(y, m - 1, d - (days - 1))).toISOString().slice(0, 10);
    // A few thousand days a year are ever asked; the bound only keeps odd input from growing it.
    if (firstDays.size >= 10_000) firstDays.clear();
    firstDays.set(key, first);
  }
  return first;
}

/**
 * What a tank's leak-test alarm (LEAK_TEST_ALARM_CODE) does after a new test: a fail opens it,
 * a pass ends it, an inconclusive test leaves it as it is — a leak is not disproved by a month
 * without quiet nights.
 */
export function leakAlarmAction(active: boolean, result: LeakTestResult): 'open' | 'end' | null {
  if (result === 'fail') return active ? null : 'open';
  if (result === 'pass') return active ? 'end' : null;
  return null;
}

/**
 * The test of each of a tank's days from `fromDay` to `toDay`, each over its own window
 * (windowFirstDay … the day), from the tank's figured days in day order: what testOfDays gives
 * day by day, to the last bit (the same periods in the same order). The days' periods are laid end
 * to end once and each window is one slice of them between two moving cursors: a fleet's week of
 * rows is 7,000 windows of 30 days, and filtering every day for each was most of the list's CPU.
 */
export function testsOfDays<D extends { day: string; periods: readonly QuietPeriod[] }>(days: readonly D[], fromDay: string, toDay: string, thresholdLph: number): { day: D; outcome: LeakTestOutcome }[] {
  const flat: QuietPeriod[] = [];
  const startOf = new Array<number>(days.length + 1);
  days.forEach((d, i) => {
    startOf[i] = flat.length;
    for (const p of d.periods) flat.push(p);
  });
  startOf[days.length] = flat.length;
  const out: { day: D; outcome: LeakTestOutcome }[] = [];
  let first = 0;
  days.forEach((d, i) => {
    if (d.day < fromDay || d.day > toDay) return;
    const firstDay = windowFirstDay(d.day);
    while (days[first]!.day < firstDay) first++;
    out.push({ day: d, outcome: combineLeakTest(flat.slice(startOf[first], startOf[i + 1]), thresholdLph) });
  });
  return out;
}

/** The test of the window [firstDay, lastDay] from the figured days' periods (days outside are skipped). */
export function testOfDays(days: readonly { day: string; periods: readonly QuietPeriod[] }[], firstDay: string, lastDay: string, thresholdLph: number): LeakTestOutcome {
  const periods = days.filter((d) => d.day >= firstDay && d.day <= lastDay).flatMap((d) => d.periods);
  return combineLeakTest(periods, thresholdLph);
}
