import { describe, expect, it } from 'vitest';
import { LEAK_TEST_REASONS, LEAK_TEST_RESULTS } from '@ullage/domain/leak-detection';
import en from '../i18n/locales/en.json';
import { countByResult, currentFailures, failingDays, LEAK_REASON_KEYS, LEAK_RESULT_COLORS, LEAK_RESULT_KEYS } from './leak-result';

describe('leak-test results and reasons', () => {
  it('names every result and reason of the domain, in the locale files', () => {
    expect(Object.keys(LEAK_RESULT_KEYS)).toEqual([...LEAK_TEST_RESULTS]);
    expect(Object.keys(LEAK_REASON_KEYS)).toEqual([...LEAK_TEST_REASONS]);
    for (const key of [...Object.values(LEAK_RESULT_KEYS), ...Object.values(LEAK_REASON_KEYS)]) expect(en).toHaveProperty([key]);
  });

  it('colours a failure red and an inconclusive test apart from a pass', () => {
    expect(LEAK_RESULT_COLORS.fail).toBe('red');
    expect(new Set(Object.values(LEAK_RESULT_COLORS)).size).toBe(3);
  });

  it('counts tanks per result, zero for a result no tank has', () => {
    expect(countByResult([{ result: 'fail' }, { result: 'pass' }, { result: 'fail' }])).toEqual({ pass: 1, fail: 2, inconclusive: 0 });
    expect(countByResult([])).toEqual({ pass: 0, fail: 0, inconclusive: 0 });
  });

  it('asks the list for the days of the tanks failing now, 92 at most', () => {
    expect(failingDays([{ result: 'pass', day: '2026-11-20' }])).toBeNull();
    expect(
      failingDays([
        { result: 'fail', day: '2026-11-21' },
        { result: 'pass', day: '2026-11-22' },
        { result: 'fail', day: '2026-11-19' },
      ]),
    ).toEqual({ from: '2026-11-19', to: '2026-11-21' });
    expect(failingDays([{ result: 'fail', day: '2026-01-01' }, { result: 'fail', day: '2026-11-21' }])).toEqual({ from: '2026-08-22', to: '2026-11-21' });
  });

  it('keeps the failures that are a tank’s latest test, not one it has since passed', () => {
    const statuses = [
      { tankId: 1, day: '2026-11-21', result: 'fail' as const },
      { tankId: 2, day: '2026-11-21', result: 'pass' as const },
    ];
    const rows = [
      { id: 1, tankId: 1, day: '2026-11-21', result: 'fail' as const },
      { id: 2, tankId: 1, day: '2026-11-20', result: 'fail' as const },
      { id: 3, tankId: 2, day: '2026-11-20', result: 'fail' as const },
    ];
    expect(currentFailures(rows, statuses).map((r) => r.id)).toEqual([1]);
  });
});
