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

  // Two tests rather than one: each does half the work, well within the timeout on a busy machine.
  it('makes readings the protocol accepts', () => {
    const sample = makeBatches({ stations, batchSize: 5000, startTs: Date.now() - 86_400_000, stepMs: 1000, count: 2 });
    for (const { report } of sample) {
      expect(deviceReport.parse(report).readings).toHaveLength(5000);
      expect(report.readings.map((r) => deviceReading.parse(r))).toEqual(report.readings);
    }
  });

  it('makes them fast', () => {
    // 100,000 readings time the generator well enough, and take a busy machine a second, not five.
    // Timed in this process's CPU seconds (a test file has its own process), not the wall clock's:
    // on a machine busy with other work the wall clock times the machine, not the generator.
    const cpu0 = process.cpuUsage();
    let n = 0;
    for (const { report } of makeBatches({ stations, batchSize: 5000, startTs: 0, stepMs: 1000, count: 20 })) n += report.readings.length;
    const { user, system } = process.cpuUsage(cpu0);
    const perSecond = n / ((user + system) / 1e6);
    expect(n).toBe(100_000);
    // The goal is >200k/s; the bound here leaves room for a busy test machine.
    expect(perSecond).toBeGreaterThan(100_000);
  });

  it('refuses batch sizes the protocol would refuse', () => {
    expect(() => makeBatches({ stations, batchSize: 5001, startTs: 0, stepMs: 1 }).next()).toThrow(RangeError);
  });
});
