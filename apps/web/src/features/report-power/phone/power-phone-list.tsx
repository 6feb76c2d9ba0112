import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import type { PowerFilters } from '../power-filters-state';
import { POWER_REPORT } from '../power-report';
import { changedFilterCount } from '../../../components/phone-report/filter-count';
import { listQueryOf } from '../../../components/phone-report/filter-query';
import { usePhonePages } from '../../../components/phone-report/use-phone-pages';
import { FilterSheet } from '../../../components/phone-report/filter-sheet';
import { PhoneListBody } from '../../../components/phone-report/phone-list-body';
import { PowerCard } from './power-card';

// Fetched when the sheet first opens, the tolerance field with them (not after them): the list shows sooner.
const PhoneFilterFields = lazy(() =>
  Promise.all([import('../../../components/phone-report/phone-filter-fields'), import('../power-filter-controls')]).then(([m]) => ({ default: m.PhoneFilterFields<PowerFilters> })),
);

/**
 * open_close_report for a phone: the declared filters and list (power-report.tsx), each power-off
 * a card with its tanks. Its own list rather than a PhoneReportList: the report has no search,
 * and the legend of the tolerance stands in the toolbar in its place.
 */
export function PowerPhoneList() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const [initial] = useState(() => POWER_REPORT.initialFilters());
  const [filters, setFilters] = useState<PowerFilters>(initial);
  const { pages, rows, total } = usePhonePages(POWER_REPORT.list.key, POWER_REPORT.list.fetch, listQueryOf(filters, ''));

  return (
    <>
      <div className="m-toolbar m-toolbar--row">
        <p className="m-note m-toolbar__note" data-testid="power-legend">
          {t('power.legend', { tolerance: format.volume(filters.toleranceL, 1) })}
        </p>
        <FilterSheet count={changedFilterCount(filters, initial)} onClear={() => setFilters(initial)}>
          <PhoneFilterFields fields={POWER_REPORT.filters} filters={filters} set={setFilters} />
        </FilterSheet>
      </div>
      <PhoneListBody pages={pages} shown={rows.length} total={total} testId="power-list">
        {rows.map((row) => (
          <PowerCard key={row.id} row={row} format={format} />
        ))}
      </PhoneListBody>
    </>
  );
}
