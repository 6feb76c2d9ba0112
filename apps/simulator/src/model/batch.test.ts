import { describe, expect, it } from 'vitest';
import type { DeviceReading } from '@ullage/contracts/device';
import { emptyOutbox, splitOutbox } from './batch';

const reading = (i: number): DeviceReading => ({ tank: '1', ts: new Date(i * 60_000).toISOString(), type: 'interval', productHeightMm: 1000, waterHeightMm: 0, temperatureC: 15 });

describe('splitOutbox', () => {
  it('gives nothing for nothing and one batch when it fits', () => {
    expect(splitOutbox(emptyOutbox())).toEqual([]);
    const box = { ...emptyOutbox(), readings: [reading(1), reading(2)] };
    expect(splitOutbox(box)).toEqual([box]);
  });

  it('splits a backlog within the limits, oldest first, losing nothing', () => {
    const readings = Array.from({ length: 12_001 }, (_, i) => reading(i));
    const events = Array.from({ length: 150 }, (_, i) => ({ type: 'power-on' as const, ts: reading(i).ts, readings: [] }));
    const batches = splitOutbox({ ...emptyOutbox(), readings, events });
    expect(batches.map((b) => [b.readings.length, b.events.length])).toEqual([
      [5000, 100],
      [5000, 50],
      [2001, 0],
    ]);
    expect(batches.flatMap((b) => b.readings)).toEqual(readings);
  });
});
