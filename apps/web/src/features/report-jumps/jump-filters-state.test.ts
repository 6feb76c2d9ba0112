import { describe, expect, it } from 'vitest';
import { withRange } from '../../components/report-filters/time-range';
import { initialJumpFilters, withOrgPick } from './jump-filters-state';

describe('data-jump page filters', () => {
  it('open on the 30 days up to the end of today (UTC day boundary, the server reads instants)', () => {
    const f = initialJumpFilters(Date.parse('2026-11-23T13:05:00Z'));
    expect([f.from, f.to]).toEqual(['2026-10-25T00:00:00.000Z', '2026-11-24T00:00:00.000Z']);
    expect(f.rule).toBeUndefined();
  });

  it('a new station drops the tank; the same station keeps it', () => {
    const f = { ...initialJumpFilters(0), stationId: 3, tankId: 7 };
    expect(withOrgPick(f, { distributorId: undefined, companyId: undefined, stationId: 4 }).tankId).toBeUndefined();
    expect(withOrgPick(f, { distributorId: undefined, companyId: undefined, stationId: 3 }).tankId).toBe(7);
  });

  it('another company drops the area; picking a station keeps it', () => {
    const f = { ...initialJumpFilters(0), companyId: 1, areaId: 9 };
    expect(withOrgPick(f, { distributorId: undefined, companyId: 2, stationId: undefined }).areaId).toBeUndefined();
    expect(withOrgPick(f, { distributorId: undefined, companyId: undefined, stationId: 5 }).areaId).toBe(9);
    expect(withOrgPick(f, { distributorId: undefined, companyId: 1, stationId: undefined }).areaId).toBe(9);
  });

  it('a cleared range clears both ends', () => {
    const f = withRange(initialJumpFilters(0), null);
    expect([f.from, f.to]).toEqual([undefined, undefined]);
    const r = withRange(f, [new Date('2026-11-01T00:00:00Z'), new Date('2026-11-02T00:00:00Z')]);
    expect([r.from, r.to]).toEqual(['2026-11-01T00:00:00.000Z', '2026-11-02T00:00:00.000Z']);
  });
});
