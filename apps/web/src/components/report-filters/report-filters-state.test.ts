import { describe, expect, it } from 'vitest';
import { dailyFiltersOfSearch, dailyLinkOf, daysApart, initialDailyFilters, initialMonthlyFilters, monthsApart, withDays, withMonths, withOrgPick } from './report-filters-state';
import { gapLength, signed, timeOfDay } from '../../lib/report-format';

const now = new Date(2026, 10, 23, 15, 0); // 23 November 2026, the viewer's afternoon

describe('inventory report filters', () => {
  it('open on the last 7 days and on the current month', () => {
    expect(initialDailyFilters(now)).toMatchObject({ fromDay: '2026-11-17', toDay: '2026-11-23', abnormalOnly: undefined });
    expect(initialMonthlyFilters(now)).toMatchObject({ fromMonth: '2026-11', toMonth: '2026-11' });
  });

  it('counts the days and months a range covers, in either order (the picker allows 31 and 12)', () => {
    expect(daysApart('2026-11-01', '2026-12-01')).toBe(31);
    expect(daysApart('2026-12-02', '2026-11-01')).toBe(32);
    expect(monthsApart('2026-01', '2026-12')).toBe(12);
    expect(monthsApart('2026-12', '2025-12')).toBe(13);
  });

  it('a cleared picker goes back to the default range; a new station drops the tank', () => {
    const f = { ...initialDailyFilters(now), stationId: 3, tankId: 9 };
    expect(withDays(f, ['2026-11-01', '2026-11-02'], now)).toMatchObject({ fromDay: '2026-11-01', toDay: '2026-11-02' });
    expect(withDays(f, null, now)).toMatchObject({ fromDay: '2026-11-17', toDay: '2026-11-23' });
    expect(withMonths(initialMonthlyFilters(now), ['2026-01', '2026-03'])).toMatchObject({ fromMonth: '2026-01', toMonth: '2026-03' });
    expect(withOrgPick(f, { distributorId: undefined, companyId: undefined, stationId: 3 }).tankId).toBe(9);
    expect(withOrgPick(f, { distributorId: undefined, companyId: undefined, stationId: 4 }).tankId).toBeUndefined();
  });

  it('a monthly row links to its tank’s abnormal days, and the daily page reads the link back', () => {
    const link = dailyLinkOf({ stationId: 5, tankId: 12, firstDay: '2026-10-03', lastDay: '2026-10-31' });
    expect(link).toBe('/abnormal_can?stationId=5&tankId=12&fromDay=2026-10-03&toDay=2026-10-31&abnormalOnly=yes');
    const base = { ...initialDailyFilters(now), areaId: 2, productId: 4 };
    expect(dailyFiltersOfSearch(link.slice(link.indexOf('?')), base)).toEqual({
      distributorId: undefined,
      companyId: undefined,
      areaId: undefined,
      stationId: 5,
      tankId: 12,
      productId: undefined,
      abnormalOnly: 'yes',
      fromDay: '2026-10-03',
      toDay: '2026-10-31',
    });
    expect(dailyFiltersOfSearch('', base)).toBeNull();
    expect(dailyFiltersOfSearch('?fromDay=yesterday', base)).toBeNull();
  });
});

describe('inventory figures on the page', () => {
  it('writes a gap’s length to the second, and times in the station’s clock', () => {
    expect(gapLength('2026-11-21T07:00:00Z', '2026-11-21T07:15:01Z')).toBe('15:01');
    expect(gapLength('2026-11-21T07:00:00Z', '2026-11-21T09:05:00Z')).toBe('2:05:00');
    expect(timeOfDay('2026-11-20T16:15:00Z', 'Asia/Shanghai')).toBe('00:15:00');
    expect(signed('120 L', 120)).toBe('+120 L');
    expect(signed('-80 L', -80)).toBe('-80 L');
  });
});
