import { describe, expect, it } from 'vitest';
import { pastOutages } from './past-outages';

const M = 60_000;
const T = Date.parse('2026-03-01T00:00:00Z');

describe('pastOutages: gaps of more than 15 minutes in readings that arrive late', () => {
  it.each([
    { name: 'readings 5 minutes apart: none', previous: T, ts: [5, 10, 15, 20], received: 1000, expected: [] },
    { name: 'a 30-minute gap in old readings', previous: T, ts: [5, 35, 40], received: 1000, expected: [[5, 35]] },
    { name: 'exactly 15 minutes is not more than 15', previous: T, ts: [15, 30], received: 1000, expected: [] },
    { name: 'the gap after the previous reading counts', previous: T, ts: [20, 25], received: 1000, expected: [[0, 20]] },
    { name: 'no previous reading: only gaps within', previous: null, ts: [100, 105, 200], received: 1000, expected: [[105, 200]] },
    { name: 'unsorted and repeated timestamps (several tanks)', previous: null, ts: [40, 0, 5, 0, 5, 40], received: 1000, expected: [[5, 40]] },
    { name: 'ended by a reading on time: the live watch judges it', previous: T, ts: [60], received: 61, expected: [] },
    { name: 'ended by a reading 16 minutes late', previous: T, ts: [60], received: 76, expected: [[0, 60]] },
    { name: 'a reading older than the previous one is no gap', previous: T + 100 * M, ts: [50], received: 1000, expected: [] },
  ])('$name', ({ previous, ts, received, expected }) => {
    const at = (m: number) => T + m * M;
    const found = pastOutages(previous === null ? null : previous, ts.map(at), at(received));
    expect(found).toEqual(expected.map(([s, e]) => ({ startMs: at(s!), endMs: at(e!) })));
  });
});
