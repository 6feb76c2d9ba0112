import { describe, expect, it } from 'vitest';
import type { PowerEventRow } from '@ullage/contracts/power-events';
import { withRange } from '../../components/report-filters/time-range';
import { initialPowerFilters, powerLines, withOrgPick } from './power-filters-state';

const event = (id: number, tankIds: number[]): PowerEventRow => ({
  id,
  stationId: 1,
  stationName: 'S',
  stationCode: 'S1',
  companyName: 'C',
  areaName: null,
  timezone: 'UTC',
  volumeUnit: 1,
  tempUnit: 1,
  offAt: '2026-11-01T00:00:00Z',
  onAt: null,
  state: 'pending',
  durationS: null,
  flagged: false,
  tanks: tankIds.map((tankId) => ({ tankId, tankCode: String(tankId), productName: null, productColor: null, off: null, on: null, volumeDifferenceL: null, heightDifferenceMm: null, flagged: false })),
});

describe('power-off page state', () => {
  it('opens on the last 30 days with the default 50 L tolerance', () => {
    const f = initialPowerFilters(Date.parse('2026-11-15T10:00:00Z'));
    expect([f.from, f.to, f.toleranceL]).toEqual(['2026-10-17T00:00:00.000Z', '2026-11-16T00:00:00.000Z', 50]);
  });

  it('keeps the area only under the same company; a cleared range clears both ends', () => {
    const f = { ...initialPowerFilters(0), companyId: 2, areaId: 5 };
    expect(withOrgPick(f, { distributorId: undefined, companyId: 2, stationId: undefined }).areaId).toBe(5);
    expect(withOrgPick(f, { distributorId: undefined, companyId: 3, stationId: undefined }).areaId).toBeUndefined();
    expect(withOrgPick(f, { distributorId: undefined, companyId: undefined, stationId: 9 }).areaId).toBeUndefined();
    expect(withRange(f, null)).toMatchObject({ from: undefined, to: undefined });
  });

  it('one line per tank, the event’s cells spanning them', () => {
    expect(powerLines([event(1, [4, 5, 6]), event(2, [])]).map((l) => [l.key, l.span])).toEqual([
      ['1:4', 3],
      ['1:5', 0],
      ['1:6', 0],
      ['2:-', 1],
    ]);
  });
});
