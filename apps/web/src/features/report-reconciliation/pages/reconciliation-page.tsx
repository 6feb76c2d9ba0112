import { lazy, Suspense, useMemo, useState, type HTMLAttributes } from 'react';
import dayjs from 'dayjs';
import Button from 'antd/es/button';
import { DataTable } from '../../../components/data-table/data-table';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import PrinterOutlined from '@ant-design/icons/es/icons/PrinterOutlined';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import { useTranslation } from 'react-i18next';
import { RECONCILIATION_SORT_FIELDS } from '@ullage/contracts/list-fields';
import type { ReconciliationRow } from '@ullage/contracts/reconciliation';
import type { PageProps } from '../../../app/route-types';
import { LazyDatePicker } from '../../../components/lazy-picker/lazy-picker';
import { ListPage } from '../../../components/list-page/list-page';
import { ViewTabs } from '../../../components/view-tabs';
import { exportQuery } from '../../../components/list-page/list-query';
import { useAddressFilters } from '../../../components/list-page/use-address-filters';
import { useServerList } from '../../../components/list-page/use-server-list';
import { FilterBar } from '../../../components/report-filters/filter-bar';
import { SegmentedChoice } from '../../../components/segmented-choice';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { ltr } from '../../../lib/report-format';
import { CHART_PAGE_SIZE, useReconciliationChart } from '../api/reconciliation-chart';
import { RULE_PAGE_SIZE, useReconciliationMonthly } from '../api/reconciliation-monthly';
import { reconciliationColumns } from '../components/reconciliation-columns';
import { BASIS_KEYS, FIGURES_BASES, reconciliationFiltersOfSearch, ruleMonthOf, type FiguresBasis, type ReconciliationFilters } from '../reconciliation-filters-state';
import { RECONCILIATION_REPORT } from '../reconciliation-report';
import { placeQueryOf } from '../api/place-query';
import '../../../components/report-filters/report-filters.css';
import '../reconciliation.css';

// The chart and rule tabs are fetched when first shown: the page opens on the periods (DESIGN.md §8 route budget).
const laterParts = () => import('../components/later-parts');
const VarianceCharts = lazy(() => laterParts().then((m) => m.loadVarianceCharts()).then((component) => ({ default: component })));
const MonthlyRuleTable = lazy(() => laterParts().then((m) => m.loadMonthlyRuleTable()).then((component) => ({ default: component })));

type View = 'periods' | 'chart' | 'rule';

/**
 * reconciliation (issue 23, /Analysis): per tank (or manifolded group) and station day or
 * shift, the gauge against the pumps and the tankers — opening, deliveries gauged and
 * ticketed, sales, book and gauged closing, variance and its month-to-date sum — gross or
 * compensated; a cumulative-variance chart per tank inside the monthly rule's band; the rule's
 * result per tank and month. Filter, page, sort, export, print.
 */
