import type { LeakTestPeriod } from '@ullage/contracts/leak-test';
import { volumeFromLitres } from '@ullage/domain/units';

/**
 * The leak-test chart's data: each quiet period as the change of its temperature-compensated
 * volume from the period's first point, against hours since that point, so that periods of
 * different days and levels start together and their slopes (the leak rates) compare by eye.
 * Volumes in the company's unit. Pure, so it is tested without a DOM.
 */
export interface ChartSeries {
  /** 1-based, in the order the periods came (oldest first): the legend's number. */
  number: number;
  start: string;
  end: string;
  hours: number;
  rateLph: number;
  /** Hours since the period's first point. */
  x: number[];
  /** Change from the period's first point, in the company's volume unit (a loss negative). */
  y: number[];
}

export interface ChartData {
  series: ChartSeries[];
  /** The longest period's span in hours (0 when there is none). */
  maxHours: number;
  /** Smallest and largest change over every series; null without a point. */
  change: [number, number] | null;
}

const HOUR_MS = 3_600_000;

export function chartData(periods: readonly LeakTestPeriod[], volumeUnit: number | null | undefined): ChartData {
  let maxHours = 0;
  let low = Infinity;
  let high = -Infinity;
  const series = periods.map((period, i): ChartSeries => {
    const points = [...period.points].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    const t0 = points[0] ? Date.parse(points[0].at) : 0;
    const v0 = points[0]?.volumeL ?? 0;
    const x = points.map((p) => (Date.parse(p.at) - t0) / HOUR_MS);
    const y = points.map((p) => volumeFromLitres(p.volumeL - v0, volumeUnit));
    for (const h of x) maxHours = Math.max(maxHours, h);
    for (const v of y) {
      low = Math.min(low, v);
      high = Math.max(high, v);
    }
    return { number: i + 1, start: period.start, end: period.end, hours: period.hours, rateLph: period.rateLph, x, y };
  });
  return { series, maxHours, change: low <= high ? [low, high] : null };
}

/** Colours of the series, told apart on screen and in greys on paper; reused past the tenth period. */
export const SERIES_COLORS = ['#1677ff', '#fa541c', '#13a8a8', '#722ed1', '#faad14', '#eb2f96', '#52c41a', '#2f54eb', '#a0d911', '#8c8c8c'] as const;

export function seriesColor(number: number): string {
  return SERIES_COLORS[(number - 1) % SERIES_COLORS.length]!;
}
