import { describe, expect, it } from 'vitest';
import { alarmListHref } from '../../lib/alarm-links';
import { withRange } from '../../components/report-filters/time-range';
import { alarmFiltersFromSearch, initialAlarmFilters, withOrgPick } from './alarm-filters-state';

describe('alarm page filters', () => {
  const start = { ...initialAlarmFilters('level'), stationId: 4, tankId: 9, sensorNo: 'S1' };

  it('keeps the tank while the same station stays picked', () => {
    expect(withOrgPick(start, { distributorId: undefined, companyId: undefined, stationId: 4 })).toMatchObject({ stationId: 4, tankId: 9, sensorNo: 'S1' });
  });

  it('drops the tank and sensor when the station changes or a company is picked', () => {
    expect(withOrgPick(start, { distributorId: undefined, companyId: undefined, stationId: 5 })).toMatchObject({ stationId: 5, tankId: undefined, sensorNo: undefined });
    expect(withOrgPick(start, { distributorId: undefined, companyId: 2, stationId: undefined })).toMatchObject({ companyId: 2, stationId: undefined, tankId: undefined });
  });

  it('turns a picked range into from/to and a cleared one into nothing', () => {
    const ranged = withRange(start, [new Date('2026-11-20T00:00:00Z'), new Date('2026-11-22T00:00:00Z')]);
    expect(ranged).toMatchObject({ from: '2026-11-20T00:00:00.000Z', to: '2026-11-22T00:00:00.000Z' });
    expect(withRange(ranged, null)).toMatchObject({ from: undefined, to: undefined });
  });
});

describe('the alarm list filtered by its address (an alarm toast’s link)', () => {
  it('takes the station and the second the alarm started', () => {
    const href = alarmListHref({ stationId: 7, kind: 'level', startedAt: '2026-11-25T11:02:50.345Z' });
    expect(href).toBe('/alarm_report?stationId=7&from=2026-11-25T11%3A02%3A50.000Z&to=2026-11-25T11%3A02%3A51.000Z');
    expect(alarmFiltersFromSearch(href.slice(href.indexOf('?')))).toEqual({ stationId: 7, from: '2026-11-25T11:02:50.000Z', to: '2026-11-25T11:02:51.000Z' });
  });

  it('a leak alarm leads to the leak list', () => {
    expect(alarmListHref({ stationId: 3, kind: 'leak', startedAt: 'soon' })).toBe('/leak_alarm?stationId=3');
  });

  it('leaves out what is missing or not a filter value', () => {
    expect(alarmFiltersFromSearch('?stationId=abc&from=soon')).toEqual({});
    expect(alarmFiltersFromSearch('')).toEqual({});
  });
});
