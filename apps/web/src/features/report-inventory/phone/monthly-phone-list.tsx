import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { inventoryKeys, listMonthlyInventory } from '../api/inventory-reports';
import { initialMonthlyFilters, type MonthlyFilters } from '../../../components/report-filters/report-filters-state';
import { changedFilterCount } from '../../../components/phone-report/filter-count';
import { listQueryOf } from '../../../components/phone-report/filter-query';
import { usePhonePages } from '../../../components/phone-report/use-phone-pages';
import { FilterSheet } from '../../../components/phone-report/filter-sheet';
import { MonthlyInventoryCard } from './monthly-inventory-card';
import { PhoneListBody } from '../../../components/phone-report/phone-list-body';
import { SearchBox } from '../../../components/phone-report/search-box';

const MonthlyFilterFields = lazy(() => import('./monthly-filter-fields').then((m) => ({ default: m.MonthlyFilterFields })));

/** Monthly for a phone: the same endpoint and filters (organisation, area, tank, product, months, abnormal only, search), each tank month a card. */
export function MonthlyPhoneList() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const [initial] = useState(() => initialMonthlyFilters());
  const [filters, setFilters] = useState<MonthlyFilters>(initial);
  const [q, setQ] = useState('');
  const { pages, first, rows, total } = usePhonePages(inventoryKeys.monthly, listMonthlyInventory, listQueryOf(filters, q));

  return (
    <>
      <div className="m-toolbar m-toolbar--row">
        <SearchBox placeholder={t('inventory.search')} onSearch={setQ} testId="monthly-search" />
        <FilterSheet count={changedFilterCount(filters, initial)} onClear={() => setFilters(initial)}>
          <MonthlyFilterFields filters={filters} onChange={setFilters} />
        </FilterSheet>
      </div>
      <p className="m-summary-line">
        <span dir="ltr">{filters.fromMonth === filters.toMonth ? filters.fromMonth : `${filters.fromMonth} – ${filters.toMonth}`}</span>
        {first ? (
          <>
            {' · '}
            <span data-testid="monthly-summary">{t('inventory.summary.months', { abnormal: format.count(first.abnormalCount), all: format.count(first.allCount), count: first.allCount })}</span>
          </>
        ) : null}
      </p>
      <PhoneListBody pages={pages} shown={rows.length} total={total} testId="monthly-list">
        {rows.map((row) => (
          <MonthlyInventoryCard key={row.id} row={row} format={format} />
        ))}
      </PhoneListBody>
    </>
  );
}
