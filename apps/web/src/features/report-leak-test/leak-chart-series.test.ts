import { describe, expect, it } from 'vitest';
import type { LeakTestPeriod } from '@ullage/contracts/leak-test';
import { chartData, seriesColor, SERIES_COLORS } from './leak-chart-series';

const period = (start: string, points: [string, number][], rateLph = 0.1): LeakTestPeriod => ({
  start,
  end: points.at(-1)?.[0] ?? start,
  hours: 0,
  rateLph,
  points: points.map(([at, volumeL]) => ({ at, volumeL })),
});

describe('leak-test chart data', () => {
  it('starts each period at 0 h and 0 volume, so slopes compare', () => {
    const data = chartData(
      [
        period('2026-11-20T01:00:00Z', [
          ['2026-11-20T01:00:00Z', 15_000],
          ['2026-11-20T01:30:00Z', 14_999.5],
          ['2026-11-20T03:00:00Z', 14_998],
        ]),
        period('2026-11-21T02:00:00Z', [
          ['2026-11-21T02:00:00Z', 9000],
          ['2026-11-21T06:00:00Z', 9001],
        ]),
      ],
      1,
    );
    expect(data.series.map((s) => s.number)).toEqual([1, 2]);
    expect(data.series[0]).toMatchObject({ x: [0, 0.5, 2], y: [0, -0.5, -2] });
    expect(data.series[1]).toMatchObject({ x: [0, 4], y: [0, 1] });
    expect(data.maxHours).toBe(4);
    expect(data.change).toEqual([-2, 1]);
  });

  it('orders points by time and converts the change to US gallons', () => {
    const data = chartData(
      [
        period('2026-11-20T01:00:00Z', [
          ['2026-11-20T02:00:00Z', 1000 - 3.785411784],
          ['2026-11-20T01:00:00Z', 1000],
        ]),
      ],
      2,
    );
    expect(data.series[0]!.x).toEqual([0, 1]);
    expect(data.series[0]!.y[1]).toBeCloseTo(-1, 9);
  });

  it('has no span without points', () => {
    expect(chartData([], 1)).toEqual({ series: [], maxHours: 0, change: null });
    expect(chartData([period('2026-11-20T01:00:00Z', [])], 1).change).toBeNull();
  });

  it('reuses the colours past the tenth period', () => {
    expect(seriesColor(1)).toBe(SERIES_COLORS[0]);
    expect(seriesColor(11)).toBe(SERIES_COLORS[0]);
  });
});
