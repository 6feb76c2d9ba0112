import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LEAK_WINDOW_DAYS } from '@ullage/domain/leak-detection';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { leakFiltersOfSearch, type LeakFilters } from '../leak-filters-state';
import { LEAK_REPORT } from '../leak-report';
import { changedFilterCount } from '../../../components/phone-report/filter-count';
import { listQueryOf } from '../../../components/phone-report/filter-query';
import { usePhonePages } from '../../../components/phone-report/use-phone-pages';
import { FilterSheet } from '../../../components/phone-report/filter-sheet';
import { LeakTestCard } from './leak-test-card';
import { PhoneListBody } from '../../../components/phone-report/phone-list-body';
import { SearchBox } from '../../../components/phone-report/search-box';
import { loadPeriodFields } from '../../../components/phone-report/lazy-phone-fields';

// Fetched when the sheet first opens: the list shows sooner.
const PhoneFilterFields = lazy(() =>
  // The period's fields come with the others, not after them.
  Promise.all([import('../../../components/phone-report/phone-filter-fields'), loadPeriodFields()]).then(([m]) => ({ default: m.PhoneFilterFields<LeakFilters> })),
);

/** leak_test for a phone: the same endpoint and filters (organisation, area, tank, product, result, station days, search), each tank day a card. */
export function LeakTestPhoneList() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const { search } = useLocation();
  const [initial] = useState(() => LEAK_REPORT.initialFilters());
  const [filters, setFilters] = useState<LeakFilters>(() => leakFiltersOfSearch(search, initial) ?? initial);
  const [q, setQ] = useState('');
  const { pages, rows, total } = usePhonePages(LEAK_REPORT.list.key, LEAK_REPORT.list.fetch, listQueryOf(filters, q));

  return (
    <>
      <div className="m-toolbar m-toolbar--row">
        <SearchBox placeholder={t(LEAK_REPORT.search.placeholder)} onSearch={setQ} testId={LEAK_REPORT.search.testId} />
        <FilterSheet count={changedFilterCount(filters, initial)} onClear={() => setFilters(initial)}>
          <PhoneFilterFields fields={LEAK_REPORT.filters} filters={filters} set={setFilters} />
        </FilterSheet>
      </div>
      <p className="m-summary-line">
        <span dir="ltr">
          {filters.from} – {filters.to}
        </span>
      </p>
      <details className="m-details m-details--note">
        <summary>{t('leakTest.about')}</summary>
        <p className="m-note">{t('leakTest.note', { days: LEAK_WINDOW_DAYS })}</p>
      </details>
      <PhoneListBody pages={pages} shown={rows.length} total={total} testId="leak-list">
        {rows.map((row) => (
          <LeakTestCard key={row.id} row={row} format={format} />
        ))}
      </PhoneListBody>
    </>
  );
}
