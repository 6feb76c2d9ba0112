import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { listPowerEvents, powerKeys } from '../api/power-events';
import { initialPowerFilters, type PowerFilters } from '../power-filters-state';
import { changedFilterCount } from '../../../components/phone-report/filter-count';
import { listQueryOf } from '../../../components/phone-report/filter-query';
import { usePhonePages } from '../../../components/phone-report/use-phone-pages';
import { FilterSheet } from '../../../components/phone-report/filter-sheet';
import { PhoneListBody } from '../../../components/phone-report/phone-list-body';
import { PowerCard } from './power-card';

const PowerFilterFields = lazy(() => import('./power-filter-fields').then((m) => ({ default: m.PowerFilterFields })));

/** open_close_report for a phone: the same endpoint and filters (organisation, area, range, tolerance), each power-off a card with its tanks. */
export function PowerPhoneList() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const [initial] = useState(() => initialPowerFilters());
  const [filters, setFilters] = useState<PowerFilters>(initial);
  const { pages, rows, total } = usePhonePages(powerKeys.list, listPowerEvents, listQueryOf(filters, ''));

  return (
    <>
      <div className="m-toolbar m-toolbar--row">
        <p className="m-note m-toolbar__note" data-testid="power-legend">
          {t('power.legend', { tolerance: format.volume(filters.toleranceL, 1) })}
        </p>
        <FilterSheet count={changedFilterCount(filters, initial)} onClear={() => setFilters(initial)}>
          {/* Keyed by the tolerance: "Clear filters" puts the default back in the field too. */}
          <PowerFilterFields key={filters.toleranceL} filters={filters} onChange={setFilters} />
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
