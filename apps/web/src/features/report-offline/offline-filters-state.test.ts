import { describe, expect, it } from 'vitest';
import { durationOf, initialOfflineFilters, withOrgPick } from './offline-filters-state';

describe('offline record page filters', () => {
  it('open on the 30 days up to the end of today', () => {
    const f = initialOfflineFilters(Date.parse('2026-11-23T13:05:00Z'));
    expect([f.from, f.to]).toEqual(['2026-10-25T00:00:00.000Z', '2026-11-24T00:00:00.000Z']);
    expect([f.processed, f.type]).toEqual([undefined, undefined]);
  });

  it('another company drops the area; a station keeps it', () => {
    const f = { ...initialOfflineFilters(0), companyId: 1, areaId: 4 };
    expect(withOrgPick(f, { distributorId: undefined, companyId: 2, stationId: undefined }).areaId).toBeUndefined();
    expect(withOrgPick(f, { distributorId: undefined, companyId: undefined, stationId: 8 }).areaId).toBe(4);
  });

  it.each([
    [59, { key: 'minutes', days: 0, hours: 0, minutes: 0 }],
    [45 * 60 + 59, { key: 'minutes', days: 0, hours: 0, minutes: 45 }],
    [2 * 3600 + 5 * 60, { key: 'hours', days: 0, hours: 2, minutes: 5 }],
    [26 * 3600 + 5 * 60, { key: 'days', days: 1, hours: 2, minutes: 5 }],
  ])('%d s lasts %o', (seconds, parts) => {
    expect(durationOf(seconds)).toEqual(parts);
  });
});
