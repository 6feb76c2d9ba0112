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

  it('splits sales and totaliser readings like readings, and sends tickets last, after the readings of their deliveries', () => {
    const readings = Array.from({ length: 7_000 }, (_, i) => reading(i));
    const sales = Array.from({ length: 6_000 }, (_, i) => ({ tank: '1', id: `s${i}`, ts: reading(i).ts, volumeL: 30 }));
    const meterTotals = Array.from({ length: 10 }, (_, i) => ({ tank: '1', meter: 'M1', ts: reading(i).ts, totalL: 1000 + i }));
    const tickets = [{ tank: '1', deliveredAt: reading(6_500).ts, volumeL: 20_000 }];
    const batches = splitOutbox({ ...emptyOutbox(), readings, sales, meterTotals, tickets });
    expect(batches.map((b) => [b.readings.length, b.sales.length, b.meterTotals.length, b.tickets.length])).toEqual([
      [5000, 5000, 10, 0],
      [2000, 1000, 0, 1],
    ]);
    expect(batches.flatMap((b) => b.sales)).toEqual(sales);
    // More tickets than one batch carries: they fill the last batches, in order.
    const many = Array.from({ length: 1_500 }, (_, i) => ({ tank: '1', deliveredAt: reading(i).ts, volumeL: 1 + i }));
    const split = splitOutbox({ ...emptyOutbox(), readings: readings.slice(0, 10), tickets: many });
    expect(split.map((b) => [b.readings.length, b.tickets.length])).toEqual([
      [10, 1000],
      [0, 500],
    ]);
    expect(split.flatMap((b) => b.tickets)).toEqual(many);
  });
});
