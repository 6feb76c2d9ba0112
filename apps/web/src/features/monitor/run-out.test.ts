import { describe, expect, it } from 'vitest';
import { durationText, lowAlarmLine, soonestToRunOut } from './run-out';

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
    const row = { volumeL: 5_000, hoursToLowAlarm: 28, basis: { days: 14 } };
    expect(lowAlarmLine(row)).toEqual({ key: 'monitor.forecast.lowAlarmIn', duration: { key: 'monitor.forecast.in.dayHours', values: { days: 1, hours: 4 } } });
    expect(lowAlarmLine({ ...row, hoursToLowAlarm: 0 }).key).toBe('monitor.forecast.lowAlarmNow');
    expect(lowAlarmLine({ ...row, hoursToLowAlarm: null }).key).toBe('monitor.forecast.notWithin');
    expect(lowAlarmLine({ ...row, basis: { days: 0 } }).key).toBe('monitor.forecast.noData');
    expect(lowAlarmLine({ ...row, volumeL: null }).key).toBe('monitor.forecast.noData');
    expect(lowAlarmLine(undefined).key).toBe('monitor.forecast.noData');
  });

  it('picks the tanks soonest to their low alarm, unknowns left out', () => {
    const rows = [{ id: 1, hoursToLowAlarm: 50 }, { id: 2, hoursToLowAlarm: null }, { id: 3, hoursToLowAlarm: 3 }, { id: 4, hoursToLowAlarm: 10 }];
    expect(soonestToRunOut(rows, 2).map((r) => r.id)).toEqual([3, 4]);
  });
});
