import { describe, expect, it } from 'vitest';
import { withRange } from '../../components/report-filters/time-range';
import { initialDeliveryFilters, withOrgPick } from './delivery-filters-state';

describe('delivery page filters', () => {
  it('open on the 30 days up to the end of today (UTC day boundary, the server reads instants)', () => {
    const f = initialDeliveryFilters(Date.parse('2026-11-23T13:05:00Z'));
    expect([f.from, f.to]).toEqual(['2026-10-25T00:00:00.000Z', '2026-11-24T00:00:00.000Z']);
  });

  it('a new station drops the tank; the same station keeps it', () => {
    const f = { ...initialDeliveryFilters(0), stationId: 3, tankId: 7 };
    expect(withOrgPick(f, { distributorId: undefined, companyId: undefined, stationId: 4 }).tankId).toBeUndefined();
    expect(withOrgPick(f, { distributorId: undefined, companyId: undefined, stationId: 3 }).tankId).toBe(7);
  });

  it('a cleared range clears both ends', () => {
    const f = withRange(initialDeliveryFilters(0), null);
    expect([f.from, f.to]).toEqual([undefined, undefined]);
    const r = withRange(f, [new Date('2026-11-01T00:00:00Z'), new Date('2026-11-02T00:00:00Z')]);
    expect([r.from, r.to]).toEqual(['2026-11-01T00:00:00.000Z', '2026-11-02T00:00:00.000Z']);
  });
});
