import { describe, expect, it } from 'vitest';
import { offsetLabel, stationClock, stationDateTimeZone } from './station-clock';

describe('station clock: the station’s time and zone, whatever the viewer’s', () => {
  it.each([
    ['Shanghai, UTC+8', '2026-11-25T11:02:50Z', 'Asia/Shanghai', { date: '2026-11-25', time: '19:02:50', zone: 'GMT+8' }],
    ['New York in winter', '2026-11-25T11:02:50Z', 'America/New_York', { date: '2026-11-25', time: '06:02:50', zone: 'GMT-5' }],
    ['New York in summer', '2026-07-01T11:02:50Z', 'America/New_York', { date: '2026-07-01', time: '07:02:50', zone: 'GMT-4' }],
    ['a half-hour zone', '2026-11-25T00:00:00Z', 'Asia/Kolkata', { date: '2026-11-25', time: '05:30:00', zone: 'GMT+5:30' }],
    ['the previous day west of UTC', '2026-11-22T00:30:00Z', 'America/Mexico_City', { date: '2026-11-21', time: '18:30:00', zone: 'GMT-6' }],
    ['UTC', '2026-11-25T11:02:50Z', 'UTC', { date: '2026-11-25', time: '11:02:50', zone: 'GMT' }],
    ['an unknown zone reads as UTC', '2026-11-25T11:02:50Z', 'Not/AZone', { date: '2026-11-25', time: '11:02:50', zone: 'GMT' }],
  ])('%s', (_name, iso, zone, clock) => {
    expect(stationClock(iso, zone)).toEqual(clock);
  });

  it('has nothing for a missing or broken time', () => {
    expect(stationClock(null, 'UTC')).toBeNull();
    expect(stationClock('soon', 'UTC')).toBeNull();
    expect(stationDateTimeZone(undefined, 'UTC')).toBeNull();
  });

  it('writes date, time and zone in one text', () => {
    expect(stationDateTimeZone('2026-11-25T11:02:50Z', 'Asia/Shanghai')).toBe('2026-11-25 19:02:50 GMT+8');
  });

  it.each([
    [0, 'GMT'],
    [8 * 3_600_000, 'GMT+8'],
    [-5 * 3_600_000, 'GMT-5'],
    [5.5 * 3_600_000, 'GMT+5:30'],
    [-(3 * 60 + 30) * 60_000, 'GMT-3:30'],
    [(5 * 60 + 45) * 60_000, 'GMT+5:45'],
  ])('an offset of %i ms is %s', (ms, label) => {
    expect(offsetLabel(ms)).toBe(label);
  });
});
