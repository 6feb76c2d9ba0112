import { describe, it, expect } from 'vitest';
import { cylinderStrappingTable, horizontalCylinderVolume, volumeAtHeight, type StrappingPoint } from './strapping';

/** Full horizontal cylinder in litres: π r² L / 1e6 (mm³ → L). */
const full = (d: number, l: number) => (Math.PI * (d / 2) ** 2 * l) / 1e6;
/** Independent segment formula: A = r²/2 (θ − sin θ), θ = 2 acos((r − h) / r). */
const segment = (d: number, l: number, h: number) => {
  const r = d / 2;
  const theta = 2 * Math.acos((r - h) / r);
  return ((r * r) / 2) * (theta - Math.sin(theta)) * l / 1e6;
};

const SIZES: Array<[number, number]> = [
  [2000, 6000],
  [2500, 8000],
  [1600, 3000],
  [1000, 2000],
];

describe('horizontalCylinderVolume', () => {
  it.each(SIZES)('spec §3: tank height-volume table — empty (h = 0) %i × %i mm holds 0 L', (d, l) => {
    expect(horizontalCylinderVolume(d, l, 0)).toBe(0);
  });

  it.each(SIZES)('spec §3: tank height-volume table — full %i × %i mm holds π r² L / 1e6 within 0.01 L', (d, l) => {
    expect(Math.abs(horizontalCylinderVolume(d, l, d) - full(d, l))).toBeLessThan(0.01);
  });

  it.each(SIZES)('spec §3: tank height-volume table — half height %i × %i mm holds half of full', (d, l) => {
    expect(Math.abs(horizontalCylinderVolume(d, l, d / 2) - full(d, l) / 2)).toBeLessThan(0.01);
  });

  it('spec §3: concrete volumes of a 2000 × 6000 mm tank', () => {
    expect(horizontalCylinderVolume(2000, 6000, 2000)).toBeCloseTo(18849.556, 3);
    expect(horizontalCylinderVolume(2000, 6000, 1000)).toBeCloseTo(9424.778, 3);
    expect(horizontalCylinderVolume(2000, 6000, 500)).toBeCloseTo(3685.109, 3);
    expect(horizontalCylinderVolume(2000, 6000, 50)).toBeCloseTo(125.538, 3);
  });

  const heights = [1, 10, 123, 500, 999, 1500, 1877, 1999];
  it.each(heights)('spec §3: volume at %i mm in 2000 × 6000 mm tank matches the circular-segment formula', (h) => {
    expect(Math.abs(horizontalCylinderVolume(2000, 6000, h) - segment(2000, 6000, h))).toBeLessThan(1e-6);
  });

  it.each(heights)('spec §3: V(h) + V(d − h) = full (symmetry), h = %i mm', (h) => {
    const sum = horizontalCylinderVolume(2000, 6000, h) + horizontalCylinderVolume(2000, 6000, 2000 - h);
    expect(Math.abs(sum - full(2000, 6000))).toBeLessThan(1e-6);
  });

  const clamp: Array<[number, number]> = [
    [-1, 0],
    [-500, 0],
    [2001, horizontalCylinderVolume(2000, 6000, 2000)],
    [5000, horizontalCylinderVolume(2000, 6000, 2000)],
  ];
  it.each(clamp)('spec §3: heights outside the tank clamp — h = %i mm gives %f L', (h, expected) => {
    expect(horizontalCylinderVolume(2000, 6000, h)).toBe(expected);
  });
});

