import { describe, expect, it } from 'vitest';
import { placeRanks, textRanks } from './sort-rows';

describe('ranks for sorting in memory', () => {
  it('ranks places by station, then tank code as people count, then tank id', () => {
    const ranks = placeRanks(
      new Map([
        [7, { stationName: 'Station 10', tankCode: '1' }],
        [3, { stationName: 'station 2', tankCode: '10' }],
        [5, { stationName: 'Station 2', tankCode: '9' }],
        [4, { stationName: 'Station 2', tankCode: '9' }],
      ]),
    );
    expect([...ranks].sort((a, b) => a[1] - b[1]).map(([k]) => k)).toEqual([4, 5, 3, 7]);
  });

  it('gives text equal as people read it one rank, and numbers inside text their value', () => {
    const ranks = textRanks(['Tank 10', 'tank 2', 'Tank 2', 'Ålborg', 'alborg', 'B']);
    expect(ranks.get('tank 2')).toBe(ranks.get('Tank 2'));
    expect(ranks.get('Ålborg')).toBe(ranks.get('alborg'));
    expect(ranks.get('alborg')).toBe(0);
    expect(ranks.get('B')).toBe(2);
    expect(ranks.get('Tank 2')).toBeLessThan(ranks.get('Tank 10')!);
    expect(ranks.get('Tank 10')).toBe(5);
  });
});
