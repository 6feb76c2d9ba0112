import { describe, expect, it } from 'vitest';
import type { ReconciliationSeries } from '@ullage/contracts/reconciliation';
import { bandPolygons, dayTicks, varianceChartPanels } from './reconciliation-chart-series';

const GALLON = 3.785411784;
const point = (day: string, cumulativeVarianceL: number | null, allowanceL: number | null) => ({ day, varianceL: null, cumulativeVarianceL, meteredSalesL: null, allowanceL });
const series = (points: ReconciliationSeries['points'], volumeUnit: number | null = 1): ReconciliationSeries => ({
  key: 'k',
  stationName: 'Cairo',
  tankCode: '1',
  productName: '92#',
  productColor: '#f00',
  volumeUnit,
  points,
});

describe('cumulative-variance chart panels', () => {
  it('places each day on the query’s days, in order, and finds the days outside the band', () => {
    const [panel] = varianceChartPanels(
      [series([point('2026-11-04', -700, 600), point('2026-11-02', -100, 520), point('2026-11-03', 300, 560)])],
      '2026-11-01',
    );
    expect(panel!.x).toEqual([1, 2, 3]);
    expect(panel!.cumulative).toEqual([-100, 300, -700]);
    expect(panel!.beyond).toEqual([3]);
    expect(panel!.last).toEqual({ day: '2026-11-04', cumulative: -700, allowance: 600 });
    expect(panel!.extent).toEqual([-700, 600]);
  });

  it('converts to US gallons for a company that reads them', () => {
    const [panel] = varianceChartPanels([series([point('2026-11-01', -10 * GALLON, 130 * GALLON)], 2)], '2026-11-01');
    expect(panel!.cumulative[0]).toBeCloseTo(-10, 9);
    expect(panel!.allowance[0]).toBeCloseTo(130, 9);
  });

  it('has no headline or extent without a figure, and keeps 0 in view with one', () => {
    const [empty] = varianceChartPanels([series([point('2026-11-01', null, null)])], '2026-11-01');
    expect([empty!.last, empty!.extent]).toEqual([null, null]);
    const [noBand] = varianceChartPanels([series([point('2026-11-01', 50, null)])], '2026-11-01');
    expect(noBand!.extent).toEqual([0, 50]);
    expect(noBand!.beyond).toEqual([]);
  });
});

describe('allowance band', () => {
  const identity = { x: (v: number) => v, y: (v: number) => v };
  it('is one polygon, upper edge forward and lower edge back', () => {
    expect(bandPolygons([0, 1, 2], [5, 6, 7], identity)).toEqual(['0,5 1,6 2,7 2,-7 1,-6 0,-5']);
  });

  it('splits where a day has no allowance', () => {
    expect(bandPolygons([0, 1, 2, 3], [5, null, 7, 8], identity)).toEqual(['0,5 0,-5', '2,7 3,8 3,-8 2,-7']);
    expect(bandPolygons([0], [null], identity)).toEqual([]);
  });
});

describe('day labels', () => {
  it('step through the days, always end on the last, and never crowd it', () => {
    expect(dayTicks(27, 6)).toEqual([0, 5, 10, 15, 20, 26]);
    expect(dayTicks(26, 6)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(dayTicks(23, 6)).toEqual([0, 4, 8, 12, 16, 22]);
    expect(dayTicks(3, 6)).toEqual([0, 1, 2]);
    expect(dayTicks(1, 6)).toEqual([0]);
  });
});
