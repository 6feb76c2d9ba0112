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

  it('a rise under a delivery’s minimum across an upload gap over 15 minutes is no step (the product swells over a silence)', () => {
    const points = [{ tsMs: 0, volumeL: 10_000 }, { tsMs: 3 * 60 * MIN, volumeL: 10_400 }, ...series(flat(10_400, 20), 3 * 60 + 1)];
    expect(detectDeliveries(points)).toEqual({ finished: [], open: null });
  });

  it('continues a delivery opened by an earlier batch', () => {
    const first = detectDeliveries(series([1_000, 2_000, 3_000]));
    const second = detectDeliveries(series([4_000, 5_000, ...flat(5_000, 12)], 3), first.open, { tsMs: 2 * MIN, volumeL: 3_000 });
    expect(second.finished).toHaveLength(1);
    expect(deliveredL(second.finished[0]!)).toBe(4_000);
  });
});

/**
 * A power cut during a tanker's drop (CI, demo-backfill.test.ts, 2026-11-28 22:05 UTC: NWP-SH01
 * yesterday's sales −2,651.9 L). The console goes dark with a last reading, the tanker drops on,
 * and the console comes back 17 minutes later with the level thousands of litres higher. The
 * rise under the cut was no step (readings over 15 minutes apart), so the drop was split, or
 * began only at the power-on reading: the delivery came out short by the rise under the cut,
 * and the day's sales (start − end + deliveries) below zero. The readings are the demo's, every
 * 30 seconds while the tanker is due (simulated, seed 7, history ending 2026-11-28T22:02:29.268Z).
 */
describe('a power cut during a drop', () => {
  const T = Date.parse('2026-11-27T10:05:29.268Z');
  const at = (seconds: number, volumeL: number): VolumePoint => ({ tsMs: T + seconds * 1000, volumeL });
  /** 30-second readings from `seconds` on, of the given volumes. */
  const from = (seconds: number, volumes: number[]) => volumes.map((v, i) => at(seconds + i * 30, v));
  const quiet = (seconds: number, volumeL: number) => from(seconds, flat(volumeL, 25));
  const drop = [16_930.5, 17_322.6, 17_714.6, 18_108.5, 18_502.2, 18_871.3, 19_262.7, 19_599, 19_990.5, 20_384.9, 20_777.3, 21_168.8, 21_536.1, 21_929.1, 22_322, 22_715.6, 23_108.5, 23_501.8, 23_892.2, 24_285, 24_680.1, 25_069.9, 25_464.8, 25_855.3, 26_248.3, 26_379.7];

  it('the tanker began under the cut: the drop starts at the last reading before it (7,663.4 → 26,379.7 L, not 16,930.5 → 26,379.7)', () => {
    // 10:05:29, 10:05:59, the power-off reading at 10:06:29; power on at 10:23:29, already 9,267 L higher.
    const points = [at(0, 7_666.7), at(30, 7_664.7), at(60, 7_663.4), ...from(18 * 60, drop), ...quiet(18 * 60 + 26 * 30, 26_377)];
    const { finished, open } = detectDeliveries(points);
    expect(open).toBeNull();
    expect(finished).toEqual([{ startedAtMs: T + 60_000, startVolumeL: 7_663.4, lastRiseAtMs: T + (18 * 60 + 25 * 30) * 1000, endVolumeL: 26_379.7 }]);
    expect(deliveredL(finished[0]!)).toBe(18_716.3);
  });

  it('the cut in the middle of the drop: one delivery across it, not two short ones', () => {
    const points = [at(0, 5_000), ...from(30, [5_400, 5_800, 6_200]), ...from(30 + 3 * 30 + 17 * 60, [13_000, 13_400, 13_800]), ...quiet(30 + 3 * 30 + 17 * 60 + 90, 13_800)];
    const { finished } = detectDeliveries(points);
    expect(finished.map((d) => [d.startVolumeL, d.endVolumeL])).toEqual([[5_000, 13_800]]);
  });

  it('the tanker finished under the cut: the rise under it closes the drop (a second tank of the demo: 4,131.4 → 14,416.2 L)', () => {
    // The last rise read at the power-off (11:03:37), 1,880.7 L more at the power-on 23.5 minutes later, then sales.
    const points = [at(0, 4_131.4), ...from(30, [4_400, 8_000, 12_404, 12_535.5]), at(150 + 23.5 * 60, 14_416.2), ...quiet(150 + 27.5 * 60, 14_415.9)];
    const { finished } = detectDeliveries(points);
    expect(finished.map((d) => [d.startVolumeL, d.endVolumeL, d.lastRiseAtMs])).toEqual([[4_131.4, 14_416.2, T + (150 + 23.5 * 60) * 1000]]);
  });

  it('the whole drop under the cut: the rise across it is a delivery, from the reading before to the one after', () => {
    const points = [at(0, 7_000), at(30 * 60, 16_000), ...quiet(31 * 60, 15_990)];
    const { finished } = detectDeliveries(points);
    expect(finished).toEqual([{ startedAtMs: T, startVolumeL: 7_000, lastRiseAtMs: T + 30 * 60_000, endVolumeL: 16_000 }]);
  });
});
