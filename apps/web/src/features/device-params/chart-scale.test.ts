import { describe, expect, it } from 'vitest';
import { drawCurve, niceStep } from './chart-scale';

const layout = { width: 200, height: 120, padding: { left: 40, bottom: 20, right: 10, top: 10 } };

describe('drawCurve (height → volume curve of the table)', () => {
  it('draws the points in height order inside the plot area', () => {
    const drawing = drawCurve(
      [
        { heightMm: 1000, volumeL: 20_000 },
        { heightMm: 0, volumeL: 0 },
        { heightMm: 2000, volumeL: 40_000 },
      ],
      { heightMm: 2000, volumeL: 40_000 },
      layout,
    );
    expect(drawing.path).toBe('M40 100 L115 55 L190 10');
    expect(drawing.xTicks.map((t) => t.value)).toEqual([0, 500, 1000, 1500, 2000]);
    expect(drawing.yTicks.map((t) => [t.value, t.at])).toEqual([
      [0, 100],
      [10_000, 77.5],
      [20_000, 55],
      [30_000, 32.5],
      [40_000, 10],
    ]);
  });

  it('draws no line for fewer than two points', () => {
    expect(drawCurve([{ heightMm: 0, volumeL: 0 }], { heightMm: 100, volumeL: 100 }, layout).path).toBe('');
  });

  it('picks steps of 1, 2 or 5 times a power of ten', () => {
    expect([niceStep(2600), niceStep(42_475), niceStep(7), niceStep(0)]).toEqual([1000, 10_000, 2, 1]);
  });
});
