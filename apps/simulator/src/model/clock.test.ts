import { describe, expect, it } from 'vitest';
import { createRng } from './random';
import { iso, localHour, nextLocalTime } from './clock';

describe('iso', () => {
  it('is toISOString exactly, whatever the time', () => {
    const rng = createRng(5);
    const times = [0, 999, 59_999, 60_000, Date.parse('2026-11-22T08:00:00Z'), Date.parse('2024-02-29T23:59:59.999Z'), 1.9, 253_402_300_799_999, -1];
    for (let i = 0; i < 20_000; i++) times.push(Math.floor(rng.range(0, 4e12)), Date.parse('2026-11-22T08:00:00Z') + Math.floor(rng.range(0, 3_600_000)));
    // In the order iso sees them (it keeps the last minute's prefix); one expect for all 40,009.
    const wrong: { ms: number; iso: string; toISOString: string }[] = [];
    for (const ms of times) {
      const [got, want] = [iso(ms), new Date(ms).toISOString()];
      if (got !== want) wrong.push({ ms, iso: got, toISOString: want });
    }
    expect(times).toHaveLength(40_009);
    expect(wrong).toEqual([]);
    expect(() => iso(Number.NaN)).toThrow(RangeError);
  });
});

describe('nextLocalTime', () => {
  it('finds the next quarter hour the wall clock shows that hour, skipping a day that has none', () => {
    const at = nextLocalTime('Europe/Madrid', Date.parse('2026-11-01T00:10:00Z'), 1.5)!;
    expect(new Date(at).toISOString()).toBe('2026-11-01T00:30:00.000Z');
    expect(localHour('Europe/Madrid', at)).toBe(1.5);
    // 29 March 2026: Madrid's clocks go from 02:00 to 03:00, so 02:30 is the next day's.
    expect(new Date(nextLocalTime('Europe/Madrid', Date.parse('2026-03-29T00:10:00Z'), 2.5)!).toISOString()).toBe('2026-03-30T00:30:00.000Z');
    expect(nextLocalTime('Europe/Madrid', 0, 25)).toBeNull();
  });
});
