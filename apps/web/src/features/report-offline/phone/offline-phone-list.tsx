import { lazy, Suspense, useState } from 'react';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import type { OfflineListResult, OfflineRow } from '@ullage/contracts/offline-records';
import { SilentBoundary } from '../../../components/silent-boundary';
import { useSessionUser } from '../../../lib/session-user';
import type { OfflineFilters } from '../offline-filters-state';
import { OFFLINE_REPORT } from '../offline-report';
import { changedFilterCount } from '../../../components/phone-report/filter-count';
import { listQueryOf } from '../../../components/phone-report/filter-query';
import { usePhonePages } from '../../../components/phone-report/use-phone-pages';
import { FilterSheet } from '../../../components/phone-report/filter-sheet';
import { OfflineCard } from './offline-card';
import { PhoneListBody } from '../../../components/phone-report/phone-list-body';
import { SearchBox } from '../../../components/phone-report/search-box';

// The fields and the processing form are fetched when first used: the list shows sooner.
const PhoneFilterFields = lazy(() => import('../../../components/phone-report/phone-filter-fields').then((m) => ({ default: m.PhoneFilterFields<OfflineFilters> })));
const ProcessOfflineModal = lazy(() => import('../components/process-offline-modal').then((m) => ({ default: m.ProcessOfflineModal })));

/**
 * offline_record for a phone: the declared filters, list and search (offline-report.ts), each
 * outage a card, and the desktop's processing form for one record at a time when the caller may
 * process — the reason this list is its own rather than a PhoneReportList: whether the caller
 * may process comes with the list's first page.
 */
export function OfflinePhoneList() {
  const { t } = useTranslation();
  const session = useSessionUser();
  const [initial] = useState(() => OFFLINE_REPORT.initialFilters());
  const [filters, setFilters] = useState<OfflineFilters>(initial);
  const [q, setQ] = useState('');
  const [processing, setProcessing] = useState<OfflineRow[]>([]);
  const [processWanted, setProcessWanted] = useState(false);
  const { pages, first, rows, total } = usePhonePages(OFFLINE_REPORT.list.key, OFFLINE_REPORT.list.fetch, listQueryOf(filters, q));
  const canProcess = (first as OfflineListResult | undefined)?.canProcess ?? false;
  const process = (row: OfflineRow) => {
    setProcessWanted(true);
    setProcessing([row]);
  };

  return (
    <>
      <div className="m-toolbar m-toolbar--row">
        <SearchBox placeholder={t(OFFLINE_REPORT.search.placeholder)} onSearch={setQ} testId={OFFLINE_REPORT.search.testId} />
        <FilterSheet count={changedFilterCount(filters, initial)} onClear={() => setFilters(initial)}>
          <PhoneFilterFields fields={OFFLINE_REPORT.filters} filters={filters} set={setFilters} />
        </FilterSheet>
      </div>
      <PhoneListBody pages={pages} shown={rows.length} total={total} testId="offline-list">
        {rows.map((row) => (
          <OfflineCard
            key={row.id}
            row={row}
            action={
              canProcess && !row.processed ? (
                <Button onClick={() => process(row)} data-testid={`offline-process-${row.id}`}>
                  {t('report.offline.process.action')}
                </Button>
              ) : null
            }
          />
        ))}
      </PhoneListBody>
      {processWanted ? (
        <SilentBoundary>
          <Suspense fallback={null}>
            <ProcessOfflineModal records={processing} defaultHandler={session.data?.nickname ?? ''} onClose={() => setProcessing([])} />
          </Suspense>
        </SilentBoundary>
      ) : null}
    </>
  );
}
