import { describe, expect, it } from 'vitest';
import { initialAlarmFilters, withOrgPick, withRange } from './alarm-filters-state';

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
