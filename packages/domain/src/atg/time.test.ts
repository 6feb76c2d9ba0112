import { describe, expect, it } from 'vitest';
import { formatConsoleTime, parseConsoleTime } from './time';

describe('console time YYMMDDHHmm (atg-protocol §2 Dates)', () => {
  it.each([
    ['2312301342', { year: 2023, month: 12, day: 30, hour: 13, minute: 42 }, '§1 worked example'],
    ['2004100012', { year: 2020, month: 4, day: 10, hour: 0, minute: 12 }, '§3 i201 capture'],
    ['2104230924', { year: 2021, month: 4, day: 23, hour: 9, minute: 24 }, '§3 i202 delivery start'],
    ['0101010000', { year: 2001, month: 1, day: 1, hour: 0, minute: 0 }, '[4xx] p.127: yy 01 is 2001'],
    ['9912312359', { year: 2099, month: 12, day: 31, hour: 23, minute: 59 }, 'yy 99 is 2099'],
    ['2402291200', { year: 2024, month: 2, day: 29, hour: 12, minute: 0 }, 'a leap day'],
  ])('%s → %j (%s)', (text, parts) => {
    expect(parseConsoleTime(text)).toEqual(parts);
    expect(formatConsoleTime(parts)).toBe(text);
  });

  it.each([
    ['??????????', '?-filled'],
    ['2313301342', 'month 13'],
    ['2302291200', 'no 29 February in 2023'],
    ['2304310000', '31 April'],
    ['2312302400', 'hour 24'],
    ['2312301360', 'minute 60'],
    ['231230134', 'too short'],
    ['23123013420', 'too long'],
    [' 312301342', 'a space'],
  ])('%s (%s) → null', (text) => {
    expect(parseConsoleTime(text)).toBeNull();
  });

  it.each([
    [{ year: 1999, month: 1, day: 1, hour: 0, minute: 0 }],
    [{ year: 2100, month: 1, day: 1, hour: 0, minute: 0 }],
    [{ year: 2023, month: 2, day: 30, hour: 0, minute: 0 }],
  ])('formatConsoleTime refuses %j', (parts) => {
    expect(() => formatConsoleTime(parts)).toThrow(RangeError);
  });
});
