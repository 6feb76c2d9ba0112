import { describe, expect, it } from 'vitest';
import { DayCache } from './day-cache';

const book = (tankId: number, day: string, note = '') => ({ tankId, day, note });

describe('DayCache', () => {
  it('answers a tank’s books only when every asked day is kept at the asked version', () => {
    const cache = new DayCache<ReturnType<typeof book>>();
    cache.keep(book(1, '2026-11-01', 'a'), 1);
    cache.keep(book(1, '2026-11-02', 'b'), 3);
    expect(cache.keptAt(1, ['2026-11-01', '2026-11-02'], [1, 3])!.map((b) => b.note)).toEqual(['a', 'b']);
    expect(cache.keptAt(1, ['2026-11-02'], [3])!.map((b) => b.note)).toEqual(['b']);
    // A new version, a day never read, a tank never read.
    expect(cache.keptAt(1, ['2026-11-01', '2026-11-02'], [1, 4])).toBeNull();
    expect(cache.keptAt(1, ['2026-11-01', '2026-11-03'], [1, 1])).toBeNull();
    expect(cache.keptAt(2, ['2026-11-01'], [1])).toBeNull();
    // Kept again at the new version: that one answers.
    cache.keep(book(1, '2026-11-02', 'c'), 4);
    expect(cache.keptAt(1, ['2026-11-02'], [4])!.map((b) => b.note)).toEqual(['c']);
    expect(cache.size).toBe(2);
  });

  it('reads the days and versions from the database’s text: `offset:version`, the offset from the first day asked', () => {
    const cache = new DayCache<ReturnType<typeof book>>();
    cache.keep(book(7, '2026-11-02', 'a'), 12);
    cache.keep(book(7, '2026-11-04', 'b'), 3_000_000_000);
    const days = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04'];
    expect(cache.keptOfText(7, '1:12,3:3000000000', days)!.map((b) => b.note)).toEqual(['a', 'b']);
    expect(cache.keptOfText(7, '3:3000000000', days)!.map((b) => b.note)).toEqual(['b']);
    expect(cache.keptOfText(7, '1:12,3:3000000001', days)).toBeNull();
    expect(cache.keptOfText(7, '1:12,2:12', days)).toBeNull();
  });

  it('past its limit drops the tanks kept first, down to nine tenths of it', () => {
    const cache = new DayCache<ReturnType<typeof book>>(10);
    for (let tank = 1; tank <= 5; tank++) for (const day of ['2026-11-01', '2026-11-02']) cache.keep(book(tank, day), 1);
    expect(cache.size).toBe(10);
    cache.keep(book(6, '2026-11-01'), 1);
    // 11 > 10: tank 1 (two books) goes, leaving 9.
    expect(cache.size).toBe(9);
    expect(cache.keptAt(1, ['2026-11-01'], [1])).toBeNull();
    expect(cache.keptAt(2, ['2026-11-01', '2026-11-02'], [1, 1])).toHaveLength(2);
    expect(cache.keptAt(6, ['2026-11-01'], [1])).toHaveLength(1);
  });
});
