import { describe, expect, it } from 'vitest';
import { deviceReading, deviceReport } from '@ullage/contracts/device';
import { makeBatches } from './bench-batches';

const stations = [
  { code: 'B-1', tanks: [{ code: '1' }, { code: '2' }, { code: '3' }] },
  { code: 'B-2', tanks: [{ code: '1' }] },
];

describe('makeBatches', () => {
  it('yields batches of the requested size, round-robin, with no (tank, ts) twice', () => {
    const batches = [...makeBatches({ stations, batchSize: 1000, startTs: Date.parse('2025-01-01T00:00:00Z'), stepMs: 1000, count: 6 })];
    expect(batches.map((b) => b.stationCode)).toEqual(['B-1', 'B-2', 'B-1', 'B-2', 'B-1', 'B-2']);
    for (const b of batches) expect(b.report.readings).toHaveLength(1000);
    for (const code of ['B-1', 'B-2']) {
      const keys = batches.filter((b) => b.stationCode === code).flatMap((b) => b.report.readings.map((r) => `${r.tank}@${r.ts}`));
      expect(new Set(keys).size).toBe(3000);
    }
    // Station B-1 has three tanks: its 3000 readings span 1000 one-second steps.
    const b1 = batches.filter((b) => b.stationCode === 'B-1').flatMap((b) => b.report.readings);
    expect(b1[0]!.ts).toBe('2025-01-01T00:00:00.000Z');
    expect(b1.at(-1)!.ts).toBe('2025-01-01T00:16:39.000Z');
  });

  it('makes readings the protocol accepts, fast', () => {
    const sample = makeBatches({ stations, batchSize: 5000, startTs: Date.now() - 86_400_000, stepMs: 1000, count: 2 });
    for (const { report } of sample) {
      expect(deviceReport.parse(report).readings).toHaveLength(5000);
      for (const r of report.readings) expect(deviceReading.parse(r)).toEqual(r);
    }
    const t0 = performance.now();
    let n = 0;
    for (const { report } of makeBatches({ stations, batchSize: 5000, startTs: 0, stepMs: 1000, count: 100 })) n += report.readings.length;
    const perSecond = n / ((performance.now() - t0) / 1000);
    expect(n).toBe(500_000);
    // The goal is >200k/s; the bound here leaves room for a busy test machine.
    expect(perSecond).toBeGreaterThan(100_000);
  });

  it('refuses batch sizes the protocol would refuse', () => {
    expect(() => makeBatches({ stations, batchSize: 5001, startTs: 0, stepMs: 1 }).next()).toThrow(RangeError);
  });
});
