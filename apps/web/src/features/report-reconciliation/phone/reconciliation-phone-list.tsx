import { lazy, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { BASIS_KEYS, FIGURES_BASES, reconciliationFiltersOfSearch, type FiguresBasis, type ReconciliationFilters } from '../reconciliation-filters-state';
import { RECONCILIATION_REPORT } from '../reconciliation-report';
import { changedFilterCount } from '../../../components/phone-report/filter-count';
import type { PhoneFilterFieldsProps } from '../../../components/phone-report/phone-filter-fields';
import { listQueryOf } from '../../../components/phone-report/filter-query';
import { usePhonePages } from '../../../components/phone-report/use-phone-pages';
import { ChipGroup } from '../../../components/phone-report/chip-group';
import { FilterSheet } from '../../../components/phone-report/filter-sheet';
import { PhoneListBody } from '../../../components/phone-report/phone-list-body';
import { ReconciliationCard } from './reconciliation-card';
import { SearchBox } from '../../../components/phone-report/search-box';

// Fetched when the sheet first opens: the list shows sooner.
const ReconciliationFilterFields = lazy(() =>
  import('../../../components/phone-report/phone-filter-fields').then((m) => ({ default: m.PhoneFilterFields as ComponentType<PhoneFilterFieldsProps<ReconciliationFilters>> })),
);

/**
 * reconciliation for a phone, from its declaration (reconciliation-report.tsx): the same
 * endpoint and filters, opened on a station a link names, each tank (group) day or shift a
 * card, gross or compensated.
 */
export function ReconciliationPhoneList() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const { search } = useLocation();
  const [initial] = useState(() => RECONCILIATION_REPORT.initialFilters());
  const [filters, setFilters] = useState<ReconciliationFilters>(() => reconciliationFiltersOfSearch(search, initial) ?? initial);
  const [basis, setBasis] = useState<FiguresBasis>('gross');
  const [q, setQ] = useState('');
  const { pages, rows, total } = usePhonePages(RECONCILIATION_REPORT.list.key, RECONCILIATION_REPORT.list.fetch, listQueryOf(filters, q));

  return (
    <>
      <div className="m-toolbar m-toolbar--row">
        <SearchBox placeholder={t(RECONCILIATION_REPORT.search.placeholder)} onSearch={setQ} testId={RECONCILIATION_REPORT.search.testId} />
        <FilterSheet count={changedFilterCount(filters, initial)} onClear={() => setFilters(initial)}>
          <ReconciliationFilterFields fields={RECONCILIATION_REPORT.filters} filters={filters} set={setFilters} />
        </FilterSheet>
      </div>
      <ChipGroup<FiguresBasis>
        label={t('reconciliation.filter.basis')}
        value={basis}
        onChange={(next) => setBasis(next ?? 'gross')}
        options={FIGURES_BASES.map((b) => ({ value: b, label: t(BASIS_KEYS[b]) }))}
        testId="recon-basis"
      />
      <p className="m-summary-line">
        <span dir="ltr">
          {filters.fromDay} – {filters.toDay}
        </span>
      </p>
      <details className="m-details m-details--note">
        <summary>{t('reconciliation.about')}</summary>
        <p className="m-note">{t('reconciliation.note')}</p>
      </details>
      <PhoneListBody pages={pages} shown={rows.length} total={total} testId="recon-list">
        {rows.map((row) => (
          <ReconciliationCard key={row.id} row={row} basis={basis} format={format} />
        ))}
      </PhoneListBody>
    </>
  );
}
