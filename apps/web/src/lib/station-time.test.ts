import { describe, expect, it } from 'vitest';
import { durationParts, stationDateTime } from './station-time';

describe('station time', () => {
  it.each([
    ['2026-11-22T00:30:00Z', 'Asia/Shanghai', '2026-11-22 08:30:00'],
    ['2026-11-22T00:30:00Z', 'America/Mexico_City', '2026-11-21 18:30:00'],
    ['2026-03-29T01:30:00Z', 'Europe/Madrid', '2026-03-29 03:30:00'],
    ['2026-11-22T00:30:00Z', 'Not/AZone', '2026-11-22 00:30:00'],
  ])('%s in %s reads %s', (iso, zone, text) => {
    expect(stationDateTime(iso, zone)).toBe(text);
  });

  it('has nothing for a missing or broken time', () => {
    expect(stationDateTime(null, 'UTC')).toBeNull();
    expect(stationDateTime('soon', 'UTC')).toBeNull();
  });

  it.each([
    [0, { days: 0, hours: 0, minutes: 0 }],
    [59_999, { days: 0, hours: 0, minutes: 0 }],
    [45 * 60_000, { days: 0, hours: 0, minutes: 45 }],
    [(2 * 1440 + 3 * 60 + 5) * 60_000, { days: 2, hours: 3, minutes: 5 }],
    [-60_000, { days: 0, hours: 0, minutes: 0 }],
  ])('a span of %i ms is %o', (ms, parts) => {
    const from = '2026-11-22T00:00:00Z';
    expect(durationParts(from, Date.parse(from) + ms)).toEqual(parts);
  });
});
