import { useMemo, useState } from 'react';
import Button from 'antd/es/button';
import { DataTable } from '../../../components/data-table/data-table';
import CheckOutlined from '@ant-design/icons/es/icons/CheckOutlined';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import PrinterOutlined from '@ant-design/icons/es/icons/PrinterOutlined';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import { useTranslation } from 'react-i18next';
import type { OfflineListResult, OfflineRow } from '@ullage/contracts/offline-records';
import { OFFLINE_SORT_FIELDS } from '@ullage/contracts/list-fields';
import { ListPage } from '../../../components/list-page/list-page';
import { exportQuery } from '../../../components/list-page/list-query';
import { useServerList } from '../../../components/list-page/use-server-list';
import { FilterBar } from '../../../components/report-filters/filter-bar';
import { useSessionUser } from '../../../lib/session-user';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { offlineColumns } from '../components/offline-columns';
import { lazyWhenOpen } from '../../../components/lazy-dialog';
import type { OfflineFilters } from '../offline-filters-state';
import { OFFLINE_REPORT } from '../offline-report';
import '../report-offline.css';

/** The processing form is fetched when the user first processes a record. */
const ProcessOfflineModal = lazyWhenOpen(() => import('../components/process-offline-modal').then((m) => m.ProcessOfflineModal), (props) => props.records.length > 0);

/** offline_record (spec §2 /Analysis, §3, §4, §5): the periods stations were silent, and their processing. */
export function Page() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const session = useSessionUser();
  const list = useServerList<OfflineRow, OfflineFilters>({
    queryKey: OFFLINE_REPORT.list.key,
    fetch: OFFLINE_REPORT.list.fetch,
    filters: OFFLINE_REPORT.initialFilters(),
    sortFields: OFFLINE_SORT_FIELDS,
    showTotal: (total) => t('list.total', { total }),
  });
  const canProcess = (list.query.data as OfflineListResult | undefined)?.canProcess ?? false;
  const [processing, setProcessing] = useState<OfflineRow[]>([]);
  const [selected, setSelected] = useState<OfflineRow[]>([]);
  const [exporting, setExporting] = useState(false);

  const setFilters = (next: (current: OfflineFilters) => OfflineFilters) => {
    list.setState((current) => ({ ...current, filters: next(current.filters), page: 1 }));
    setSelected([]);
  };
  const columns = useMemo(
    () => offlineColumns({ t, sortOrderOf: list.sortOrderOf, canProcess, onProcess: (row) => setProcessing([row]) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sortOrderOf follows list.state
    [t, list.state, canProcess],
  );
  const { from, to } = list.state.filters;

  const onExport = () => {
    setExporting(true);
    OFFLINE_REPORT.export!(exportQuery(list.state), `${t('route.title.offline_record')}.xlsx`)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  return (
    <ListPage
      title={t('route.title.offline_record')}
      search={{ placeholder: t(OFFLINE_REPORT.search.placeholder), onSearch: list.setSearch, testId: OFFLINE_REPORT.search.testId }}
      filters={<FilterBar fields={OFFLINE_REPORT.filters} filters={list.state.filters} set={setFilters} />}
      actions={
        <>
          <Button icon={<ReloadOutlined />} onClick={() => void list.query.refetch()} aria-label={t('report.offline.refresh')} />
          {canProcess ? (
            <Button icon={<CheckOutlined />} disabled={selected.length === 0} onClick={() => setProcessing(selected)} data-testid="offline-process-selected">
              {t('report.offline.process.selected', { count: selected.length })}
            </Button>
          ) : null}
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="offline-print">
            {t('report.offline.print')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={onExport} loading={exporting} data-testid="offline-export">
            {t('list.action.export')}
          </Button>
        </>
      }
    >
      <p className="list-page__print-only">{from && to ? t('report.offline.printRange', { from: format.dateTime(from), to: format.dateTime(to) }) : null}</p>
      <DataTable<OfflineRow>
        {...list.tableProps}
        className="offline-table list-page__print-fit"
        columns={columns}
        size="middle"
        scroll={{ x: 'max-content' }}
        rowSelection={
          canProcess
            ? {
                selectedRowKeys: selected.map((r) => r.id),
                onChange: (_keys, rows) => setSelected(rows),
                getCheckboxProps: (row) => ({ disabled: row.processed, 'aria-label': t('report.offline.select') }),
              }
            : undefined
        }
        data-testid="offline-table"
      />
      <ProcessOfflineModal
        records={processing}
        defaultHandler={session.data?.nickname ?? ''}
        onClose={(processed) => {
          setProcessing([]);
          if (processed) setSelected([]);
        }}
      />
    </ListPage>
  );
}
