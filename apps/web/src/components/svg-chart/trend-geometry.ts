/**
 * The trend chart's geometry, apart from React and the DOM so that it can be tested in node:
 * scales, the readings in view, the lines as SVG paths thinned to the screen's resolution, the
 * reading nearest a pointer, and time ticks on round hours of the station's own clock.
 */

export interface Scale {
  at(value: number): number;
  invert(px: number): number;
}

/** Maps [d0, d1] onto [r0, r1]; a domain of no width maps to the range's middle. */
export function linearScale([d0, d1]: readonly [number, number], [r0, r1]: readonly [number, number]): Scale {
  const k = d1 === d0 ? 0 : (r1 - r0) / (d1 - d0);
  return {
    at: (value) => (k === 0 ? (r0 + r1) / 2 : r0 + (value - d0) * k),
    invert: (px) => (k === 0 ? d0 : d0 + (px - r0) / k),
  };
}

/** The first index whose time is ≥ t (ts sorted ascending); ts.length when none is. */
function lowerBound(ts: readonly number[], t: number): number {
  let lo = 0;
  let hi = ts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ts[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Indices [first, last] of the readings within [from, to]; first > last when none is. */
export function indexRange(ts: readonly number[], from: number, to: number): [number, number] {
  return [lowerBound(ts, from), lowerBound(ts, to + 1) - 1];
}

/** The index of the reading nearest time t (ts sorted ascending, not empty); the earlier one on a tie. */
export function nearestIndex(ts: readonly number[], t: number): number {
  const i = lowerBound(ts, t);
  if (i === 0) return 0;
  if (i === ts.length) return ts.length - 1;
  return t - ts[i - 1]! <= ts[i]! - t ? i - 1 : i;
}

/** Smallest and largest finite value over indices [first, last]; null when there is none. */
export function extent(values: readonly number[], first: number, last: number): [number, number] | null {
  let min = Infinity;
  let max = -Infinity;
  for (let i = first; i <= last; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return min <= max ? [min, max] : null;
}

/**
 * The longest step between two readings still drawn as a line: five times the usual (median)
 * step. Longer is readings missing (a power cut, a network outage, an empty bucket), and a line
 * across it would show a steady change that no reading saw.
 */
export function gapLimit(ts: readonly number[]): number {
  if (ts.length < 3) return Infinity;
  const steps = ts.slice(1).map((t, i) => t - ts[i]!);
  steps.sort((a, b) => a - b);
  return steps[steps.length >> 1]! * 5;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * An SVG path of one series over indices [first, last]: at most two points per pixel column,
 * the lowest and the highest (in reading order), so a spike survives thinning and thousands of
 * readings cost a few hundred points. A value that is not a number, or a step longer than
 * `gap`, breaks the line; a reading alone between breaks is a dot (a zero-length segment,
 * drawn with round caps).
 */
export function linePath(ts: readonly number[], values: readonly number[], first: number, last: number, x: Scale, y: Scale, gap = Infinity): { d: string; points: number } {
  const parts: string[] = [];
  let points = 0;
  let segment = 0;
  let column = NaN;
  let lo = -1;
  let hi = -1;
  const emit = (i: number) => {
    parts.push(`${segment++ === 0 ? 'M' : 'L'}${round1(x.at(ts[i]!))} ${round1(y.at(values[i]!))}`);
    points++;
  };
  const flush = () => {
    if (lo < 0) return;
    if (lo === hi) emit(lo);
    else {
      emit(Math.min(lo, hi));
      emit(Math.max(lo, hi));
    }
    lo = hi = -1;
  };
  const breakLine = () => {
    flush();
    if (segment === 1) parts.push('h0');
    segment = 0;
  };
  for (let i = first; i <= last; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) {
      breakLine();
      continue;
    }
    if (i > first && ts[i]! - ts[i - 1]! > gap) breakLine();
    const c = Math.round(x.at(ts[i]!));
    if (c !== column) {
      flush();
      column = c;
    }
    if (lo < 0 || v < values[lo]!) lo = i;
    if (hi < 0 || v > values[hi]!) hi = i;
  }
  breakLine();
  return { d: parts.join(''), points };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Steps a clock reader finds round. */
const TIME_STEPS = [MINUTE, 2 * MINUTE, 5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY];

/**
 * Instants in [from, to] for the time axis, on round times of the station's clock (whole
 * hours, midnights), at least `minGapPx` apart over `widthPx` so that labels do not overlap.
 * `offsetAt(ms)` is the station zone's offset from UTC at an instant; it is asked again for
 * each tick so that ticks after a change to or from summer time stay on the hour.
 */
export function timeTicks(from: number, to: number, widthPx: number, minGapPx: number, offsetAt: (ms: number) => number): number[] {
  if (!(to > from) || !(widthPx > 0)) return [];
  const least = ((to - from) * minGapPx) / widthPx;
  const step = TIME_STEPS.find((s) => s >= least) ?? Math.ceil(least / DAY) * DAY;
  const offset = offsetAt(from);
  const ticks: number[] = [];
  for (let local = Math.ceil((from + offset) / step) * step; local <= to + offset + HOUR && ticks.length < 500; local += step) {
    const instant = local - offsetAt(local - offset);
    // Around a change of offset two local times can name one instant, or come closer than a step.
    if (instant >= from && instant <= to && (ticks.length === 0 || instant - ticks.at(-1)! >= step / 2)) ticks.push(instant);
  }
  return ticks;
}
