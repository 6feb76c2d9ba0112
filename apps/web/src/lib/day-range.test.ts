import { describe, expect, it } from 'vitest';
import { lastDateOf, localDate, presetOf, presetRange, rangeOfDates, rangeOr } from './day-range';

const now = new Date(2026, 4, 20, 15, 42); // 20 May 2026, 15:42 on the phone's clock

describe('delivery range of the phone pages (whole days in the phone zone, [from, to))', () => {
  it('today is the phone’s own midnight to the next', () => {
    const range = presetRange('today', now);
    expect(range).toEqual({ from: new Date(2026, 4, 20).toISOString(), to: new Date(2026, 4, 21).toISOString() });
  });

  it('the last 7 and 30 days include today', () => {
    expect(presetRange('7d', now).from).toBe(new Date(2026, 4, 14).toISOString());
    expect(presetRange('30d', now).from).toBe(new Date(2026, 3, 21).toISOString());
    expect(presetRange('30d', now).to).toBe(new Date(2026, 4, 21).toISOString());
  });

  it('recognises a preset range and calls any other custom', () => {
    expect(presetOf(presetRange('7d', now), now)).toBe('7d');
    expect(presetOf({ from: new Date(2026, 4, 1).toISOString(), to: new Date(2026, 4, 3).toISOString() }, now)).toBeNull();
  });

  it('two dates, both included, make [first midnight, the midnight after the last)', () => {
    expect(rangeOfDates('2026-05-01', '2026-05-03')).toEqual({ from: new Date(2026, 4, 1).toISOString(), to: new Date(2026, 4, 4).toISOString() });
    expect(rangeOfDates('2026-05-03', '2026-05-03')).toEqual({ from: new Date(2026, 4, 3).toISOString(), to: new Date(2026, 4, 4).toISOString() });
  });

  it('refuses reversed, missing or impossible dates', () => {
    expect(rangeOfDates('2026-05-03', '2026-05-01')).toBeNull();
    expect(rangeOfDates('', '2026-05-01')).toBeNull();
    expect(rangeOfDates('2026-02-30', '2026-03-01')).toBeNull();
  });

  it('refuses more than the delivery list allows (366 days), as the server would', () => {
    expect(rangeOfDates('2025-01-01', '2025-12-31')).not.toBeNull();
    expect(rangeOfDates('2025-01-01', '2026-01-02')).toBeNull();
  });

  it('gives the date inputs back their dates', () => {
    const range = rangeOfDates('2026-05-01', '2026-05-03')!;
    expect(localDate(range.from)).toBe('2026-05-01');
    expect(lastDateOf(range)).toBe('2026-05-03');
  });

  it('falls back to the last 30 days when the address has no usable range', () => {
    expect(rangeOr({}, now)).toEqual(presetRange('30d', now));
    expect(rangeOr({ from: '2026-05-03T00:00:00.000Z', to: '2026-05-01T00:00:00.000Z' }, now)).toEqual(presetRange('30d', now));
    expect(rangeOr({ from: '2026-05-01T00:00:00.000Z', to: '2026-05-03T00:00:00.000Z' }, now)).toEqual({ from: '2026-05-01T00:00:00.000Z', to: '2026-05-03T00:00:00.000Z' });
  });
});
