import { lazy, Suspense, useMemo, useState } from 'react';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Radio from 'antd/es/radio';
import { DataTable } from '../../../components/data-table/data-table';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import PrinterOutlined from '@ant-design/icons/es/icons/PrinterOutlined';
import { useTranslation } from 'react-i18next';
import type { HistoryList, HistoryReading } from '@ullage/contracts/history';
import { HISTORY_SORT_FIELDS } from '@ullage/contracts/list-fields';
import { ListPage } from '../../../components/list-page/list-page';
import type { ListParams } from '../../../components/list-page/list-query';
import { useServerList } from '../../../components/list-page/use-server-list';
import { stationDateTime } from '../../../lib/station-time';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { exportHistory, historyKeys, listHistory, TREND_SPANS, useHistorySeries, useHistoryTrend, type TrendSpan } from '../api/history';
import { bucketNote } from '../bucket-note';
import { historyColumns } from '../components/history-columns';
import { HistoryFormBar, HistoryProblems } from '../components/history-form';
import { checkHistoryForm, initialHistoryForm, type FormCheck, type HistoryAsk, type HistoryForm } from '../history-form-state';
import '../history.css';

/** The chart's code is loaded with the first trend drawn, in a chunk of its own. */
const TrendChart = lazy(() => import('../components/trend-chart').then((module) => ({ default: module.TrendChart })));

type AskFilters = { stationId: number | undefined; tankId: number | undefined; from: string | undefined; to: string | undefined };
const NO_ASK: AskFilters = { stationId: undefined, tankId: undefined, from: undefined, to: undefined };

/** Nothing is asked of the server until the form passes spec §5's rules. */
function fetchPage(query: ListParams, signal: AbortSignal): Promise<HistoryList> {
  if (query.tankId === undefined) return Promise.resolve({ list: [], total: 0, page: 1, pageSize: query.pageSize, tank: undefined as never });
  return listHistory(query, signal);
}

/** The chart's room, kept while its code or data loads (the navigation bar shows progress, not a spinner). */
function ChartPlaceholder() {
  const { t } = useTranslation();
  return (
    <div className="history-chart history-chart--loading" aria-busy="true">
      {t('common.loading')}
    </div>
  );
}

/**
 * history_can_save (spec §2 /Data): one tank's readings over at most 11 days, as a trend chart
 * and a table; export, print. The chart can also span 90 days to 2 years up to the range's end
 * (issue 21: read from the summaries).
 */
export function Page() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const [form, setForm] = useState<HistoryForm>(() => initialHistoryForm());
  const [check, setCheck] = useState<FormCheck | null>(null);
  const [ask, setAsk] = useState<HistoryAsk | null>(null);
  const list = useServerList<HistoryReading, AskFilters>({
    queryKey: historyKeys.list,
    fetch: fetchPage,
    filters: NO_ASK,
    sortFields: HISTORY_SORT_FIELDS,
    showTotal: (total) => t('list.total', { total }),
  });
  const [span, setSpan] = useState<TrendSpan>(0);
  const asked = useHistorySeries(ask);
  const trend = useHistoryTrend(ask, span);
  // The chart draws the asked range, or a longer span ending with it; the table keeps the asked range.
  const series = span === 0 ? asked : trend;
  const [exporting, setExporting] = useState(false);
  const tank = (list.query.data as HistoryList | undefined)?.tank ?? asked.data?.tank;
  const columns = useMemo(
    () => historyColumns({ t, format, tank, sortOrderOf: list.sortOrderOf }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sortOrderOf follows list.state
    [t, format, tank, list.state],
  );

  const onSubmit = () => {
    const next = checkHistoryForm(form);
    setCheck(next);
    if (!next.ask) return;
    // Asking the same again is asking for what has come in since.
    if (ask && JSON.stringify(ask) === JSON.stringify(next.ask)) {
      void asked.refetch();
      if (span > 0) void trend.refetch();
      void list.query.refetch();
      return;
    }
    setAsk(next.ask);
    list.setState((current) => ({ ...current, page: 1, filters: { ...next.ask! } }));
  };
  const onForm = (next: HistoryForm) => {
    setForm(next);
    // A problem shown stays until the user asks again, but one they have just fixed goes.
    if (check) setCheck({ ...checkHistoryForm(next), ask: null });
  };
  const onExport = () => {
    if (!ask) return;
    setExporting(true);
    exportHistory(ask, `${t('route.title.history_can_save')}.xlsx`)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  const note = series.data ? bucketNote(series.data.bucketSeconds) : null;
  const spanLabel = (days: TrendSpan) => (days === 0 ? t('history.chart.spanAsked') : t(`history.chart.span${days}`));
  return (
    <ListPage
      title={t('route.title.history_can_save')}
      filters={<HistoryFormBar form={form} onChange={onForm} check={check} onSubmit={onSubmit} loading={list.query.isFetching || series.isFetching} />}
      actions={
        <>
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!ask} data-testid="history-print">
            {t('history.print')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={onExport} loading={exporting} disabled={!ask} data-testid="history-export">
            {t('list.action.export')}
          </Button>
        </>
      }
    >
      <HistoryProblems check={check} />
      {ask && tank ? (
        <p className="history-subject" data-testid="history-subject">
          <bdi>{tank.stationName}</bdi> · <bdi>{t('history.tankLabel', { tank: tank.productName ? `${tank.tankCode} · ${tank.productName}` : tank.tankCode })}</bdi> ·{' '}
          <span dir="ltr">
            {stationDateTime(ask.from, tank.timezone)?.slice(0, 16)} → {stationDateTime(ask.to, tank.timezone)?.slice(0, 16)}
          </span>
          <span className="history-subject__zone"> ({tank.timezone})</span>
        </p>
      ) : null}
      {ask ? (
        <section className="history-trend" aria-label={t('history.chart.title')}>
          <div className="history-trend__span">
            <span id="history-span-label">{t('history.chart.span')}</span>
            <Radio.Group
              optionType="button"
              size="small"
              value={span}
              onChange={(event) => setSpan(event.target.value as TrendSpan)}
              aria-labelledby="history-span-label"
              data-testid="history-span"
              options={TREND_SPANS.map((days) => ({ value: days, label: spanLabel(days) }))}
            />
          </div>
          {span > 0 ? (
            <p className="history-trend__note" data-testid="history-span-note">
              {t('history.chart.spanNote', { span: spanLabel(span) })}
            </p>
          ) : null}
          {series.data && series.data.ts.length > 0 ? (
            <>
              <Suspense fallback={<ChartPlaceholder />}>
                <TrendChart series={series.data} format={format} />
              </Suspense>
              {note ? (
                <p className="history-trend__note" data-testid="history-bucket-note">
                  {t(note.key, { readings: format.count(series.data.readings), points: format.count(series.data.ts.length), size: format.count(note.size), count: note.size })}
                </p>
              ) : null}
            </>
          ) : series.isFetching ? (
            <ChartPlaceholder />
          ) : (
            <Empty description={t('history.chart.empty')} data-testid="history-chart-empty" />
          )}
        </section>
      ) : (
        <Empty className="history-start" description={t('history.start')} data-testid="history-start" />
      )}
      {ask ? <DataTable<HistoryReading> {...list.tableProps} columns={columns} size="small" scroll={{ x: 'max-content' }} data-testid="history-table" /> : null}
    </ListPage>
  );
}
