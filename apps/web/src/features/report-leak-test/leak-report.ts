import type { LeakTestRow } from '@ullage/contracts/leak-test';
import { LEAK_TEST_RESULTS } from '@ullage/domain/leak-detection';
import { placeFields } from '../../components/report-filters/filter-fields';
import type { ReportDeclaration } from '../../components/report/report-declaration';
import { withOrgPick } from '../../components/report-filters/report-filters-state';
import { LEAK_RESULT_KEYS } from '../../lib/leak-result';
import { exportLeakTests, leakTestKeys, listLeakTests } from '../../lib/leak-tests';
import { LEAK_DAYS_FIELD } from './components/leak-days';
import { initialLeakFilters, type LeakFilters } from './leak-filters-state';

/** leak_test and leak_test_phone: organisation tree, area, tank (of the picked station), product; then the result and the station days. */
export const LEAK_REPORT: ReportDeclaration<LeakFilters, LeakTestRow> = {
  filters: [
    ...placeFields<LeakFilters>('leak-filter', withOrgPick),
    {
      kind: 'choice',
      key: 'result',
      label: (t) => t('leakTest.filter.result'),
      options: (t) => LEAK_TEST_RESULTS.map((result) => ({ value: result, label: t(LEAK_RESULT_KEYS[result]) })),
      testId: 'leak-filter-result',
      widePopup: true,
    },
    LEAK_DAYS_FIELD,
  ],
  initialFilters: initialLeakFilters,
  list: { key: leakTestKeys.list, fetch: listLeakTests },
  export: exportLeakTests,
  search: { placeholder: 'leakTest.search', testId: 'leak-search' },
};
