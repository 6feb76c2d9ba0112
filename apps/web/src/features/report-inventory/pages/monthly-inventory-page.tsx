import { useMemo, useState } from 'react';
import Button from 'antd/es/button';
import { DataTable } from '../../../components/data-table/data-table';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import PrinterOutlined from '@ant-design/icons/es/icons/PrinterOutlined';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import { useTranslation } from 'react-i18next';
import type { MonthlyInventoryList, MonthlyInventoryRow } from '@ullage/contracts/inventory-report';
import { MONTHLY_SORT_FIELDS } from '@ullage/contracts/list-fields';
import { ListPage } from '../../../components/list-page/list-page';
import { exportQuery } from '../../../components/list-page/list-query';
import { useServerList } from '../../../components/list-page/use-server-list';
import { FilterBar } from '../../../components/report-filters/filter-bar';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { monthlyColumns } from '../components/monthly-columns';
import type { MonthlyFilters } from '../../../components/report-filters/report-filters-state';
import { MONTHLY_REPORT } from '../inventory-report';
import { ltr } from '../../../lib/report-format';
import '../../../components/report-filters/report-filters.css';
import '../inventory.css';

/**
 * Monthly (spec §2 /Analysis): per tank and station-local month, the opening and closing
 * volumes, deliveries, sales, days with abnormal data (a link to those days), and the
 * book-versus-measured variance, explained beside the table. Filter, page, sort, export, print.
 */
export function Page() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const list = useServerList<MonthlyInventoryRow, MonthlyFilters>({
    queryKey: MONTHLY_REPORT.list.key,
    fetch: MONTHLY_REPORT.list.fetch,
    filters: MONTHLY_REPORT.initialFilters(),
    sortFields: MONTHLY_SORT_FIELDS,
    showTotal: (total) => t('list.total', { total }),
  });
  const [exporting, setExporting] = useState(false);
  const data = list.query.data as MonthlyInventoryList | undefined;
  const setFilters = (next: (current: MonthlyFilters) => MonthlyFilters) => list.setState((current) => ({ ...current, filters: next(current.filters), page: 1 }));
  // Metered sales (issue 23) get their column only when the page shows a tank that has them.
  const metered = (data?.list ?? []).some((row) => row.salesSource === 'metered');
  const columns = useMemo(
    () => monthlyColumns({ t, format, sortOrderOf: list.sortOrderOf, metered }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sortOrderOf follows list.state
    [t, format, list.state, metered],
  );
  const { fromMonth, toMonth } = list.state.filters;

  const onExport = () => {
    setExporting(true);
    MONTHLY_REPORT.export!(exportQuery(list.state), `${t('route.title.Monthly')}.xlsx`)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  return (
    <ListPage
      title={t('route.title.Monthly')}
      search={{ placeholder: t(MONTHLY_REPORT.search.placeholder), onSearch: list.setSearch, testId: MONTHLY_REPORT.search.testId }}
      filters={<FilterBar fields={MONTHLY_REPORT.filters} filters={list.state.filters} set={setFilters} />}
      actions={
        <>
          <Button icon={<ReloadOutlined />} onClick={() => void list.query.refetch()} aria-label={t('inventory.refresh')} />
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="monthly-print">
            {t('inventory.print')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={onExport} loading={exporting} data-testid="monthly-export">
            {t('list.action.export')}
          </Button>
        </>
      }
    >
      <p className="list-page__print-only">{t('inventory.printMonths', { from: ltr(fromMonth), to: ltr(toMonth) })}</p>
      <div className="inventory-summary">
        {data ? (
          <p data-testid="monthly-summary">
            <strong>{t('inventory.summary.months', { abnormal: format.count(data.abnormalCount), all: format.count(data.allCount), count: data.allCount })}</strong>
          </p>
        ) : null}
        <dl className="inventory-legend inventory-legend--terms" data-testid="monthly-legend">
          <div>
            <dt>{t('inventory.column.bookClosing')}</dt>
            <dd>{t('inventory.legend.bookClosing')}</dd>
          </div>
          <div>
            <dt>{t('inventory.column.variance')}</dt>
            <dd>{t('inventory.legend.variance')}</dd>
          </div>
          {metered ? (
            <div data-testid="monthly-legend-metered">
              <dt>{t('reconciliation.monthly.meteredSales')}</dt>
              <dd>{t('reconciliation.monthly.legend')}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      <DataTable<MonthlyInventoryRow> {...list.tableProps} columns={columns} size="middle" scroll={{ x: 'max-content' }} data-testid="monthly-table" />
    </ListPage>
  );
}