export function Page({ route }: PageProps) {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const list = useServerList<ReconciliationRow, ReconciliationFilters>({
    queryKey: RECONCILIATION_REPORT.list.key,
    fetch: RECONCILIATION_REPORT.list.fetch,
    filters: RECONCILIATION_REPORT.initialFilters(),
    sortFields: RECONCILIATION_SORT_FIELDS,
    showTotal: (total) => t('list.total', { total }),
  });
  const [basis, setBasis] = useState<FiguresBasis>('gross');
  const [view, setView] = useState<View>('periods');
  const [ruleMonth, setRuleMonth] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const { filters } = list.state;
  const setFilters = (next: (current: ReconciliationFilters) => ReconciliationFilters) => list.setState((current) => ({ ...current, filters: next(current.filters), page: 1 }));

  // Other pages link here with a station, a tank and days in the address.
  useAddressFilters(route.path, list.setState, reconciliationFiltersOfSearch);

  // Each tab pages by place; a new place, days or month starts again at its first page.
  const month = ruleMonth ?? ruleMonthOf(filters);
  const [chartPage, setChartPage] = usePageOf(JSON.stringify([filters.fromDay, filters.toDay, placeQueryOf(filters)]));
  const [rulePage, setRulePage] = usePageOf(JSON.stringify([month, placeQueryOf(filters)]));
  const chart = useReconciliationChart(filters, chartPage, view === 'chart');
  const monthly = useReconciliationMonthly(filters, month, rulePage, view === 'rule');

  const columns = useMemo(
    () => reconciliationColumns({ t, format, sortOrderOf: list.sortOrderOf, basis }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sortOrderOf follows list.state
    [t, format, list.state, basis],
  );

  const onExport = () => {
    setExporting(true);
    RECONCILIATION_REPORT.export!(exportQuery(list.state), `${t('route.title.reconciliation')}.xlsx`)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  return (
    <ListPage
      title={t('route.title.reconciliation')}
      search={{ placeholder: t(RECONCILIATION_REPORT.search.placeholder), onSearch: list.setSearch, testId: RECONCILIATION_REPORT.search.testId }}
      filters={
        <>
          <FilterBar fields={RECONCILIATION_REPORT.filters} filters={filters} set={setFilters} />
          <SegmentedChoice<FiguresBasis>
            value={basis}
            onChange={setBasis}
            options={FIGURES_BASES.map((b) => ({ value: b, label: t(BASIS_KEYS[b]) }))}
            aria-label={t('reconciliation.filter.basis')}
            data-testid="recon-filter-basis"
          />
        </>
      }
      actions={
        <>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              void list.query.refetch();
              if (view === 'chart') void chart.refetch();
              if (view === 'rule') void monthly.refetch();
            }}
            aria-label={t('reconciliation.refresh')}
          />
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="recon-print">
            {t('reconciliation.print')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={onExport} loading={exporting} data-testid="recon-export">
            {t('list.action.export')}
          </Button>
        </>
      }
    >
      <p className="list-page__print-only">{t('reconciliation.printDays', { from: ltr(filters.fromDay), to: ltr(filters.toDay), basis: t(BASIS_KEYS[basis]) })}</p>
      <ViewTabs<View>
        activeKey={view}
        onChange={setView}
        className="recon-tabs"
        items={[
          {
            key: 'periods',
            label: t('reconciliation.view.periods'),
            children: (
              <>
                <p className="list-page__muted recon-note">{t('reconciliation.note')}</p>
                <DataTable<ReconciliationRow>
                  {...list.tableProps}
                  className="recon-table list-page__print-fit"
                  columns={columns}
                  size="middle"
                  scroll={{ x: 'max-content' }}
                  rowClassName={(row) => `recon-row recon-row--${row.salesSource}`}
                  onRow={(row) => ({ 'data-day': row.day, 'data-tank': row.tankCode, 'data-source': row.salesSource }) as HTMLAttributes<HTMLElement>}
                  data-testid="recon-table"
                />
              </>
            ),
          },
          {
            key: 'chart',
            label: t('reconciliation.view.chart'),
            children: (
              <Suspense fallback={null}>
                <VarianceCharts
                  series={chart.data?.series}
                  total={chart.data?.total ?? 0}
                  page={chartPage}
                  pageSize={CHART_PAGE_SIZE}
                  onPage={setChartPage}
                  loading={chart.isLoading}
                  failed={chart.isError}
                  onRetry={() => void chart.refetch()}
                  fromDay={filters.fromDay}
                  toDay={filters.toDay}
                  format={format}
                />
              </Suspense>
            ),
          },
          {
            key: 'rule',
            label: t('reconciliation.view.rule'),
            children: (
              <>
                <div className="recon-rule-head">
                  <LazyDatePicker
                    picker="month"
                    value={dayjs(`${month}-01`)}
                    allowClear={false}
                    disabledDate={(current) => current.format('YYYY-MM') > dayjs().format('YYYY-MM')}
                    onChange={(value) => {
                      if (value) setRuleMonth(value.format('YYYY-MM'));
                    }}
                    aria-label={t('reconciliation.rule.month')}
                    data-testid="recon-rule-month"
                  />
                  <p className="list-page__muted recon-note">{t('reconciliation.rule.note')}</p>
                </div>
                <Suspense fallback={null}>
                  <MonthlyRuleTable
                    rows={monthly.data?.list ?? []}
                    total={monthly.data?.total ?? 0}
                    page={rulePage}
                    pageSize={RULE_PAGE_SIZE}
                    onPage={setRulePage}
                    loading={monthly.isFetching}
                    format={format}
                  />
                </Suspense>
              </>
            ),
          },
        ]}
      />
    </ListPage>
  );
}

/** A page number that starts again at 1 whenever `of` (what is paged) changes. */
function usePageOf(of: string): [number, (page: number) => void] {
  const [paging, setPaging] = useState({ of, page: 1 });
  return [paging.of === of ? paging.page : 1, (page) => setPaging({ of, page })];
}