describe('cylinderStrappingTable', () => {
  const isStrictlyIncreasing = (values: number[]) => values.every((v, i) => i === 0 || v > values[i - 1]!);

  const cases: Array<[number, number, number | undefined, number]> = [
    [2000, 6000, undefined, 41],
    [2000, 6000, 50, 41],
    [2500, 8000, 100, 26],
    [1000, 2000, 30, 35], // step does not divide diameter: 0, 30 … 990, then 1000
    [1600, 3000, 10, 161],
  ];
  it.each(cases)(
    'spec §3/§5: height-volume table for %i × %i mm, step %s: starts at 0, strictly increasing, ends at diameter, %i points',
    (d, l, step, count) => {
      const table = step === undefined ? cylinderStrappingTable(d, l) : cylinderStrappingTable(d, l, step);
      expect(table).toHaveLength(count);
      expect(table[0]).toEqual({ heightMm: 0, volumeL: 0 });
      expect(table[table.length - 1]).toEqual({ heightMm: d, volumeL: Math.round(full(d, l) * 10) / 10 });
      expect(isStrictlyIncreasing(table.map((p) => p.heightMm))).toBe(true);
      expect(isStrictlyIncreasing(table.map((p) => p.volumeL))).toBe(true);
    },
  );

  it('spec §5: table numbers allow one decimal place — every volume is rounded to 0.1 L', () => {
    const table = cylinderStrappingTable(2000, 6000);
    expect(table.filter((p) => Math.abs(p.volumeL * 10 - Math.round(p.volumeL * 10)) > 1e-9)).toEqual([]);
  });

  it('spec §3: default step is 50 mm; concrete first, middle and last points of a 2000 × 6000 mm tank', () => {
    const table = cylinderStrappingTable(2000, 6000);
    expect(table.slice(0, 3)).toEqual([
      { heightMm: 0, volumeL: 0 },
      { heightMm: 50, volumeL: 125.5 },
      { heightMm: 100, volumeL: 352.4 },
    ]);
    expect(table[20]).toEqual({ heightMm: 1000, volumeL: 9424.8 });
    expect(table.slice(-2)).toEqual([
      { heightMm: 1950, volumeL: 18724 },
      { heightMm: 2000, volumeL: 18849.6 },
    ]);
  });

  it('spec §3: the last two heights of a table whose step does not divide the diameter', () => {
    expect(cylinderStrappingTable(1000, 2000, 30).slice(-3)).toEqual([
      { heightMm: 960, volumeL: 1549.7 },
      { heightMm: 990, volumeL: 1568.1 },
      { heightMm: 1000, volumeL: 1570.8 },
    ]);
  });
});

describe('volumeAtHeight', () => {
  const TABLE: StrappingPoint[] = [
    { heightMm: 0, volumeL: 0 },
    { heightMm: 100, volumeL: 50 },
    { heightMm: 200, volumeL: 150 },
    { heightMm: 400, volumeL: 550 },
  ];

  const cases: Array<[string, number, number]> = [
    ['exact at point 0', 0, 0],
    ['exact at point 100', 100, 50],
    ['exact at point 200', 200, 150],
    ['exact at last point 400', 400, 550],
    ['linear between 0 and 100', 50, 25],
    ['linear between 0 and 100, near start', 1, 0.5],
    ['linear between 100 and 200', 150, 100],
    ['linear between 100 and 200, quarter', 125, 75],
    ['linear between 200 and 400', 300, 350],
    ['linear between 200 and 400, just below end', 399, 548],
    ['linear with fractional height', 250.5, 251],
    ['clamped below the table', -10, 0],
    ['clamped above the table', 401, 550],
    ['clamped far above the table', 10_000, 550],
  ];
  it.each(cases)('spec §3: height-volume table lookup — %s (h = %f → %f L)', (_label, h, expected) => {
    expect(volumeAtHeight(TABLE, h)).toBeCloseTo(expected, 10);
  });

  it.each([0, 100, -5, 1e6])('spec §3: an empty height-volume table gives 0 L at h = %f', (h) => {
    expect(volumeAtHeight([], h)).toBe(0);
  });

  it.each([-1, 0, 50, 1000])('spec §3: a one-point table gives that point\'s volume at h = %f', (h) => {
    expect(volumeAtHeight([{ heightMm: 0, volumeL: 12.5 }], h)).toBe(12.5);
  });

  it('spec §3: a table not starting at 0 clamps to its first volume below its first height', () => {
    const table: StrappingPoint[] = [
      { heightMm: 10, volumeL: 5 },
      { heightMm: 20, volumeL: 15 },
    ];
    expect([0, 10, 15, 20, 30].map((h) => volumeAtHeight(table, h))).toEqual([5, 5, 10, 15, 15]);
  });

  it('spec §3: a generated cylinder table is exact at every point and within 20 L (about 0.1 % of 18 850 L) of the true volume between points', () => {
    const table = cylinderStrappingTable(2000, 6000);
    expect(table.filter((p) => volumeAtHeight(table, p.heightMm) !== p.volumeL)).toEqual([]);
    const worst = Math.max(
      ...Array.from({ length: 2001 }, (_, h) => Math.abs(volumeAtHeight(table, h) - horizontalCylinderVolume(2000, 6000, h))),
    );
    // chord error of a 50 mm step is largest near the bottom and top of the tank
    expect(worst).toBeLessThan(20);
    expect(worst).toBeGreaterThan(0);
  });
});

describe('degenerate sizes are refused or answered, never a hang or NaN', () => {
  it('a zero diameter holds 0 litres', () => {
    expect(horizontalCylinderVolume(0, 1000, 0)).toBe(0);
  });
  it('a step of zero or less is refused', () => {
    expect(() => cylinderStrappingTable(2000, 5000, 0)).toThrow('stepMm must be positive, got 0');
    expect(() => cylinderStrappingTable(2000, 5000, -5)).toThrow(RangeError);
  });
});
