import { describe, expect, it } from 'vitest';
import { dayOf, dayWindow, daysBetween, earliestDayStartMs, isDay, nextDay } from './station-day';

const HOUR = 3_600_000;

describe('station days (issue 6: day boundaries are the station’s own timezone)', () => {
  it.each([
    // [day, zone, start (UTC), length in hours]
    ['2026-11-23', 'Asia/Shanghai', '2026-11-22T16:00:00.000Z', 24], // UTC+8
    ['2026-11-23', 'America/Chicago', '2026-11-23T06:00:00.000Z', 24], // UTC−6 in winter
    ['2026-03-08', 'America/Denver', '2026-03-08T07:00:00.000Z', 23], // spring forward
    ['2026-11-01', 'America/Denver', '2026-11-01T06:00:00.000Z', 25], // fall back
    ['2026-03-29', 'Europe/Madrid', '2026-03-28T23:00:00.000Z', 23],
    ['2026-11-23', 'UTC', '2026-11-23T00:00:00.000Z', 24],
  ])('%s in %s starts at %s and lasts %i hours', (day, zone, start, hours) => {
    const w = dayWindow(day, zone);
    expect(new Date(w.startMs).toISOString()).toBe(start);
    expect((w.endMs - w.startMs) / HOUR).toBe(hours);
  });

  it('refuses what is not a day', () => {
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-2-3')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
    expect(() => dayWindow('2026-13-01', 'UTC')).toThrow(RangeError);
  });

  it('walks days across months and years', () => {
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('names the local day of an instant', () => {
    expect(dayOf(Date.parse('2026-11-22T16:00:00Z'), 'Asia/Shanghai')).toBe('2026-11-23');
    expect(dayOf(Date.parse('2026-11-22T15:59:59Z'), 'Asia/Shanghai')).toBe('2026-11-22');
    expect(dayOf(Date.parse('2026-11-23T05:59:59Z'), 'America/Chicago')).toBe('2026-11-22');
  });

  it('finds the earliest instant a day begins anywhere: its midnight at UTC+14, an instant before it is an earlier day in every zone', () => {
    const earliest = earliestDayStartMs('2026-11-23');
    expect(new Date(earliest).toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(dayWindow('2026-11-23', 'Pacific/Kiritimati').startMs).toBe(earliest);
    for (const zone of ['Pacific/Kiritimati', 'Asia/Shanghai', 'UTC', 'America/Chicago', 'Pacific/Pago_Pago', 'Etc/GMT+12']) {
      expect(dayOf(earliest - 1, zone) < '2026-11-23', zone).toBe(true);
      expect(dayWindow('2026-11-23', zone).startMs).toBeGreaterThanOrEqual(earliest);
    }
  });
});
