import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MonthlyInventoryList } from '@ullage/contracts/inventory-report';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import type { MonthlyFilters } from '../../../components/report-filters/report-filters-state';
import { changedFilterCount } from '../../../components/phone-report/filter-count';
import { listQueryOf } from '../../../components/phone-report/filter-query';
import { usePhonePages } from '../../../components/phone-report/use-phone-pages';
import { FilterSheet } from '../../../components/phone-report/filter-sheet';
import { MONTHLY_REPORT } from '../inventory-report';
import { MonthlyInventoryCard } from './monthly-inventory-card';
import { PhoneListBody } from '../../../components/phone-report/phone-list-body';
import { SearchBox } from '../../../components/phone-report/search-box';
import { loadPeriodFields } from '../../../components/phone-report/lazy-phone-fields';

const PhoneFilterFields = lazy(() =>
  // The period's fields come with the others, not after them.
  Promise.all([import('../../../components/phone-report/phone-filter-fields'), loadPeriodFields()]).then(([m]) => ({ default: m.PhoneFilterFields<MonthlyFilters> })),
);

/** Monthly for a phone: the same endpoint and filters (organisation, area, tank, product, months, abnormal only, search), each tank month a card. */
export function MonthlyPhoneList() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const [initial] = useState(() => MONTHLY_REPORT.initialFilters());
  const [filters, setFilters] = useState<MonthlyFilters>(initial);
  const [q, setQ] = useState('');
  const { pages, first, rows, total } = usePhonePages(MONTHLY_REPORT.list.key, MONTHLY_REPORT.list.fetch, listQueryOf(filters, q));
  const counts = first as MonthlyInventoryList | undefined;

  return (
    <>
      <div className="m-toolbar m-toolbar--row">
        <SearchBox placeholder={t(MONTHLY_REPORT.search.placeholder)} onSearch={setQ} testId={MONTHLY_REPORT.search.testId} />
        <FilterSheet count={changedFilterCount(filters, initial)} onClear={() => setFilters(initial)}>
          <PhoneFilterFields fields={MONTHLY_REPORT.filters} filters={filters} set={setFilters} />
        </FilterSheet>
      </div>
      <p className="m-summary-line">
        <span dir="ltr">{filters.fromMonth === filters.toMonth ? filters.fromMonth : `${filters.fromMonth} – ${filters.toMonth}`}</span>
        {counts ? (
          <>
            {' · '}
            <span data-testid="monthly-summary">{t('inventory.summary.months', { abnormal: format.count(counts.abnormalCount), all: format.count(counts.allCount), count: counts.allCount })}</span>
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
