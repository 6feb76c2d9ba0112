import { describe, expect, it } from 'vitest';
import { zoneOffsetMs } from '@ullage/domain/zoned-time';
import { extent, gapLimit, indexRange, linearScale, linePath, nearestIndex, timeTicks } from './trend-geometry';

const MIN = 60_000;
const HOUR = 60 * MIN;
const identity = linearScale([0, 1], [0, 1]);
/** The points of a path, [x, y] by segment. */
const segments = (d: string) =>
  d
    .split('M')
    .filter(Boolean)
    .map((s) => s.replace(/h0$/, '').split('L').map((p) => p.split(' ').map(Number)));

describe('linearScale', () => {
  it('maps a domain onto a range, reversed ranges too (y grows downwards), and back', () => {
    const y = linearScale([0, 1500], [300, 0]);
    expect(y.at(0)).toBe(300);
    expect(y.at(750)).toBe(150);
    expect(y.invert(0)).toBe(1500);
  });

  it('puts a domain of no width in the middle of the range', () => {
    expect(linearScale([5, 5], [0, 100]).at(5)).toBe(50);
  });
});

describe('readings in view and nearest reading', () => {
  const ts = [0, 10, 20, 30, 40];

  it('finds the indices within [from, to], both ends included', () => {
    expect(indexRange(ts, 10, 30)).toEqual([1, 3]);
    expect(indexRange(ts, 11, 29)).toEqual([2, 2]);
    expect(indexRange(ts, -100, 100)).toEqual([0, 4]);
    const [first, last] = indexRange(ts, 21, 29);
    expect(first).toBeGreaterThan(last);
  });

  it('finds the nearest reading, the earlier on a tie, the ends beyond them', () => {
    expect(nearestIndex(ts, 14)).toBe(1);
    expect(nearestIndex(ts, 16)).toBe(2);
    expect(nearestIndex(ts, 15)).toBe(1);
    expect(nearestIndex(ts, -5)).toBe(0);
    expect(nearestIndex(ts, 99)).toBe(4);
  });

  it('takes the extent of the finite values in view only', () => {
    expect(extent([5, 1, Number.NaN, 9, 3], 1, 4)).toEqual([1, 9]);
    expect(extent([5, 1, 9], 1, 1)).toEqual([1, 1]);
    expect(extent([Number.NaN], 0, 0)).toBeNull();
    expect(extent([1, 2], 1, 0)).toBeNull();
  });
});

describe('linePath', () => {
  it('draws every reading when there are fewer than pixel columns', () => {
    const path = linePath([0, 1, 2], [5, 7, 6], 0, 2, linearScale([0, 2], [0, 200]), identity);
    expect(path.d).toBe('M0 5L100 7L200 6');
    expect(path.points).toBe(3);
  });

  it('keeps at most two points per pixel column, the lowest and highest in reading order, so spikes survive', () => {
    const n = 10_000;
    const ts = Array.from({ length: n }, (_, i) => i);
    const values = ts.map((i) => (i === 5_000 ? 100 : i === 7_000 ? -100 : Math.sin(i / 50)));
    const path = linePath(ts, values, 0, n - 1, linearScale([0, n - 1], [0, 500]), identity);
    expect(path.points).toBeLessThanOrEqual(2 * 501);
    expect(path.points).toBeGreaterThan(500);
    const ys = segments(path.d)[0]!.map(([, y]) => y!);
    expect(Math.max(...ys)).toBe(100);
    expect(Math.min(...ys)).toBe(-100);
    // Drawn left to right, whatever the thinning chose.
    const xs = segments(path.d)[0]!.map(([x]) => x!);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
  });

  it('draws only the readings asked for', () => {
    const path = linePath([0, 1, 2, 3], [1, 2, 3, 4], 1, 2, linearScale([0, 3], [0, 300]), identity);
    expect(path.d).toBe('M100 2L200 3');
  });

  it('breaks the line at a value that is not a number, and draws a lone reading as a dot', () => {
    const x = linearScale([0, 4], [0, 400]);
    expect(linePath([0, 1, 2, 3, 4], [1, 2, Number.NaN, 4, 5], 0, 4, x, identity).d).toBe('M0 1L100 2M300 4L400 5');
    expect(linePath([0, 1, 2, 3, 4], [1, Number.NaN, 3, Number.NaN, 5], 0, 4, x, identity).d).toBe('M0 1h0M200 3h0M400 5h0');
  });

  it('breaks the line across a gap in time longer than the limit', () => {
    const ts = [0, 1, 2, 3, 20, 21, 22];
    const x = linearScale([0, 22], [0, 220]);
    const d = linePath(ts, [1, 1, 1, 1, 2, 2, 2], 0, 6, x, identity, gapLimit(ts)).d;
    expect(segments(d).map((s) => s.length)).toEqual([4, 3]);
  });
});

