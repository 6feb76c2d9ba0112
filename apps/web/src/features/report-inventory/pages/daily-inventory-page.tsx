import { useMemo, useState } from 'react';
import Button from 'antd/es/button';
import { DataTable } from '../../../components/data-table/data-table';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import PrinterOutlined from '@ant-design/icons/es/icons/PrinterOutlined';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import { useTranslation } from 'react-i18next';
import type { DailyInventoryList, DailyInventoryRow } from '@ullage/contracts/inventory-report';
import { DAILY_SORT_FIELDS } from '@ullage/contracts/list-fields';
import type { PageProps } from '../../../app/route-types';
import { ListPage } from '../../../components/list-page/list-page';
import { exportQuery } from '../../../components/list-page/list-query';
import { useServerList } from '../../../components/list-page/use-server-list';
import { useAddressFilters } from '../../../components/list-page/use-address-filters';
import { FilterBar } from '../../../components/report-filters/filter-bar';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { dailyColumns } from '../components/daily-columns';
import { DailyDetail } from '../components/daily-detail';
import { dailyFiltersOfSearch, type DailyFilters } from '../../../components/report-filters/report-filters-state';
import { DAILY_REPORT } from '../inventory-report';
import { ltr } from '../../../lib/report-format';
import '../../../components/report-filters/report-filters.css';
import '../inventory.css';

/**
 * abnormal_can (spec §2 /Analysis, §9): per tank and station day, the start and end volumes,
 * deliveries and sales, and why a day is abnormal (a late start, an early end, gaps over 15
 * minutes — listed under the row). Filter, page, sort, export, print.
 */
export function Page({ route }: PageProps) {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const list = useServerList<DailyInventoryRow, DailyFilters>({
    queryKey: DAILY_REPORT.list.key,
    fetch: DAILY_REPORT.list.fetch,
    filters: DAILY_REPORT.initialFilters(),
    sortFields: DAILY_SORT_FIELDS,
    showTotal: (total) => t('list.total', { total }),
  });
  const [exporting, setExporting] = useState(false);
  const data = list.query.data as DailyInventoryList | undefined;
  const setFilters = (next: (current: DailyFilters) => DailyFilters) => list.setState((current) => ({ ...current, filters: next(current.filters), page: 1 }));

  // A monthly row's abnormal days link here with the tank and the month in the address.
  useAddressFilters(route.path, list.setState, dailyFiltersOfSearch);

  const columns = useMemo(
    () => dailyColumns({ t, format, sortOrderOf: list.sortOrderOf }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sortOrderOf follows list.state
    [t, format, list.state],
  );
  const { fromDay, toDay } = list.state.filters;

  const onExport = () => {
    setExporting(true);
    DAILY_REPORT.export!(exportQuery(list.state), `${t('route.title.abnormal_can')}.xlsx`)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  return (
    <ListPage
      title={t('route.title.abnormal_can')}
      search={{ placeholder: t(DAILY_REPORT.search.placeholder), onSearch: list.setSearch, testId: DAILY_REPORT.search.testId }}
      filters={<FilterBar fields={DAILY_REPORT.filters} filters={list.state.filters} set={setFilters} />}
      actions={
        <>
          <Button icon={<ReloadOutlined />} onClick={() => void list.query.refetch()} aria-label={t('inventory.refresh')} />
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="daily-print">
            {t('inventory.print')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={onExport} loading={exporting} data-testid="daily-export">
            {t('list.action.export')}
          </Button>
        </>
      }
    >
      <p className="list-page__print-only">{t('inventory.printDays', { from: ltr(fromDay), to: ltr(toDay) })}</p>
      <div className="inventory-summary">
        {data ? (
          <p data-testid="daily-summary">
            <strong>{t('inventory.summary.days', { abnormal: format.count(data.abnormalCount), all: format.count(data.allCount), count: data.allCount })}</strong>
          </p>
        ) : null}
        <p className="inventory-legend">{t('inventory.legend.daily')}</p>
      </div>
      <DataTable<DailyInventoryRow>
        {...list.tableProps}
        columns={columns}
        size="middle"
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowRender: (row) => <DailyDetail row={row} t={t} />, rowExpandable: (row) => row.abnormal || row.inProgress }}
        rowClassName={(row) => (row.abnormal ? 'inventory-row--abnormal' : '')}
        data-testid="daily-table"
      />
    </ListPage>
  );
}
