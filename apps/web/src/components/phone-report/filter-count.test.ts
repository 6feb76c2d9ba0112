import { describe, expect, it } from 'vitest';
import { POWER_TOLERANCE_DEFAULT_L } from '@ullage/domain/power-events';
import { initialDailyFilters } from '../report-filters/report-filters-state';
import { changedFilterCount } from './filter-count';

/**
 * The power-off page's filters as it opens (report-power's initialPowerFilters: the last 30
 * days, the default tolerance), written out: shared code's tests import no feature.
 */
function initialPowerFilters() {
  return { distributorId: undefined, companyId: undefined, stationId: undefined, areaId: undefined, from: '2026-04-15T00:00:00.000Z', to: '2026-05-15T00:00:00.000Z', toleranceL: POWER_TOLERANCE_DEFAULT_L };
}

describe('phone report filter badge (issue 8: the _phone pages keep the desktop filters)', () => {
  const now = new Date(2026, 4, 14, 10, 0);

  it('counts nothing on the page as it opened, default period and tolerance included', () => {
    expect(changedFilterCount(initialDailyFilters(now), initialDailyFilters(now))).toBe(0);
    const power = initialPowerFilters();
    expect(changedFilterCount(power, power)).toBe(0);
  });

  it('counts an organisation pick and a new period once each, and each other change', () => {
    const initial = initialDailyFilters(now);
    const changed = { ...initial, companyId: 2, stationId: 7, fromDay: '2026-05-01', toDay: '2026-05-02', tankId: 3, abnormalOnly: 'yes' as const };
    expect(changedFilterCount(changed, initial)).toBe(4);
    const power = initialPowerFilters();
    expect(changedFilterCount({ ...power, toleranceL: 80, from: undefined, to: undefined }, power)).toBe(2);
  });
});
