import { describe, expect, it } from 'vitest';
import { completeFigure, figureOfSearch, initialShiftFilters, outOfRange, previousDay, salesDetailHref, withDays, withOrgPick } from './shift-filters-state';

describe('shift sales page filters', () => {
  const start = { ...initialShiftFilters(Date.parse('2026-11-23T12:00:00')), companyId: 2, areaId: 7, stationId: 4, tankId: 9 };

  it('opens on the last seven days, today included', () => {
    expect(initialShiftFilters(Date.parse('2026-03-02T12:00:00'))).toMatchObject({ fromDay: '2026-02-24', toDay: '2026-03-02' });
    expect(previousDay('2027-01-01')).toBe('2026-12-31');
  });

  it('keeps the tank while the same station stays picked, the area while the same company does', () => {
    expect(withOrgPick(start, { distributorId: undefined, companyId: undefined, stationId: 4 })).toMatchObject({ stationId: 4, tankId: 9 });
    expect(withOrgPick(start, { distributorId: undefined, companyId: undefined, stationId: 5 })).toMatchObject({ stationId: 5, tankId: undefined, areaId: undefined });
    expect(withOrgPick(start, { distributorId: undefined, companyId: 2, stationId: undefined })).toMatchObject({ companyId: 2, areaId: 7, tankId: undefined });
  });

  it('takes picked days, and goes back to the default week when cleared', () => {
    expect(withDays(start, ['2026-11-01', '2026-11-05'])).toMatchObject({ fromDay: '2026-11-01', toDay: '2026-11-05' });
    expect(withDays(start, null, Date.parse('2026-11-23T12:00:00'))).toMatchObject({ fromDay: '2026-11-17', toDay: '2026-11-23' });
  });

  it('offers at most 31 days from the first one picked, either way', () => {
    expect(outOfRange('2026-12-01', '2026-11-01')).toBe(false);
    expect(outOfRange('2026-12-02', '2026-11-01')).toBe(true);
    expect(outOfRange('2026-10-02', '2026-11-01')).toBe(false);
    expect(outOfRange('2026-10-01', '2026-11-01')).toBe(true);
    expect(outOfRange('2020-01-01', undefined)).toBe(false);
  });
});

describe('the link from a figure to its details', () => {
  it('names station, tank, day and shift, and reads them back', () => {
    const href = salesDetailHref({ stationId: 3, tankId: 11, day: '2026-11-20', shift: '06:00' });
    expect(href).toBe('/sales_detail?stationId=3&tankId=11&day=2026-11-20&shift=06%3A00');
    expect(completeFigure(figureOfSearch(href.split('?')[1]!))).toEqual({ stationId: 3, tankId: 11, day: '2026-11-20', shift: '06:00' });
  });

  it('leaves out what is missing or malformed', () => {
    expect(figureOfSearch('?stationId=x&tankId=-1&day=2026-02-30&shift=6:00')).toEqual({});
    expect(completeFigure(figureOfSearch('?stationId=3&day=2026-11-20'))).toBeNull();
  });
});
