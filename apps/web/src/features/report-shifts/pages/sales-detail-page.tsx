import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Select from 'antd/es/select';
import { DataTable } from '../../../components/data-table/data-table';
import ArrowLeftOutlined from '@ant-design/icons/es/icons/ArrowLeftOutlined';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import PrinterOutlined from '@ant-design/icons/es/icons/PrinterOutlined';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { SalesReadingRow } from '@ullage/contracts/shift-sales';
import { SALES_READING_SORT_FIELDS } from '@ullage/contracts/list-fields';
import { ListPage } from '../../../components/list-page/list-page';
import { useServerList } from '../../../components/list-page/use-server-list';
import { OrgTreeSelect } from '../../../components/report-filters/org-tree-select';
import { useStationTanks } from '../../../lib/station-tanks';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { shiftKeys } from '../api/keys';
import { exportSalesDetail, listSalesReadings, useSalesDetail } from '../api/sales-detail';
import { useStationShifts } from '../api/station-shifts';
import { SalesDetailSummary } from '../components/sales-detail-summary';
import { salesReadingColumns } from '../components/sales-reading-columns';
import { completeFigure, figureOfSearch, localDay, previousDay, SALES_DETAIL_PATH, type FigureKey } from '../shift-filters-state';
import '../shifts.css';
import { LazyDatePicker } from '../../../components/lazy-picker/lazy-picker';

type ReadingFilters = { stationId: number | undefined; tankId: number | undefined; day: string | undefined; shift: string | undefined };

