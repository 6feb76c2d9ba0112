import { useMemo, useState } from 'react';
import Button from 'antd/es/button';
import { DataTable } from '../../../components/data-table/data-table';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import PrinterOutlined from '@ant-design/icons/es/icons/PrinterOutlined';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { MonthlyInventoryList, MonthlyInventoryRow } from '@ullage/contracts/inventory-report';
import { MONTHLY_SORT_FIELDS } from '@ullage/contracts/list-fields';
import { ListPage } from '../../../components/list-page/list-page';
import { exportQuery } from '../../../components/list-page/list-query';
import { useServerList } from '../../../components/list-page/use-server-list';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { exportMonthlyInventory, inventoryKeys, listMonthlyInventory } from '../api/inventory-reports';
import { InventoryFiltersBar } from '../components/inventory-filters-bar';
import { monthlyColumns } from '../components/monthly-columns';
import { initialMonthlyFilters, MONTHLY_MAX_MONTHS, monthsApart, withMonths, withOrgPick, type MonthlyFilters } from '../../../components/report-filters/report-filters-state';
import { ltr } from '../../../lib/report-format';
import '../../../components/report-filters/report-filters.css';
import '../inventory.css';
import { LazyRangePicker } from '../../../components/lazy-picker/lazy-picker';

const MONTH = 'YYYY-MM';

/**
 * Monthly (spec §2 /Analysis): per tank and station-local month, the opening and closing
 * volumes, deliveries, sales, days with abnormal data (a link to those days), and the
 * book-versus-measured variance, explained beside the table. Filter, page, sort, export, print.
 */
export function Page() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const list = useServerList<MonthlyInventoryRow, MonthlyFilters>({
    queryKey: inventoryKeys.monthly,
    fetch: listMonthlyInventory,
    filters: initialMonthlyFilters(),
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
    exportMonthlyInventory(exportQuery(list.state), `${t('route.title.Monthly')}.xlsx`)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  return (
    <ListPage
      title={t('route.title.Monthly')}
      search={{ placeholder: t('inventory.search'), onSearch: list.setSearch, testId: 'monthly-search' }}
      filters={
        <InventoryFiltersBar
          filters={list.state.filters}
          testId="monthly-filter"
          abnormalLabel={t('inventory.filter.abnormalMonths')}
          onOrgPick={(pick) => setFilters((current) => withOrgPick(current, pick))}
          onFilter={(key, value) => setFilters((current) => ({ ...current, [key]: value }))}
          period={
            <LazyRangePicker
              picker="month"
              className="report-filter inventory-filter-months"
              format={MONTH}
              value={[dayjs(`${fromMonth}-01`), dayjs(`${toMonth}-01`)]}
              allowClear={false}
              disabledDate={(current, info) => (info.from ? monthsApart(info.from.format(MONTH), current.format(MONTH)) > MONTHLY_MAX_MONTHS : false)}
              onChange={(values) => setFilters((current) => withMonths(current, values && values[0] && values[1] ? [values[0].format(MONTH), values[1].format(MONTH)] : null))}
              placeholder={[t('inventory.filter.fromMonth'), t('inventory.filter.toMonth')]}
              aria-label={t('inventory.filter.months')}
              data-testid="monthly-filter-months"
            />
          }
        />
      }
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
