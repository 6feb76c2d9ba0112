import { lazy, Suspense, useMemo, useState } from 'react';
import Button from 'antd/es/button';
import { DataTable } from '../../../components/data-table/data-table';
import type { TableProps } from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import ClockCircleOutlined from '@ant-design/icons/es/icons/ClockCircleOutlined';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import PrinterOutlined from '@ant-design/icons/es/icons/PrinterOutlined';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import { useTranslation } from 'react-i18next';
import type { ShiftSalesList, ShiftSalesRow } from '@ullage/contracts/shift-sales';
import { SHIFT_SALES_SORT_FIELDS } from '@ullage/contracts/list-fields';
import { ListPage } from '../../../components/list-page/list-page';
import { exportQuery } from '../../../components/list-page/list-query';
import { useServerList } from '../../../components/list-page/use-server-list';
import { FilterBar } from '../../../components/report-filters/filter-bar';
import { useMay } from '../../../lib/use-may';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { useStationShifts } from '../api/station-shifts';
import { shiftLines, shiftSalesColumns, type ShiftLine } from '../components/shift-sales-columns';
import { ShiftTotals } from '../components/shift-totals';
import type { ShiftFilters } from '../shift-filters-state';
import { SHIFT_REPORT } from '../shift-report';
import '../shifts.css';

// The form is fetched when first opened: most visitors only read the figures.
const ShiftsDialog = lazy(() => import('../components/shifts-dialog').then((m) => ({ default: m.ShiftsDialog })));

/**
 * pay_for_oil (spec §1 "sales per shift"): each shift of each station with its tanks beneath,
 * sales = start − end + deliveries per tank, totals per shift and per product; a figure opens
 * its details. Station staff read; who manages the station sets its shifts here.
 */
export function Page() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const may = useMay();
  const list = useServerList<ShiftSalesRow, ShiftFilters>({
    queryKey: SHIFT_REPORT.list.key,
    fetch: SHIFT_REPORT.list.fetch,
    filters: SHIFT_REPORT.initialFilters(),
    sortFields: SHIFT_SALES_SORT_FIELDS,
    showTotal: (total) => t('shiftSales.total', { count: total }),
  });
  const [exporting, setExporting] = useState(false);
  const [editing, setEditing] = useState(false);
  // Kept mounted once opened, so it can animate closed.
  const [dialogWanted, setDialogWanted] = useState(false);
  if (editing && !dialogWanted) setDialogWanted(true);
  const data = list.query.data as ShiftSalesList | undefined;
  const { filters } = list.state;
  const stationShifts = useStationShifts(filters.stationId);
  // Shifts are station settings (`station:manage`); the server also says per station (canEdit).
  const mayManage = may('station:manage');

  const setFilters = (next: (current: ShiftFilters) => ShiftFilters) => list.setState((current) => ({ ...current, filters: next(current.filters), page: 1 }));
  const columns = useMemo(
    () => shiftSalesColumns({ t, format, sortOrderOf: list.sortOrderOf }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sortOrderOf follows list.state
    [t, format, list.state],
  );
  const lines = useMemo(() => shiftLines(data?.list ?? []), [data]);

  const onExport = () => {
    setExporting(true);
    SHIFT_REPORT.export!(exportQuery(list.state), `${t('route.title.pay_for_oil')}.xlsx`)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  const shiftsButton = mayManage ? (
    <Tooltip title={filters.stationId === undefined ? t('shiftSales.shifts.pickStation') : stationShifts.data && !stationShifts.data.canEdit ? t('shiftSales.shifts.notYours') : null}>
      <Button icon={<ClockCircleOutlined />} onClick={() => setEditing(true)} disabled={filters.stationId === undefined || !stationShifts.data?.canEdit} data-testid="shifts-open">
        {t('shiftSales.shifts.button')}
      </Button>
    </Tooltip>
  ) : null;

  return (
    <ListPage
      title={t('route.title.pay_for_oil')}
      search={{ placeholder: t(SHIFT_REPORT.search.placeholder), onSearch: list.setSearch, testId: SHIFT_REPORT.search.testId }}
      filters={<FilterBar fields={SHIFT_REPORT.filters} filters={filters} set={setFilters} />}
      actions={
        <>
          {shiftsButton}
          <Button icon={<ReloadOutlined />} onClick={() => void list.query.refetch()} aria-label={t('shiftSales.refresh')} />
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="shift-print">
            {t('shiftSales.print')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={onExport} loading={exporting} data-testid="shift-export">
            {t('list.action.export')}
          </Button>
        </>
      }
    >
      <p className="list-page__print-only">{t('shiftSales.printRange', { from: filters.fromDay, to: filters.toDay })}</p>
      {filters.stationId !== undefined && stationShifts.data ? (
        <p className="shift-config" data-testid="shift-config">
          <span>{t('shiftSales.shifts.current', { zone: stationShifts.data.timezone })}</span>{' '}
          {stationShifts.data.shifts.map((s) => (
            <span key={s.start} className="shift-config__item">
              <bdi>{s.name}</bdi> <span dir="ltr">{s.start}</span>
            </span>
          ))}
        </p>
      ) : null}
      {data ? <ShiftTotals totals={data.totals} format={format} /> : null}
      <DataTable<ShiftLine>
        rowKey="key"
        columns={columns}
        dataSource={lines}
        loading={list.tableProps.loading}
        pagination={list.tableProps.pagination}
        onChange={list.tableProps.onChange as unknown as TableProps<ShiftLine>['onChange']}
        expandable={{ expandedRowKeys: lines.map((l) => l.key), showExpandColumn: false }}
        rowClassName={(line) => (line.kind === 'shift' ? 'shift-row' : 'shift-row--tank')}
        size="middle"
        scroll={{ x: 'max-content' }}
        data-testid="shift-table"
      />
      {dialogWanted && filters.stationId !== undefined ? (
        <Suspense fallback={null}>
          <ShiftsDialog stationId={filters.stationId} stationName={stationShifts.data?.stationName ?? ''} open={editing} onClose={() => setEditing(false)} />
        </Suspense>
      ) : null}
    </ListPage>
  );
}
