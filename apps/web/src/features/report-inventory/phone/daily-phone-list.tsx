import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { DailyInventoryList } from '@ullage/contracts/inventory-report';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { dailyFiltersOfSearch, type DailyFilters } from '../../../components/report-filters/report-filters-state';
import { changedFilterCount } from '../../../components/phone-report/filter-count';
import { listQueryOf } from '../../../components/phone-report/filter-query';
import { usePhonePages } from '../../../components/phone-report/use-phone-pages';
import { DAILY_REPORT } from '../inventory-report';
import { DailyInventoryCard } from './daily-inventory-card';
import { FilterSheet } from '../../../components/phone-report/filter-sheet';
import { PhoneListBody } from '../../../components/phone-report/phone-list-body';
import { SearchBox } from '../../../components/phone-report/search-box';
import { loadPeriodFields } from '../../../components/phone-report/lazy-phone-fields';

// Fetched when the sheet first opens: the list shows sooner.
const PhoneFilterFields = lazy(() =>
  // The period's fields come with the others, not after them.
  Promise.all([import('../../../components/phone-report/phone-filter-fields'), loadPeriodFields()]).then(([m]) => ({ default: m.PhoneFilterFields<DailyFilters> })),
);

/**
 * abnormal_can for a phone: the same endpoint and filters (organisation, area, tank, product,
 * station days, abnormal only, search), each tank day a card. A monthly card's abnormal days
 * open it with their tank and month in the address.
 */
export function DailyPhoneList() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const { search } = useLocation();
  const [initial] = useState(() => DAILY_REPORT.initialFilters());
  const [filters, setFilters] = useState<DailyFilters>(() => dailyFiltersOfSearch(search, initial) ?? initial);
  const [q, setQ] = useState('');
  const { pages, first, rows, total } = usePhonePages(DAILY_REPORT.list.key, DAILY_REPORT.list.fetch, listQueryOf(filters, q));
  const counts = first as DailyInventoryList | undefined;

  return (
    <>
      <div className="m-toolbar m-toolbar--row">
        <SearchBox placeholder={t(DAILY_REPORT.search.placeholder)} onSearch={setQ} testId={DAILY_REPORT.search.testId} />
        <FilterSheet count={changedFilterCount(filters, initial)} onClear={() => setFilters(initial)}>
          <PhoneFilterFields fields={DAILY_REPORT.filters} filters={filters} set={setFilters} />
        </FilterSheet>
      </div>
      <p className="m-summary-line">
        <span dir="ltr">
          {filters.fromDay} – {filters.toDay}
        </span>
        {counts ? (
          <>
            {' · '}
            <span data-testid="daily-summary">{t('inventory.summary.days', { abnormal: format.count(counts.abnormalCount), all: format.count(counts.allCount), count: counts.allCount })}</span>
          </>
        ) : null}
      </p>
      <PhoneListBody pages={pages} shown={rows.length} total={total} testId="daily-list">
        {rows.map((row) => (
          <DailyInventoryCard key={row.id} row={row} format={format} />
        ))}
      </PhoneListBody>
    </>
  );
}
