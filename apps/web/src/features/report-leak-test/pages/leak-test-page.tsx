import { useMemo, useState, type HTMLAttributes } from 'react';
import Button from 'antd/es/button';
import { DataTable } from '../../../components/data-table/data-table';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import FileProtectOutlined from '@ant-design/icons/es/icons/FileProtectOutlined';
import PrinterOutlined from '@ant-design/icons/es/icons/PrinterOutlined';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import { useTranslation } from 'react-i18next';
import type { LeakTestRow } from '@ullage/contracts/leak-test';
import { LEAK_TEST_SORT_FIELDS } from '@ullage/contracts/list-fields';
import { LEAK_WINDOW_DAYS } from '@ullage/domain/leak-detection';
import type { PageProps } from '../../../app/route-types';
import { ListPage } from '../../../components/list-page/list-page';
import { exportQuery } from '../../../components/list-page/list-query';
import { lazyWhenOpen } from '../../../components/lazy-dialog';
import { useServerList } from '../../../components/list-page/use-server-list';
import { useAddressFilters } from '../../../components/list-page/use-address-filters';
import { ltr } from '../../../lib/report-format';
import { FilterBar } from '../../../components/report-filters/filter-bar';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { leakColumns } from '../components/leak-columns';
import { leakFiltersOfSearch, type LeakFilters } from '../leak-filters-state';
import { LEAK_REPORT } from '../leak-report';
import '../../../components/report-filters/report-filters.css';
import '../leak-test.css';

// Fetched when first opened: most visits only read the list (DESIGN.md §8 route budget).
const laterParts = () => import('../components/later-parts');
const LeakChartModal = lazyWhenOpen(() => laterParts().then((m) => m.loadLeakChartModal()), (props) => props.row !== null);
const ComplianceDialog = lazyWhenOpen(() => laterParts().then((m) => m.loadComplianceDialog()), (props) => props.open);

/**
 * leak_test (issue 22, /Analysis): per tank and station day, the leak test made from the
 * quiet periods of the 30 days ending with it — the estimated leak rate, the threshold, the
 * smallest rate the data could detect, and the result with its reason. Filter, page, sort,
 * export, print; a row opens the chart of its quiet periods; the monthly compliance record of
 * a station opens from here.
 */
export function Page({ route }: PageProps) {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const list = useServerList<LeakTestRow, LeakFilters>({
    queryKey: LEAK_REPORT.list.key,
    fetch: LEAK_REPORT.list.fetch,
    filters: LEAK_REPORT.initialFilters(),
    sortFields: LEAK_TEST_SORT_FIELDS,
    showTotal: (total) => t('list.total', { total }),
  });
  const [exporting, setExporting] = useState(false);
  const [charted, setCharted] = useState<LeakTestRow | null>(null);
  const [complianceOpen, setComplianceOpen] = useState(false);
  const setFilters = (next: (current: LeakFilters) => LeakFilters) => list.setState((current) => ({ ...current, filters: next(current.filters), page: 1 }));

  // Home and the station monitor link here with a station, a tank or a result in the address.
  useAddressFilters(route.path, list.setState, leakFiltersOfSearch);

  const columns = useMemo(
    () => leakColumns({ t, format, sortOrderOf: list.sortOrderOf, onChart: setCharted }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sortOrderOf follows list.state
    [t, format, list.state],
  );
  const { filters } = list.state;

  const onExport = () => {
    setExporting(true);
    LEAK_REPORT.export!(exportQuery(list.state), `${t('route.title.leak_test')}.xlsx`)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  return (
    <ListPage
      title={t('route.title.leak_test')}
      search={{ placeholder: t(LEAK_REPORT.search.placeholder), onSearch: list.setSearch, testId: LEAK_REPORT.search.testId }}
      filters={<FilterBar fields={LEAK_REPORT.filters} filters={filters} set={setFilters} />}
      actions={
        <>
          <Button icon={<ReloadOutlined />} onClick={() => void list.query.refetch()} aria-label={t('leakTest.refresh')} />
          <Button icon={<FileProtectOutlined />} onClick={() => setComplianceOpen(true)} data-testid="leak-compliance">
            {t('leakTest.compliance.open')}
          </Button>
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="leak-print">
            {t('leakTest.print')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={onExport} loading={exporting} data-testid="leak-export">
            {t('list.action.export')}
          </Button>
        </>
      }
    >
      <p className="list-page__print-only">{t('leakTest.printDays', { from: ltr(filters.from), to: ltr(filters.to) })}</p>
      <p className="list-page__muted leak-note">{t('leakTest.note', { days: LEAK_WINDOW_DAYS })}</p>
      <DataTable<LeakTestRow>
        {...list.tableProps}
        className="leak-table list-page__print-fit"
        columns={columns}
        size="middle"
        scroll={{ x: 'max-content' }}
        rowClassName={(row) => `leak-row leak-row--${row.result}`}
        onRow={(row) => ({ onClick: () => (row.quietPeriods > 0 ? setCharted(row) : undefined), 'data-day': row.day }) as HTMLAttributes<HTMLElement>}
        data-testid="leak-table"
      />
      <LeakChartModal row={charted} format={format} onClose={() => setCharted(null)} />
      <ComplianceDialog
        open={complianceOpen}
        org={{ distributorId: filters.distributorId, companyId: filters.companyId, stationId: filters.stationId }}
        onClose={() => setComplianceOpen(false)}
      />
    </ListPage>
  );
}
