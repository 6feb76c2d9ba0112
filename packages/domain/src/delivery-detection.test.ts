import { describe, expect, it } from 'vitest';
import { deliveredL, detectDeliveries, type VolumePoint } from './delivery-detection';

const MIN = 60_000;
/** One point a minute from the given volumes. */
const series = (volumes: number[], startMin = 0): VolumePoint[] => volumes.map((volumeL, i) => ({ tsMs: (startMin + i) * MIN, volumeL }));
const flat = (v: number, n: number) => Array.from({ length: n }, () => v);
const falling = (from: number, perMin: number, n: number) => Array.from({ length: n }, (_, i) => from - i * perMin);

describe('delivery detection', () => {
  it('a tanker drop over 30 minutes, then sales: one delivery of the rise, closed after 10 quiet minutes', () => {
    const rise = Array.from({ length: 30 }, (_, i) => 5_000 + (i + 1) * 500);
    const { finished, open } = detectDeliveries(series([...flat(5_000, 5), ...rise, ...falling(20_000, 5, 15)]));
    expect(open).toBeNull();
    expect(finished).toHaveLength(1);
    expect(finished[0]).toMatchObject({ startedAtMs: 4 * MIN, startVolumeL: 5_000, lastRiseAtMs: 34 * MIN, endVolumeL: 20_000 });
    expect(deliveredL(finished[0]!)).toBe(15_000);
  });

  it('stays open until the level has been quiet for 10 minutes', () => {
    const { finished, open } = detectDeliveries(series([1_000, 2_000, 3_000, ...flat(3_000, 10)]));
    expect(finished).toEqual([]);
    expect(open).toMatchObject({ startVolumeL: 1_000, endVolumeL: 3_000 });
  });

  it.each([
    ['sales only', falling(10_000, 20, 60)],
    ['noise under 50 L a reading', Array.from({ length: 60 }, (_, i) => 10_000 + (i % 2) * 40)],
    ['a single 400 L hiccup', [...flat(10_000, 5), 10_400, ...flat(10_400, 20)]],
  ])('%s is no delivery', (_name, volumes) => {
    const { finished, open } = detectDeliveries(series(volumes));
    expect(finished).toEqual([]);
    expect(open === null || open.endVolumeL - open.startVolumeL < 500).toBe(true);
  });

  it('a rise across an upload gap over 15 minutes is not counted as a delivery step', () => {
    const points = [{ tsMs: 0, volumeL: 1_000 }, { tsMs: 20 * MIN, volumeL: 9_000 }, { tsMs: 40 * MIN, volumeL: 9_000 }];
    expect(detectDeliveries(points)).toEqual({ finished: [], open: null });
  });

  it('continues a delivery opened by an earlier batch', () => {
    const first = detectDeliveries(series([1_000, 2_000, 3_000]));
    const second = detectDeliveries(series([4_000, 5_000, ...flat(5_000, 12)], 3), first.open, { tsMs: 2 * MIN, volumeL: 3_000 });
    expect(second.finished).toHaveLength(1);
    expect(deliveredL(second.finished[0]!)).toBe(4_000);
  });
});
