import { describe, expect, it } from 'vitest';
import { computeInventory, correctedHeight, temperatureCompensated, type TankGeometry } from './inventory';
import { volumeAtHeight } from './strapping';

// A 2000 mm tank whose volume is 10 L per mm up to 1000 mm, then 20 L per mm.
const strapping = [
  { heightMm: 0, volumeL: 0 },
  { heightMm: 1000, volumeL: 10_000 },
  { heightMm: 2000, volumeL: 30_000 },
];
const tank: TankGeometry = { heightMm: 2000, capacityL: 30_000, strapping, oilOffsetMm: 0, waterOffsetMm: 0, tiltDeg: 0, probeOffsetMm: 0, expansionPerC: 0 };

describe('volume from the height-volume table (DESIGN.md §5)', () => {
  it.each([
    ['at a table point', 1000, 10_000],
    ['between points, first segment', 250, 2_500],
    ['between points, second segment', 1500, 20_000],
    ['at zero', 0, 0],
    ['below the table clamps to its first point', -50, 0],
    ['above the table clamps to its last point', 2600, 30_000],
  ])('%s: %s mm → %s L', (_name, height, litres) => {
    expect(volumeAtHeight(strapping, height)).toBeCloseTo(litres, 6);
  });
});

describe('computeInventory', () => {
  it('product volume excludes the water under it; ullage and fill count both', () => {
    const inv = computeInventory(tank, { productHeightMm: 1500, waterHeightMm: 100, temperatureC: 15 });
    expect(inv.waterVolumeL).toBe(1_000);
    expect(inv.volumeL).toBe(19_000);
    expect(inv.tcVolumeL).toBe(19_000);
    expect(inv.ullageL).toBe(10_000);
    expect(inv.fillPct).toBeCloseTo(66.67, 2);
  });

  it('a height above the tank is clamped to the tank: full, no ullage', () => {
    const inv = computeInventory(tank, { productHeightMm: 2500, waterHeightMm: 0, temperatureC: 15 });
    expect(inv.productHeightMm).toBe(2000);
    expect(inv.volumeL).toBe(30_000);
    expect(inv.ullageL).toBe(0);
    expect(inv.fillPct).toBe(100);
  });

  it('applies the oil and water height compensation before the table', () => {
    const inv = computeInventory({ ...tank, oilOffsetMm: 10, waterOffsetMm: -5 }, { productHeightMm: 990, waterHeightMm: 105, temperatureC: 15 });
    expect(inv.productHeightMm).toBe(1000);
    expect(inv.waterHeightMm).toBe(100);
    expect(inv.volumeL).toBe(9_000);
  });

  it('corrects a probe at the low end of a tilted tank down to the middle level', () => {
    // tan(1°) × 3000 mm ≈ 52.4 mm
    expect(correctedHeight(1052.4, 0, { heightMm: 2000, tiltDeg: 1, probeOffsetMm: 3000 })).toBeCloseTo(1000, 1);
    expect(correctedHeight(947.6, 0, { heightMm: 2000, tiltDeg: -1, probeOffsetMm: 3000 })).toBeCloseTo(1000, 1);
  });

  it('keeps the volumes a device sent instead of computing them', () => {
    const inv = computeInventory(tank, { productHeightMm: 1500, waterHeightMm: 100, temperatureC: 25, volumeL: 18_888, tcVolumeL: 18_700, waterVolumeL: 999 });
    expect([inv.volumeL, inv.tcVolumeL, inv.waterVolumeL]).toEqual([18_888, 18_700, 999]);
  });

  it('keeps the ullage a device measured (a Veeder-Root console reports its own)', () => {
    expect(computeInventory(tank, { productHeightMm: 1500, waterHeightMm: 100, temperatureC: 15, volumeL: 19_000, ullageL: 10_123.4 }).ullageL).toBe(10_123.4);
  });

  it('compensates temperature to 15 °C: warm product shrinks, cold product grows', () => {
    expect(temperatureCompensated(10_000, 25, 0.0012)).toBeCloseTo(9881.42, 2);
    expect(temperatureCompensated(10_000, 5, 0.0012)).toBeCloseTo(10121.46, 2);
    const inv = computeInventory({ ...tank, expansionPerC: 0.0012 }, { productHeightMm: 1000, waterHeightMm: 0, temperatureC: 25 });
    expect(inv.tcVolumeL).toBe(9881.4);
  });

  it('water never stands above the product', () => {
    const inv = computeInventory(tank, { productHeightMm: 50, waterHeightMm: 80, temperatureC: 15 });
    expect(inv.waterHeightMm).toBe(50);
    expect(inv.volumeL).toBe(0);
  });

  it('without a table the volumes are 0, not NaN', () => {
    const inv = computeInventory({ ...tank, strapping: [] }, { productHeightMm: 500, waterHeightMm: 0, temperatureC: 15 });
    expect(inv.volumeL).toBe(0);
    expect(inv.fillPct).toBe(0);
    expect(inv.ullageL).toBe(30_000);
  });
});

describe('water volume: known, none, or unknown (issue 20 item 7)', () => {
  const noTable = { ...tank, strapping: [] };
  it.each([
    ['the device’s, over the table', tank, { waterHeightMm: 100, waterVolumeL: 999 }, 999],
    ['the device’s, without a table', noTable, { waterHeightMm: 100, waterVolumeL: 999 }, 999],
    ['from the table', tank, { waterHeightMm: 100 }, 1_000],
    ['from the table at no water', tank, { waterHeightMm: 0 }, 0],
    ['no table, no water: none', noTable, { waterHeightMm: 0 }, 0],
    ['no table, water: unknown', noTable, { waterHeightMm: 100 }, null],
    ['no table, a trace of water: unknown', noTable, { waterHeightMm: 0.5 }, null],
    ['no table, water the offset takes away: none', { ...noTable, waterOffsetMm: -20 }, { waterHeightMm: 15 }, 0],
    ['no table, water the offset adds: unknown', { ...noTable, waterOffsetMm: 20 }, { waterHeightMm: 0 }, null],
    ['no table, water above an empty tank’s product: none', noTable, { waterHeightMm: 80, productHeightMm: 0 }, 0],
  ] as const)('%s', (_name, geometry: TankGeometry, levels: { waterHeightMm: number; waterVolumeL?: number; productHeightMm?: number }, want) => {
    expect(computeInventory(geometry, { productHeightMm: 1500, temperatureC: 15, volumeL: 12_000, ...levels }).waterVolumeL).toBe(want);
  });

  it.each([
    // capacity 30 000 L, 12 000 L of product and water of unknown volume: the product alone.
    ['computed from the product alone', {}, { ullageL: 18_000, fillPct: 40 }],
    ['the device’s ullage kept', { ullageL: 17_500 }, { ullageL: 17_500, fillPct: 40 }],
  ])('unknown water, ullage and fill: %s', (_name, extra, want) => {
    const inv = computeInventory({ ...tank, strapping: [] }, { productHeightMm: 1500, waterHeightMm: 100, temperatureC: 15, volumeL: 12_000, ...extra });
    expect(inv).toMatchObject({ waterVolumeL: null, volumeL: 12_000, ...want });
  });
});
