import { describe, expect, it } from 'vitest';
import { LEAK_TEST_REASONS, LEAK_TEST_RESULTS } from '@ullage/domain/leak-detection';
import en from '../../i18n/locales/en.json';
import { countByResult, LEAK_REASON_KEYS, LEAK_RESULT_COLORS, LEAK_RESULT_KEYS } from './leak-result';

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
});
