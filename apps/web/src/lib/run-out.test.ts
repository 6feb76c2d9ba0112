import { describe, expect, it } from 'vitest';
import { durationText, runOutLine, soonestToRunOut } from './run-out';

describe('run-out durations', () => {
  it('reads hours as days and hours, whole hours under a day rounded up', () => {
    expect(durationText(28.5)).toEqual({ key: 'monitor.forecast.in.dayHours', values: { days: 1, hours: 4 } });
    expect(durationText(48)).toEqual({ key: 'monitor.forecast.in.dayHours', values: { days: 2, hours: 0 } });
    expect(durationText(0.4)).toEqual({ key: 'monitor.forecast.in.hours', values: { hours: 1 } });
    expect(durationText(23.2)).toEqual({ key: 'monitor.forecast.in.hours', values: { hours: 24 } });
    expect(durationText(0).key).toBe('monitor.forecast.now');
    expect(durationText(null)).toEqual({ key: 'monitor.forecast.beyond', values: { days: 14 } });
  });

  it('makes the card’s line: in, now, not within 14 days, or no forecast', () => {
    const row = { volumeL: 5_000, runOutTarget: 'lowAlarm' as const, hoursToRunOut: 28, basis: { days: 14 } };
    expect(runOutLine(row)).toEqual({ key: 'monitor.forecast.lowAlarmIn', duration: { key: 'monitor.forecast.in.dayHours', values: { days: 1, hours: 4 } } });
    expect(runOutLine({ ...row, hoursToRunOut: 0 }).key).toBe('monitor.forecast.lowAlarmNow');
    expect(runOutLine({ ...row, hoursToRunOut: null }).key).toBe('monitor.forecast.notWithin');
    expect(runOutLine({ ...row, basis: { days: 0 } }).key).toBe('monitor.forecast.noData');
    expect(runOutLine({ ...row, volumeL: null }).key).toBe('monitor.forecast.noData');
    expect(runOutLine(undefined).key).toBe('monitor.forecast.noData');
  });

  it('says when a tank without a low alarm is empty, and that it has none (issue 34 item 3)', () => {
    const row = { volumeL: 11_100, runOutTarget: 'empty' as const, hoursToRunOut: 165, basis: { days: 5 } };
    expect(runOutLine(row)).toEqual({ key: 'monitor.forecast.emptyIn', duration: { key: 'monitor.forecast.in.dayHours', values: { days: 6, hours: 21 } } });
    expect(runOutLine({ ...row, hoursToRunOut: 0 }).key).toBe('monitor.forecast.emptyNow');
    expect(runOutLine({ ...row, hoursToRunOut: null }).key).toBe('monitor.forecast.emptyBeyond');
  });

  it('picks the tanks soonest to run out, unknowns left out', () => {
    const rows = [{ id: 1, hoursToRunOut: 50 }, { id: 2, hoursToRunOut: null }, { id: 3, hoursToRunOut: 3 }, { id: 4, hoursToRunOut: 10 }];
    expect(soonestToRunOut(rows, 2).map((r) => r.id)).toEqual([3, 4]);
  });
});
