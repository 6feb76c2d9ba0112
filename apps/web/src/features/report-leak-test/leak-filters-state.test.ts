import { describe, expect, it } from 'vitest';
import { withOrgPick } from '../../components/report-filters/report-filters-state';
import {
  complianceLinkOf,
  complianceOfSearch,
  initialLeakFilters,
  lastWholeMonth,
  leakFiltersOfSearch,
  withDayRange,
} from './leak-filters-state';
import { leakTestLinkOf } from '../../lib/leak-test-links';

const NOW = new Date(2026, 10, 23, 13, 5); // 23 November 2026, the viewer's clock

describe('leak-test page filters', () => {
  it('open on the last 7 station days, today included, nothing else filtered', () => {
    const f = initialLeakFilters(NOW);
    expect([f.from, f.to]).toEqual(['2026-11-17', '2026-11-23']);
    expect([f.stationId, f.tankId, f.result]).toEqual([undefined, undefined, undefined]);
  });

  it('a cleared day picker goes back to the default week; a pair is taken as it is', () => {
    const f = { ...initialLeakFilters(NOW), from: '2026-09-01', to: '2026-09-30' };
    expect(withDayRange(f, null, NOW)).toMatchObject({ from: '2026-11-17', to: '2026-11-23' });
    expect(withDayRange(f, ['2026-10-01', '2026-10-05'], NOW)).toMatchObject({ from: '2026-10-01', to: '2026-10-05' });
  });

  it('a new station drops the tank of the old one (the inventory pages’ rule)', () => {
    const f = { ...initialLeakFilters(NOW), stationId: 3, tankId: 7 };
    expect(withOrgPick(f, { distributorId: undefined, companyId: undefined, stationId: 4 }).tankId).toBeUndefined();
    expect(withOrgPick(f, { distributorId: undefined, companyId: undefined, stationId: 3 }).tankId).toBe(7);
  });
});

describe('links into the leak-test page', () => {
  it('carry a station, a tank and a result, and come back as filters over the defaults', () => {
    const base = { ...initialLeakFilters(NOW), companyId: 9, productId: 2 };
    const link = leakTestLinkOf({ stationId: 5, tankId: 12, result: 'fail' });
    expect(link).toBe('/leak_test?stationId=5&tankId=12&result=fail');
    expect(leakFiltersOfSearch(link.slice(link.indexOf('?')), base)).toEqual({ ...base, companyId: undefined, productId: undefined, stationId: 5, tankId: 12, result: 'fail' });
    expect(leakTestLinkOf({ result: 'fail' })).toBe('/leak_test?result=fail');
    expect(leakTestLinkOf({})).toBe('/leak_test');
  });

  it('ask for nothing without a station or result, and drop what is malformed', () => {
    const base = initialLeakFilters(NOW);
    expect(leakFiltersOfSearch('', base)).toBeNull();
    // Days named in the address, both and in order, replace the default week.
    expect(leakFiltersOfSearch('?stationId=5&from=2026-11-22&to=2026-11-27', base)).toMatchObject({ stationId: 5, from: '2026-11-22', to: '2026-11-27' });
    expect(leakFiltersOfSearch('?stationId=5&from=2026-11-27&to=2026-11-22', base)).toMatchObject({ from: base.from, to: base.to });
    expect(leakFiltersOfSearch('?tankId=4', base)).toBeNull();
    expect(leakFiltersOfSearch('?stationId=0&result=maybe', base)).toBeNull();
    expect(leakFiltersOfSearch('?result=inconclusive&tankId=4', base)).toMatchObject({ stationId: undefined, tankId: undefined, result: 'inconclusive' });
  });
});

describe('compliance record address', () => {
  it('defaults to the last whole month, across a new year too', () => {
    expect(lastWholeMonth(NOW)).toBe('2026-10');
    expect(lastWholeMonth(new Date(2027, 0, 3))).toBe('2026-12');
  });

  it('names a station and a month, and reads them back; anything else is no record', () => {
    const link = complianceLinkOf(6, '2026-10');
    expect(link).toBe('/leak_compliance?stationId=6&month=2026-10');
    expect(complianceOfSearch(link.slice(link.indexOf('?')))).toEqual({ stationId: 6, month: '2026-10' });
    // Without a month, the station's last ended month (the server knows the station's clock).
    expect(complianceOfSearch('?stationId=6')).toEqual({ stationId: 6 });
    expect(complianceOfSearch('?month=2026-10')).toBeNull();
    expect(complianceOfSearch('?stationId=6&month=2026-13')).toBeNull();
    expect(complianceOfSearch('?stationId=x&month=2026-10')).toBeNull();
  });
});
