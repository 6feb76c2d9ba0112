import { describe, expect, it } from 'vitest';
import { drillHref, NO_AREA, parseDrill } from './drill-place';

describe('drill-down places in the query string (issue 8: a reload keeps the place)', () => {
  it('reads ids and times back from the address it wrote', () => {
    const place = { companyId: 3, areaId: 7, stationId: 12, tankId: 40, from: '2026-05-01T00:00:00.000Z', to: '2026-05-08T00:00:00.000Z' };
    const href = drillHref('/deliveryTank', place);
    expect(href).toBe('/deliveryTank?companyId=3&areaId=7&stationId=12&tankId=40&from=2026-05-01T00%3A00%3A00.000Z&to=2026-05-08T00%3A00%3A00.000Z');
    expect(parseDrill(href.slice(href.indexOf('?')))).toEqual(place);
  });

  it('keeps the "no area" area, and no other zero id', () => {
    expect(parseDrill(`?companyId=3&areaId=${NO_AREA}`)).toEqual({ companyId: 3, areaId: NO_AREA });
    expect(parseDrill('?companyId=0&stationId=0')).toEqual({});
  });

  it('leaves out what is malformed instead of guessing', () => {
    expect(parseDrill('?companyId=abc&areaId=-1&stationId=1.5&tankId=&from=yesterday&at=2026-13-45')).toEqual({});
    expect(parseDrill('?stationId=99999999999')).toEqual({});
  });

  it('a place without anything is the bare path', () => {
    expect(drillHref('/invertory', {})).toBe('/invertory');
  });
});
