/**
 * About `count` round ticks (1, 2 or 5 times a power of ten apart) that cover [min, max]: the
 * first at or below `min`, the last at or above `max`, so the ticks are also the axis's bounds.
 * A flat series (min = max) gets a span around its value, not a single tick; a span that would
 * cross below zero for a value that is not negative (a water height of 0) starts at 0 instead.
 */
export function niceTicks(min: number, max: number, count: number): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (max < min) [min, max] = [max, min];
  if (max === min) {
    const pad = Math.abs(min) / 10 || 1;
    max += pad;
    min = min >= 0 ? Math.max(0, min - pad) : min - pad;
  }
  // The round step nearest (in ratio) to the span over count - 1 intervals, as d3 picks it.
  const rough = (max - min) / Math.max(1, count - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const error = rough / power;
  const step = (error >= Math.sqrt(50) ? 10 : error >= Math.sqrt(10) ? 5 : error >= Math.sqrt(2) ? 2 : 1) * power;
  // Multiples of a step below 1 pick up binary noise (0.1 * 3 = 0.30000000000000004): round to the step's decimals.
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  const first = Math.floor(min / step + 1e-9);
  const last = Math.ceil(max / step - 1e-9);
  const ticks: number[] = [];
  for (let k = first; k <= last; k++) ticks.push(Number((k * step).toFixed(decimals)));
  return ticks;
}

/** Decimals a tick's label needs to tell it from its neighbours (0 for steps of 1 or more). */
export function tickDecimals(ticks: readonly number[]): number {
  if (ticks.length < 2) return 0;
  const step = ticks[1]! - ticks[0]!;
  return Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
}

/** The ticks' labels in the viewer's locale, all with the decimals the step needs. */
export function tickLabels(ticks: readonly number[], locale: string): string[] {
  const decimals = tickDecimals(ticks);
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return ticks.map((v) => number.format(v));
}
