import { describe, expect, it } from 'vitest';
import { niceTicks, tickDecimals } from './nice-ticks';

describe('niceTicks', () => {
  it.each([
    ['heights in mm', 20, 1500, 5, [0, 500, 1000, 1500]],
    ['volume in gallons', 6460, 7000, 5, [6400, 6500, 6600, 6700, 6800, 6900, 7000]],
    ['a temperature in tenths', 19.02, 20.98, 3, [19, 20, 21]],
    ['a small span below 1', 0.12, 0.41, 4, [0.1, 0.2, 0.3, 0.4, 0.5]],
    ['negative values', -12, 7, 4, [-15, -10, -5, 0, 5, 10]],
    ['bounds that are ticks already', 0, 100, 5, [0, 20, 40, 60, 80, 100]],
  ])('%s', (_name, min, max, count, ticks) => {
    expect(niceTicks(min, max, count)).toEqual(ticks);
  });

  it('covers the values: first tick ≤ min, last ≥ max, evenly spaced by 1, 2 or 5 × 10ⁿ', () => {
    for (const [min, max, count] of [
      [3.3, 97.1, 6],
      [1234, 56789, 5],
      [-0.004, 0.0071, 3],
      [49_999, 50_001, 5],
    ] as const) {
      const ticks = niceTicks(min, max, count);
      expect(ticks[0]).toBeLessThanOrEqual(min);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeGreaterThanOrEqual(2);
      expect(ticks.length).toBeLessThanOrEqual(count * 2 + 1);
      const step = ticks[1]! - ticks[0]!;
      const mantissa = Number((step / 10 ** Math.floor(Math.log10(step))).toFixed(6));
      expect([1, 2, 5]).toContain(mantissa);
    }
  });

  it('gives a flat series a span around its value, never below 0 for a value that is not negative', () => {
    expect(niceTicks(20, 20, 5)).toEqual([18, 19, 20, 21, 22]);
    expect(niceTicks(0, 0, 3)).toEqual([0, 0.5, 1]);
    expect(niceTicks(-5, -5, 3)).toEqual([-5.5, -5, -4.5]);
  });

  it('takes min and max in either order, and nothing for values that are not numbers', () => {
    expect(niceTicks(1500, 20, 5)).toEqual(niceTicks(20, 1500, 5));
    expect(niceTicks(Number.NaN, 3, 5)).toEqual([]);
    expect(niceTicks(0, Number.POSITIVE_INFINITY, 5)).toEqual([]);
  });

  it('knows how many decimals its labels need', () => {
    expect(tickDecimals(niceTicks(0, 1500, 5))).toBe(0);
    expect(tickDecimals(niceTicks(19.5, 20.4, 3))).toBe(1);
    expect(tickDecimals(niceTicks(0.12, 0.41, 4))).toBe(1);
    expect(tickDecimals(niceTicks(0.012, 0.041, 4))).toBe(2);
    expect(tickDecimals([5])).toBe(0);
  });
});
