import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { dataJumpKeys, listDataJumps } from '../api/data-jumps';
import { initialJumpFilters, type JumpFilters } from '../jump-filters-state';
import { changedFilterCount } from '../../../components/phone-report/filter-count';
import { listQueryOf } from '../../../components/phone-report/filter-query';
import { usePhonePages } from '../../../components/phone-report/use-phone-pages';
import { FilterSheet } from '../../../components/phone-report/filter-sheet';
import { JumpCard } from './jump-card';
import { PhoneListBody } from '../../../components/phone-report/phone-list-body';
import { SearchBox } from '../../../components/phone-report/search-box';

const JumpFilterFields = lazy(() => import('./jump-filter-fields').then((m) => ({ default: m.JumpFilterFields })));

/** alarm_record for a phone: the same endpoint and filters (organisation, area, tank, product, rule, range, search), each jump a card. */
export function JumpPhoneList() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const [initial] = useState(() => initialJumpFilters());
  const [filters, setFilters] = useState<JumpFilters>(initial);
  const [q, setQ] = useState('');
  const { pages, rows, total } = usePhonePages(dataJumpKeys.list, listDataJumps, listQueryOf(filters, q));

  return (
    <>
      <div className="m-toolbar m-toolbar--row">
        <SearchBox placeholder={t('report.jumps.search')} onSearch={setQ} testId="jump-search" />
        <FilterSheet count={changedFilterCount(filters, initial)} onClear={() => setFilters(initial)}>
          <JumpFilterFields filters={filters} onChange={setFilters} />
        </FilterSheet>
      </div>
      <details className="m-details m-details--note">
        <summary>{t('mobile.jumps.about')}</summary>
        <p className="m-note">{t('report.jumps.rulesNote')}</p>
      </details>
      <PhoneListBody pages={pages} shown={rows.length} total={total} testId="jump-list">
        {rows.map((row) => (
          <JumpCard key={row.id} row={row} format={format} />
        ))}
      </PhoneListBody>
    </>
  );
}
