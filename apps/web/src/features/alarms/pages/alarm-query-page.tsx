import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import Button from 'antd/es/button';
import { DataTable } from '../../../components/data-table/data-table';
import CheckOutlined from '@ant-design/icons/es/icons/CheckOutlined';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import { useTranslation } from 'react-i18next';
import type { AlarmRow } from '@ullage/contracts/alarms';
import { ALARM_SORT_FIELDS } from '@ullage/contracts/list-fields';
import { ListPage } from '../../../components/list-page/list-page';
import { exportQuery } from '../../../components/list-page/list-query';
import { useServerList } from '../../../components/list-page/use-server-list';
import { FilterBar } from '../../../components/report-filters/filter-bar';
import type { MessageKey } from '../../../i18n/message-key';
import { alarmFiltersFromSearch, type AlarmFilters } from '../alarm-filters-state';
import { ALARM_REPORTS } from '../alarm-report';
import { alarmColumns } from '../components/alarm-columns';
import { lazyWhenOpen } from '../../../components/lazy-dialog';
import { useMay } from '../../../lib/use-may';
import '../alarms.css';

/** The processing dialog and its form are fetched when the user first processes alarms. */
const ProcessAlarmsModal = lazyWhenOpen(() => import('../components/process-alarms-modal').then((m) => m.ProcessAlarmsModal), (props) => props.ids.length > 0);

interface AlarmQueryPageProps {
  kind: AlarmRow['kind'];
  titleKey: MessageKey;
}

/** alarm_report and leak_alarm (spec §2 /Alarm): filter, page, sort, export, process. */
export function AlarmQueryPage({ kind, titleKey }: AlarmQueryPageProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  // Station attendants may not process alarms (roles.ts): no button, no boxes to tick.
  const mayProcess = useMay()('alarm:process');
  const report = ALARM_REPORTS[kind];
  const list = useServerList<AlarmRow, AlarmFilters>({
    queryKey: report.list.key,
    fetch: report.list.fetch,
    filters: { ...report.initialFilters(), ...alarmFiltersFromSearch(search) },
    sortFields: ALARM_SORT_FIELDS,
    showTotal: (total) => t('list.total', { total }),
  });
  const [processing, setProcessing] = useState<number[]>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const [exporting, setExporting] = useState(false);
  // The duration of active alarms counts to the moment the page was last fetched.
  const now = list.query.dataUpdatedAt || Date.now();

  const setFilters = (next: (current: AlarmFilters) => AlarmFilters) => {
    list.setState((current) => ({ ...current, filters: next(current.filters), page: 1 }));
    setSelected([]);
  };

  // A link to one alarm (a toast's) filters the list, also when the page was kept alive.
  useEffect(() => {
    const linked = alarmFiltersFromSearch(search);
    if (Object.keys(linked).length > 0) setFilters(() => ({ ...report.initialFilters(), ...linked }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new address re-filters
  }, [search, kind]);

  const columns = useMemo(
    () => alarmColumns({ t, kind, sortOrderOf: list.sortOrderOf, onProcess: mayProcess ? (row) => setProcessing([row.id]) : undefined, now }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sortOrderOf follows list.state
    [t, kind, list.state, now, mayProcess],
  );

  const onExport = () => {
    setExporting(true);
    report.export!(exportQuery(list.state), `${t(titleKey)}.xlsx`)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  return (
    <ListPage
      title={t(titleKey)}
      search={{ placeholder: t(report.search.placeholder), onSearch: list.setSearch, testId: report.search.testId }}
      filters={<FilterBar fields={report.filters} filters={list.state.filters} set={setFilters} />}
      actions={
        <>
          <Button icon={<ReloadOutlined />} onClick={() => void list.query.refetch()} aria-label={t('alarm.query.refresh')} />
          {mayProcess ? (
            <Button icon={<CheckOutlined />} disabled={selected.length === 0} onClick={() => setProcessing(selected)} data-testid="alarm-process-selected">
              {t('alarm.query.process.selected', { count: selected.length })}
            </Button>
          ) : null}
          <Button icon={<DownloadOutlined />} onClick={onExport} loading={exporting} data-testid="alarm-export">
            {t('list.action.export')}
          </Button>
        </>
      }
    >
      <DataTable<AlarmRow>
        {...list.tableProps}
        columns={columns}
        size="middle"
        scroll={{ x: 'max-content' }}
        rowClassName={(row) => (row.endedAt ? '' : 'alarm-row--active')}
        rowSelection={
          mayProcess
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                getCheckboxProps: (row) => ({ disabled: row.processed, 'aria-label': t('alarm.query.select') }),
              }
            : undefined
        }
        data-testid="alarm-table"
      />
      <ProcessAlarmsModal
        ids={processing}
        onClose={(processed) => {
          setProcessing([]);
          if (processed) setSelected([]);
        }}
      />
    </ListPage>
  );
}
