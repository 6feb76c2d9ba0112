import { describe, expect, it } from 'vitest';
import { knownZoneOr, zonedTimeToUtc } from './zoned-time';

describe('console wall time → instant, in the station’s zone', () => {
  it.each([
    ['UTC+8, no DST', { year: 2026, month: 11, day: 23, hour: 17, minute: 15 }, 'Asia/Shanghai', '2026-11-23T09:15:00.000Z'],
    ['UTC−6 in winter', { year: 2026, month: 1, day: 10, hour: 0, minute: 5 }, 'America/Chicago', '2026-01-10T06:05:00.000Z'],
    ['UTC−5 in summer', { year: 2026, month: 7, day: 10, hour: 0, minute: 5 }, 'America/Chicago', '2026-07-10T05:05:00.000Z'],
    ['the hour DST skips reads with the offset before it', { year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, 'America/Chicago', '2026-03-08T08:30:00.000Z'],
    ['the hour DST repeats gives the earlier instant', { year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, 'America/Chicago', '2026-11-01T06:30:00.000Z'],
    ['just after the repeated hour', { year: 2026, month: 11, day: 1, hour: 2, minute: 0 }, 'America/Chicago', '2026-11-01T08:00:00.000Z'],
    ['a half-hour zone', { year: 2026, month: 6, day: 1, hour: 12, minute: 0 }, 'Asia/Kolkata', '2026-06-01T06:30:00.000Z'],
    ['southern-hemisphere summer', { year: 2026, month: 1, day: 15, hour: 9, minute: 0 }, 'Australia/Sydney', '2026-01-14T22:00:00.000Z'],
  ])('%s', (_name, wall, zone, iso) => {
    expect(zonedTimeToUtc(wall, zone).toISOString()).toBe(iso);
  });
});

describe('knownZoneOr (the viewer zone an export request names)', () => {
  it.each([
    ['Asia/Shanghai', 'Asia/Shanghai'],
    ['America/New_York', 'America/New_York'],
    ['UTC', 'UTC'],
    ['Mars/Olympus', 'UTC'],
    ['', 'UTC'],
    [undefined, 'UTC'],
    ['x'.repeat(65), 'UTC'],
  ])('%s → %s', (name, zone) => {
    expect(knownZoneOr(name)).toBe(zone);
  });
});
