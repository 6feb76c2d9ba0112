import { describe, expect, it } from 'vitest';
import { initialReconciliationFilters, reconciliationFiltersOfSearch, reconciliationLinkOf, ruleMonthOf, withReconciliationDays } from './reconciliation-filters-state';

const NOW = new Date(2026, 10, 23, 13, 5); // 23 November 2026, the viewer's clock

describe('reconciliation page filters', () => {
  it('open on this month so far, by day, every source, no place picked', () => {
    const f = initialReconciliationFilters(NOW);
    expect([f.fromDay, f.toDay, f.period, f.salesSource]).toEqual(['2026-11-01', '2026-11-23', 'day', undefined]);
    expect([f.stationId, f.tankId, f.productId]).toEqual([undefined, undefined, undefined]);
    // On the 1st: the one day.
    expect(initialReconciliationFilters(new Date(2027, 0, 1, 8))).toMatchObject({ fromDay: '2027-01-01', toDay: '2027-01-01' });
  });

  it('a cleared day picker goes back to this month; a pair is taken as it is', () => {
    const f = { ...initialReconciliationFilters(NOW), fromDay: '2026-09-01', toDay: '2026-09-30' };
    expect(withReconciliationDays(f, null, NOW)).toMatchObject({ fromDay: '2026-11-01', toDay: '2026-11-23' });
    expect(withReconciliationDays(f, ['2026-10-01', '2026-10-05'], NOW)).toMatchObject({ fromDay: '2026-10-01', toDay: '2026-10-05' });
  });

  it('shows the monthly rule for the month of the last day picked', () => {
    expect(ruleMonthOf({ toDay: '2026-10-05' })).toBe('2026-10');
  });
});

describe('links into the reconciliation page', () => {
  it('carry a station, a tank and days, and come back as filters over the current ones', () => {
    const base = { ...initialReconciliationFilters(NOW), companyId: 9, productId: 2, period: 'shift' as const };
    const link = reconciliationLinkOf({ stationId: 5, tankId: 12, fromDay: '2026-11-02', toDay: '2026-11-09' });
    expect(link).toBe('/reconciliation?stationId=5&tankId=12&fromDay=2026-11-02&toDay=2026-11-09');
    expect(reconciliationFiltersOfSearch(link.slice(link.indexOf('?')), base)).toEqual({
      ...base,
      companyId: undefined,
      productId: undefined,
      stationId: 5,
      tankId: 12,
      fromDay: '2026-11-02',
      toDay: '2026-11-09',
    });
    expect(reconciliationLinkOf({})).toBe('/reconciliation');
  });

  it('ask for nothing without a station, and keep the days unless both are well formed and in order', () => {
    const base = initialReconciliationFilters(NOW);
    expect(reconciliationFiltersOfSearch('', base)).toBeNull();
    expect(reconciliationFiltersOfSearch('?tankId=4', base)).toBeNull();
    expect(reconciliationFiltersOfSearch('?stationId=0', base)).toBeNull();
    expect(reconciliationFiltersOfSearch('?stationId=3&fromDay=2026-11-09&toDay=2026-11-02', base)).toMatchObject({ stationId: 3, fromDay: base.fromDay, toDay: base.toDay });
    expect(reconciliationFiltersOfSearch('?stationId=3&fromDay=2026-13-01&toDay=2026-11-02', base)).toMatchObject({ fromDay: base.fromDay });
  });
});
