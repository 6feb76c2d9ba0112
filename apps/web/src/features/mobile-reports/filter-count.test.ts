import { describe, expect, it } from 'vitest';
import { initialDailyFilters } from '../../components/report-filters/report-filters-state';
import { initialPowerFilters } from '../report-power/power-filters-state';
import { changedFilterCount } from './filter-count';

describe('phone report filter badge (issue 8: the _phone pages keep the desktop filters)', () => {
  const now = new Date(2026, 4, 14, 10, 0);

  it('counts nothing on the page as it opened, default period and tolerance included', () => {
    expect(changedFilterCount(initialDailyFilters(now), initialDailyFilters(now))).toBe(0);
    const power = initialPowerFilters(now.getTime());
    expect(changedFilterCount(power, power)).toBe(0);
  });

  it('counts an organisation pick and a new period once each, and each other change', () => {
    const initial = initialDailyFilters(now);
    const changed = { ...initial, companyId: 2, stationId: 7, fromDay: '2026-05-01', toDay: '2026-05-02', tankId: 3, abnormalOnly: 'yes' as const };
    expect(changedFilterCount(changed, initial)).toBe(4);
    const power = initialPowerFilters(now.getTime());
    expect(changedFilterCount({ ...power, toleranceL: 80, from: undefined, to: undefined }, power)).toBe(2);
  });
});
