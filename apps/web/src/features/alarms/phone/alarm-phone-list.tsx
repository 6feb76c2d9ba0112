import { lazy, Suspense, useState } from 'react';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import type { AlarmRow } from '@ullage/contracts/alarms';
import { SilentBoundary } from '../../../components/silent-boundary';
import type { FieldProps } from '../../../components/report-filters/filter-fields';
import { ALARM_SEARCH, initialAlarmFilters, type AlarmFilters } from '../alarm-filters-state';
import { useMay } from '../../../lib/use-may';
import { useNow } from '../../../lib/use-monitor-format';
import { useAlarmPages } from '../../../lib/phone-alarm-list';
import { AlarmCard } from '../../../components/mobile/alarm-card';
import { PhoneListBody } from '../../../components/phone-report/phone-list-body';
import { activeFilterCount, listQueryOf } from '../../../components/phone-report/filter-query';
import { FilterSheet } from '../../../components/phone-report/filter-sheet';
import { SearchBox } from '../../../components/phone-report/search-box';

// The declared filters (alarm-report.tsx), their fields and the processing dialog are fetched
// when first used: their selects weigh more than the list, which shows sooner.
const AlarmFilterFields = lazy(() =>
  Promise.all([import('../../../components/phone-report/phone-filter-fields'), import('../alarm-report')]).then(([{ PhoneFilterFields }, { ALARM_REPORTS }]) => ({
    default: function AlarmFilterFields({ kind, ...props }: FieldProps<AlarmFilters> & { kind: AlarmRow['kind'] }) {
      return <PhoneFilterFields fields={ALARM_REPORTS[kind].filters} {...props} />;
    },
  })),
);
const ProcessAlarmsModal = lazy(() => import('../components/process-alarms-modal').then((m) => ({ default: m.ProcessAlarmsModal })));

interface AlarmPhoneListProps {
  kind: AlarmRow['kind'];
}

/**
 * The alarm query of alarm_report / leak_alarm for a phone, from their declaration
 * (alarm-report.tsx): the same endpoint, filters and search (organisation, tank or sensor,
 * alarm type, start range, state, processing), the rows as cards a page at a time (as the
 * phone's other alarm lists fetch them), and processing with a note for a role with `alarm:process`.
 */
export function AlarmPhoneList({ kind }: AlarmPhoneListProps) {
  const { t } = useTranslation();
  const mayProcess = useMay()('alarm:process');
  const now = useNow(30_000);
  const [filters, setFilters] = useState<AlarmFilters>(() => initialAlarmFilters(kind));
  const [q, setQ] = useState('');
  const [processing, setProcessing] = useState<number[]>([]);
  const [processWanted, setProcessWanted] = useState(false);
  const current = filters.kind === kind ? filters : initialAlarmFilters(kind);
  const pages = useAlarmPages(listQueryOf(current, q));
  const rows = pages.data?.pages.flatMap((page) => page.list) ?? [];
  const total = pages.data?.pages[0]?.total ?? 0;
  const process = (id: number) => {
    setProcessWanted(true);
    setProcessing([id]);
  };

  return (
    <>
      <div className="m-toolbar m-toolbar--row">
        <SearchBox placeholder={t(ALARM_SEARCH.placeholder)} onSearch={setQ} testId={ALARM_SEARCH.testId} />
        <FilterSheet count={activeFilterCount(current, ['kind'])} onClear={() => setFilters(initialAlarmFilters(kind))}>
          <AlarmFilterFields kind={kind} filters={current} set={(next) => setFilters(next(current))} />
        </FilterSheet>
      </div>
      <PhoneListBody pages={pages} shown={rows.length} total={total} testId="alarm-list" emptyText={t('mobile.alarm.none')}>
        {rows.map((row) => (
          <AlarmCard
            key={row.id}
            row={row}
            now={now}
            action={
              row.processed || !mayProcess ? null : (
                <Button onClick={() => process(row.id)} data-testid={`alarm-process-${row.id}`}>
                  {t('alarm.query.process.action')}
                </Button>
              )
            }
          />
        ))}
      </PhoneListBody>
      {processWanted ? (
        <SilentBoundary>
          <Suspense fallback={null}>
            <ProcessAlarmsModal ids={processing} onClose={() => setProcessing([])} />
          </Suspense>
        </SilentBoundary>
      ) : null}
    </>
  );
}
