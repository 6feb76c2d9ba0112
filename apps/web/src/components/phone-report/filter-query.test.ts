import { describe, expect, it } from 'vitest';
import { activeFilterCount, listQueryOf } from './filter-query';

/**
 * An alarm page's filters as it opens (alarms' initialAlarmFilters: every filter unset but the
 * kind, which the page fixes), written out: shared code's tests import no feature.
 */
function initialAlarmFilters(kind: 'level' | 'leak') {
  return {
    kind,
    distributorId: undefined as number | undefined,
    companyId: undefined as number | undefined,
    stationId: undefined as number | undefined,
    tankId: undefined as number | undefined,
    sensorNo: undefined as string | undefined,
    code: undefined as number | undefined,
    from: undefined as string | undefined,
    to: undefined as string | undefined,
    state: undefined as 'active' | 'cleared' | undefined,
    processed: undefined as 'yes' | 'no' | undefined,
  };
}

describe('phone report filters (issue 8: the _phone pages keep the desktop filters)', () => {
  it('sends only the filters that are set, and the trimmed search', () => {
    const filters = { ...initialAlarmFilters('leak'), stationId: 4, state: 'active' as const, code: 8 };
    expect(listQueryOf(filters, '  LSF-BG06 ')).toEqual({ kind: 'leak', stationId: 4, state: 'active', code: 8, q: 'LSF-BG06' });
    expect(listQueryOf(initialAlarmFilters('level'), '')).toEqual({ kind: 'level' });
  });

  it('counts an organisation pick and a range once each, and never the fixed kind', () => {
    const filters = { ...initialAlarmFilters('level'), distributorId: 1, companyId: 2, from: '2026-05-01T00:00:00.000Z', to: '2026-05-02T00:00:00.000Z', processed: 'no' as const };
    expect(activeFilterCount(filters, ['kind'])).toBe(3);
    expect(activeFilterCount(initialAlarmFilters('level'), ['kind'])).toBe(0);
  });
});