/** The figure's parts as the URL says them, so the tag and a shared link show the same figure. */
function searchOf(key: Partial<FigureKey>): string {
  const params = new URLSearchParams();
  for (const name of ['stationId', 'tankId', 'day', 'shift'] as const) if (key[name] !== undefined) params.set(name, String(key[name]));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * sales_detail: the readings behind one figure of the shift page — one station, tank and shift —
 * so the arithmetic can be checked: the start and end readings, each delivery counted, and the
 * volume's movement reading by reading. Opened from a figure, or chosen here with the filters
 * (a station is enough: its first tank, yesterday and its first shift are taken until changed).
 */
export function Page() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const location = useLocation();
  const navigate = useNavigate();
  const onPage = location.pathname === SALES_DETAIL_PATH;
  const [picked, setPicked] = useState<Partial<FigureKey>>(() => (onPage ? figureOfSearch(location.search) : {}));
  const [seenSearch, setSeenSearch] = useState(onPage ? location.search : '');
  // A new link to this (kept-alive) page names another figure: take it.
  if (onPage && location.search !== seenSearch) {
    setSeenSearch(location.search);
    setPicked(figureOfSearch(location.search));
  }
  const pick = (next: Partial<FigureKey>) => {
    setPicked(next);
    const search = searchOf(next);
    setSeenSearch(search);
    void navigate(`${SALES_DETAIL_PATH}${search}`, { replace: true });
  };

  const tanks = useStationTanks(picked.stationId);
  const shifts = useStationShifts(picked.stationId);
  const key = completeFigure({
    stationId: picked.stationId,
    tankId: picked.tankId ?? tanks.data?.[0]?.id,
    day: picked.day ?? (picked.stationId === undefined ? undefined : previousDay(localDay(Date.now()))),
    shift: picked.shift ?? shifts.data?.shifts[0]?.start,
  });
  const detail = useSalesDetail(key);
  const readings = useServerList<SalesReadingRow, ReadingFilters>({
    queryKey: shiftKeys.readings,
    fetch: (query, signal) => (key ? listSalesReadings(key, query, signal) : Promise.resolve({ list: [], total: 0, page: 1, pageSize: query.pageSize })),
    filters: { stationId: key?.stationId, tankId: key?.tankId, day: key?.day, shift: key?.shift },
    sortFields: SALES_READING_SORT_FIELDS,
    showTotal: (total) => t('salesDetail.readingTotal', { count: total }),
  });
  // The readings follow the figure shown (the list state keeps its own copy of the filters).
  const figureText = JSON.stringify(key);
  const [listedFigure, setListedFigure] = useState(figureText);
  if (listedFigure !== figureText) {
    setListedFigure(figureText);
    readings.setState((current) => ({ ...current, page: 1, filters: { stationId: key?.stationId, tankId: key?.tankId, day: key?.day, shift: key?.shift } }));
  }

  const [exporting, setExporting] = useState(false);
  const columns = useMemo(
    () => (detail.data ? salesReadingColumns({ t, format, detail: detail.data, sortOrderOf: readings.sortOrderOf }) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sortOrderOf follows readings.state
    [t, format, detail.data, readings.state],
  );

  const onExport = () => {
    if (!key) return;
    setExporting(true);
    exportSalesDetail(key, `${t('route.title.sales_detail')}.xlsx`)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  return (
    <ListPage
      title={t('route.title.sales_detail')}
      filters={
        <>
          <OrgTreeSelect
            value={{ stationId: picked.stationId }}
            onChange={(org) => pick(org.stationId === picked.stationId ? picked : { stationId: org.stationId, day: picked.day })}
            testId="detail-filter-station"
          />
          <Select
            className="report-filter"
            value={key?.tankId ?? picked.tankId}
            onChange={(tankId: number) => pick({ ...picked, tankId })}
            options={(tanks.data ?? []).map((tank) => ({ value: tank.id, label: tank.productName ? `${tank.code} · \u2068${tank.productName}\u2069` : tank.code }))}
            placeholder={picked.stationId === undefined ? t('shiftSales.filter.tankPickStation') : t('shiftSales.filter.tank')}
            aria-label={t('shiftSales.filter.tank')}
            disabled={picked.stationId === undefined}
            data-testid="detail-filter-tank"
          />
          <LazyDatePicker
            className="report-filter"
            format="YYYY-MM-DD"
            value={key?.day ? dayjs(key.day, 'YYYY-MM-DD') : null}
            onChange={(value) => pick({ ...picked, day: value ? value.format('YYYY-MM-DD') : undefined })}
            placeholder={t('salesDetail.filter.day')}
            aria-label={t('salesDetail.filter.day')}
            disabled={picked.stationId === undefined}
            allowClear={false}
            data-testid="detail-filter-day"
          />
          <Select
            className="report-filter"
            value={key?.shift ?? picked.shift}
            onChange={(shift: string) => pick({ ...picked, shift })}
            options={(shifts.data?.shifts ?? []).map((s) => ({ value: s.start, label: `\u2068${s.name}\u2069 · ${s.start}` }))}
            placeholder={t('salesDetail.filter.shift')}
            aria-label={t('salesDetail.filter.shift')}
            disabled={picked.stationId === undefined}
            popupMatchSelectWidth={false}
            data-testid="detail-filter-shift"
          />
        </>
      }
      actions={
        <>
          <Link to="/pay_for_oil">
            <Button icon={<ArrowLeftOutlined className="detail-back-icon" />}>{t('route.title.pay_for_oil')}</Button>
          </Link>
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!detail.data} data-testid="detail-print">
            {t('shiftSales.print')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={onExport} loading={exporting} disabled={!detail.data} data-testid="detail-export">
            {t('list.action.export')}
          </Button>
        </>
      }
    >
      {!key ? (
        <Empty className="detail-empty" description={t('salesDetail.pick')} data-testid="detail-empty" />
      ) : detail.data ? (
        <>
          <SalesDetailSummary detail={detail.data} format={format} />
          <h2 className="detail-heading">{t('salesDetail.readings.title', { count: detail.data.readingCount })}</h2>
          <DataTable<SalesReadingRow>
            {...readings.tableProps}
            columns={columns}
            rowClassName={(row) => (row.role ? 'detail-reading--edge' : row.inDelivery ? 'detail-reading--delivery' : '')}
            size="small"
            scroll={{ x: 'max-content' }}
            data-testid="detail-readings"
          />
        </>
      ) : detail.isError ? (
        <Empty className="detail-empty" description={t('salesDetail.failed')} data-testid="detail-failed" />
      ) : (
        <DataTable<SalesReadingRow> loading columns={[]} dataSource={[]} size="small" />
      )}
    </ListPage>
  );
}

