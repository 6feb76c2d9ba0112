import { useMemo, useState } from 'react';
import Button from 'antd/es/button';
import { DataTable } from '../../../components/data-table/data-table';
import type { TableProps } from 'antd/es/table';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import PrinterOutlined from '@ant-design/icons/es/icons/PrinterOutlined';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import { useTranslation } from 'react-i18next';
import type { PowerEventRow } from '@ullage/contracts/power-events';
import { POWER_EVENT_SORT_FIELDS } from '@ullage/contracts/list-fields';
import { ListPage } from '../../../components/list-page/list-page';
import { exportQuery } from '../../../components/list-page/list-query';
import { useServerList } from '../../../components/list-page/use-server-list';
import { FilterBar } from '../../../components/report-filters/filter-bar';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { powerColumns } from '../components/power-columns';
import { powerLines, type PowerFilters, type PowerLine } from '../power-filters-state';
import { POWER_REPORT } from '../power-report';
// The bar's tolerance field, which the declaration fetches lazily (for the phone page), comes with this page: the bar draws it at once.
import '../power-filter-controls';
import '../power.css';

/** open_close_report (spec §2 /Data): the inventory at each power-off and at the next power-on, tank by tank, flagged beyond a tolerance. */
export function Page() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const list = useServerList<PowerEventRow, PowerFilters>({
    queryKey: POWER_REPORT.list.key,
    fetch: POWER_REPORT.list.fetch,
    filters: POWER_REPORT.initialFilters(),
    sortFields: POWER_EVENT_SORT_FIELDS,
    showTotal: (total) => t('power.total', { count: total }),
  });
  const [exporting, setExporting] = useState(false);
  const { toleranceL, from, to } = list.state.filters;
  const lines = useMemo(() => powerLines(list.rows), [list.rows]);
  const columns = useMemo(
    () => powerColumns({ t, format, toleranceL, sortOrderOf: list.sortOrderOf }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sortOrderOf follows list.state
    [t, format, toleranceL, list.state],
  );
  const setFilters = (next: (current: PowerFilters) => PowerFilters) => list.setState((current) => ({ ...current, filters: next(current.filters), page: 1 }));

  const onExport = () => {
    setExporting(true);
    POWER_REPORT.export!(exportQuery(list.state), `${t('route.title.open_close_report')}.xlsx`)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };
  // The table shows tank lines; paging and sorting are of the power-offs they belong to.
  const { loading, pagination, onChange } = list.tableProps;

  return (
    <ListPage
      title={t('route.title.open_close_report')}
      filters={<FilterBar fields={POWER_REPORT.filters} filters={list.state.filters} set={setFilters} />}
      actions={
        <>
          <Button icon={<ReloadOutlined />} onClick={() => void list.query.refetch()} aria-label={t('power.refresh')} />
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="power-print">
            {t('power.print')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={onExport} loading={exporting} data-testid="power-export">
            {t('list.action.export')}
          </Button>
        </>
      }
    >
      <p className="list-page__print-only">
        {from && to ? t('power.printRange', { from: format.dateTime(from), to: format.dateTime(to), tolerance: format.volume(toleranceL, 1) }) : null}
      </p>
      <p className="power-legend">{t('power.legend', { tolerance: format.volume(toleranceL, 1) })}</p>
      <DataTable<PowerLine>
        rowKey="key"
        dataSource={lines}
        loading={loading}
        pagination={pagination}
        // Only paging and the sorter's column key are read, the same for lines as for events.
        onChange={onChange as unknown as TableProps<PowerLine>['onChange']}
        columns={columns}
        size="middle"
        bordered
        rowClassName={(line) => (line.tank?.flagged ? 'power-line--flagged' : '')}
        scroll={{ x: 'max-content' }}
        data-testid="power-table"
      />
    </ListPage>
  );
}
