import type { ReconciliationSeries } from '@ullage/contracts/reconciliation';
import { volumeFromLitres } from '@ullage/domain/units';
import { daySpan } from '../../components/report-filters/report-filters-state';

/**
 * The cumulative-variance chart's data: for each tank (or manifolded group), its cumulative
 * variance by station day against the regulator's allowance band ±(1 % of the month's sales so
 * far + 130 US gal), in the company's volume unit. Every tank's panel shares the days of the
 * query, so that panels line up. Pure, so tested without a DOM.
 */
export interface VarianceChartPanel {
  key: string;
  stationName: string;
  tankCode: string;
  productName: string | null;
  productColor: string | null;
  volumeUnit: number | null;
  /** Day index from the query's first day (x), and the figures of that day; nulls break the line. */
  x: number[];
  cumulative: (number | null)[];
  allowance: (number | null)[];
  /** The days whose cumulative variance lies outside the band. */
  beyond: number[];
  /** The last day's cumulative variance and allowance (null without one): the panel's headline. */
  last: { day: string; cumulative: number; allowance: number | null } | null;
  /** Smallest and largest of the line and the band, 0 included; null without a figure. */
  extent: [number, number] | null;
}

export function varianceChartPanels(series: readonly ReconciliationSeries[], fromDay: string): VarianceChartPanel[] {
  return series.map((s) => {
    const points = [...s.points].sort((a, b) => a.day.localeCompare(b.day));
    const unit = (litres: number | null) => (litres === null ? null : volumeFromLitres(litres, s.volumeUnit));
    const x = points.map((p) => daySpan(fromDay, p.day) - 1);
    const cumulative = points.map((p) => unit(p.cumulativeVarianceL));
    const allowance = points.map((p) => unit(p.allowanceL));
    const beyond: number[] = [];
    let low = Infinity;
    let high = -Infinity;
    let last: VarianceChartPanel['last'] = null;
    points.forEach((p, i) => {
      const c = cumulative[i] ?? null;
      const a = allowance[i] ?? null;
      if (a !== null) {
        low = Math.min(low, -a);
        high = Math.max(high, a);
      }
      if (c === null) return;
      low = Math.min(low, c, 0);
      high = Math.max(high, c, 0);
      if (a !== null && Math.abs(c) > a) beyond.push(x[i]!);
      last = { day: p.day, cumulative: c, allowance: a };
    });
    return {
      key: s.key,
      stationName: s.stationName,
      tankCode: s.tankCode,
      productName: s.productName,
      productColor: s.productColor,
      volumeUnit: s.volumeUnit,
      x,
      cumulative,
      allowance,
      beyond,
      last,
      extent: low <= high ? [low, high] : null,
    };
  });
}

/**
 * The band as one closed SVG polygon: the upper edge left to right, then the lower edge back;
 * days without an allowance split it into several. Coordinates come through the chart's scales.
 */
export function bandPolygons(x: readonly number[], allowance: readonly (number | null)[], at: { x: (v: number) => number; y: (v: number) => number }): string[] {
  const runs: number[][] = [];
  let run: number[] = [];
  allowance.forEach((a, i) => {
    if (a === null) {
      if (run.length) runs.push(run);
      run = [];
    } else run.push(i);
  });
  if (run.length) runs.push(run);
  const r1 = (n: number) => Math.round(n * 10) / 10;
  return runs.map((indices) => {
    const upper = indices.map((i) => `${r1(at.x(x[i]!))},${r1(at.y(allowance[i]!))}`);
    const lower = [...indices].reverse().map((i) => `${r1(at.x(x[i]!))},${r1(at.y(-allowance[i]!))}`);
    return [...upper, ...lower].join(' ');
  });
}

/**
 * The day indices labelled on the x axis of `days` days: about `count`, evenly stepped from the
 * first, always the last; a stepped label within half a step of the last gives way to it.
 */
export function dayTicks(days: number, count: number): number[] {
  if (days <= 1) return [0];
  const step = Math.max(1, Math.ceil(days / count));
  const last = days - 1;
  const ticks: number[] = [];
  for (let i = 0; i < last; i += step) if (last - i > step / 2) ticks.push(i);
  ticks.push(last);
  return ticks;
}
