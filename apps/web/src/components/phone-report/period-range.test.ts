import { describe, expect, it } from 'vitest';
import { dailyFiltersOfSearch, initialDailyFilters } from '../report-filters/report-filters-state';
import { periodProblem, phoneDailyLinkOf } from './period-range';

describe('inventory periods on a phone (spec §9 daily and monthly reports)', () => {
  it.each([
    ['day', '2026-05-01', '2026-05-31', null],
    ['day', '2026-05-01', '2026-06-01', 'tooLong'],
    ['day', '2026-05-02', '2026-05-01', 'order'],
    ['day', '2026-05-01', '', 'incomplete'],
    ['month', '2025-06', '2026-05', null],
    ['month', '2025-05', '2026-05', 'tooLong'],
    ['month', '2026-05', '2026-04', 'order'],
  ] as const)('%s %s → %s: %s', (kind, first, last, problem) => {
    expect(periodProblem(kind, first, last)).toBe(problem);
  });

  it('takes a report’s own limit (92 days of leak tests)', () => {
    expect(periodProblem('day', '2026-08-01', '2026-10-31', 92)).toBeNull();
    expect(periodProblem('day', '2026-08-01', '2026-11-01', 92)).toBe('tooLong');
  });

  it('links a month’s abnormal days to the phone’s daily page, which reads them back', () => {
    const link = phoneDailyLinkOf({ stationId: 4, tankId: 9, firstDay: '2026-05-01', lastDay: '2026-05-14' });
    expect(link).toBe('/abnormal_can_phone?stationId=4&tankId=9&fromDay=2026-05-01&toDay=2026-05-14&abnormalOnly=yes');
    const filters = dailyFiltersOfSearch(link.slice(link.indexOf('?')), initialDailyFilters());
    expect(filters).toMatchObject({ stationId: 4, tankId: 9, fromDay: '2026-05-01', toDay: '2026-05-14', abnormalOnly: 'yes' });
  });
});
