import { describe, expect, it } from 'vitest';
import { cylinderStrappingTable, heightAtVolume, volumeAtHeight } from './strapping';

describe('heightAtVolume', () => {
  const table = cylinderStrappingTable(2500, 8000, 50);

  it('inverts volumeAtHeight between and on the table points', () => {
    for (const h of [0, 1, 49.5, 50, 333.3, 1250, 2017.8, 2499, 2500]) {
      expect(heightAtVolume(table, volumeAtHeight(table, h))).toBeCloseTo(h, 6);
    }
  });

  it('clamps volumes outside the table and answers 0 for an empty one', () => {
    expect(heightAtVolume(table, -5)).toBe(0);
    expect(heightAtVolume(table, 1e9)).toBe(2500);
    expect(heightAtVolume([], 100)).toBe(0);
  });
});
