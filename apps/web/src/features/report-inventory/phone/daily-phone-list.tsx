import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { inventoryKeys, listDailyInventory } from '../api/inventory-reports';
import { dailyFiltersOfSearch, initialDailyFilters, type DailyFilters } from '../../../components/report-filters/report-filters-state';
import { changedFilterCount } from '../../../components/phone-report/filter-count';
import { listQueryOf } from '../../../components/phone-report/filter-query';
import { usePhonePages } from '../../../components/phone-report/use-phone-pages';
import { DailyInventoryCard } from './daily-inventory-card';
import { FilterSheet } from '../../../components/phone-report/filter-sheet';
import { PhoneListBody } from '../../../components/phone-report/phone-list-body';
import { SearchBox } from '../../../components/phone-report/search-box';

// Fetched when the sheet first opens: the list shows sooner.
const DailyFilterFields = lazy(() => import('./daily-filter-fields').then((m) => ({ default: m.DailyFilterFields })));

/**
 * abnormal_can for a phone: the same endpoint and filters (organisation, area, tank, product,
 * station days, abnormal only, search), each tank day a card. A monthly card's abnormal days
 * open it with their tank and month in the address.
 */
export function DailyPhoneList() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const { search } = useLocation();
  const [initial] = useState(() => initialDailyFilters());
  const [filters, setFilters] = useState<DailyFilters>(() => dailyFiltersOfSearch(search, initial) ?? initial);
  const [q, setQ] = useState('');
  const { pages, first, rows, total } = usePhonePages(inventoryKeys.daily, listDailyInventory, listQueryOf(filters, q));

  return (
    <>
      <div className="m-toolbar m-toolbar--row">
        <SearchBox placeholder={t('inventory.search')} onSearch={setQ} testId="daily-search" />
        <FilterSheet count={changedFilterCount(filters, initial)} onClear={() => setFilters(initial)}>
          <DailyFilterFields filters={filters} onChange={setFilters} />
        </FilterSheet>
      </div>
      <p className="m-summary-line">
        <span dir="ltr">
          {filters.fromDay} – {filters.toDay}
        </span>
        {first ? (
          <>
            {' · '}
            <span data-testid="daily-summary">{t('inventory.summary.days', { abnormal: format.count(first.abnormalCount), all: format.count(first.allCount), count: first.allCount })}</span>
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