describe('gapLimit', () => {
  it('is five times the usual step, and none for too few readings to tell', () => {
    expect(gapLimit([0, 10, 20, 30, 500, 510])).toBe(50);
    expect(gapLimit([0, 600_000])).toBe(Infinity);
  });
});

describe('timeTicks', () => {
  const utc = () => 0;
  const at = (iso: string) => Date.parse(iso);

  it('puts ticks on round times at least the given gap apart', () => {
    const from = at('2026-05-01T00:07:00Z');
    const to = at('2026-05-04T00:00:00Z');
    const ticks = timeTicks(from, to, 1000, 70, utc);
    // 3 days over 1000 px with 70 px between labels: 6-hourly.
    expect(ticks[0]).toBe(at('2026-05-01T06:00:00Z'));
    expect(ticks[1]! - ticks[0]!).toBe(6 * HOUR);
    expect(ticks.at(-1)).toBe(to);
    for (const tick of ticks) expect(tick).toBeGreaterThanOrEqual(from);
  });

  it('shortens the step to minutes when zoomed in, and takes days for a long range on a narrow screen', () => {
    const from = at('2026-05-01T10:03:00Z');
    expect(timeTicks(from, from + HOUR, 800, 60, utc)[0]).toBe(at('2026-05-01T10:05:00Z'));
    const days = timeTicks(at('2026-05-01T00:00:00Z'), at('2026-05-12T00:00:00Z'), 600, 60, utc);
    expect(days[1]! - days[0]!).toBe(48 * HOUR);
  });

  it('is on the hours of the station’s clock, not the viewer’s or UTC', () => {
    const offset = (tz: string) => (ms: number) => zoneOffsetMs(ms, tz);
    const from = at('2026-05-01T00:00:00Z');
    const ticks = timeTicks(from, from + 3 * 86_400_000, 1000, 150, offset('Asia/Kolkata'));
    // 12-hourly ticks at 00:00 and 12:00 in Kolkata (UTC+5:30).
    expect(new Date(ticks[0]!).toISOString()).toBe('2026-05-01T06:30:00.000Z');
  });

  it('stays on the hour after a change to summer time', () => {
    // America/Denver went from UTC-7 to UTC-6 at 2026-03-08 02:00 local.
    const from = at('2026-03-07T12:00:00Z');
    const ticks = timeTicks(from, from + 36 * HOUR, 600, 60, (ms) => zoneOffsetMs(ms, 'America/Denver'));
    const local = ticks.map((t) => new Date(t + zoneOffsetMs(t, 'America/Denver')).toISOString().slice(11, 16));
    expect(new Set(local.map((s) => s.slice(3)))).toEqual(new Set(['00']));
    expect(ticks).toEqual([...ticks].sort((a, b) => a - b));
  });

  it('gives nothing for an empty range or no width', () => {
    expect(timeTicks(5, 5, 100, 60, utc)).toEqual([]);
    expect(timeTicks(0, HOUR, 0, 60, utc)).toEqual([]);
  });
});
