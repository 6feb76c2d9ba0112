import { useMemo, useState, type HTMLAttributes } from 'react';
import Button from 'antd/es/button';
import { DataTable } from '../../../components/data-table/data-table';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import PrinterOutlined from '@ant-design/icons/es/icons/PrinterOutlined';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import { useTranslation } from 'react-i18next';
import type { DeliveryRow } from '@ullage/contracts/delivery-report';
import { DELIVERY_SORT_FIELDS } from '@ullage/contracts/list-fields';
import { lazyWhenOpen } from '../../../components/lazy-dialog';
import { ListPage } from '../../../components/list-page/list-page';
import { exportQuery } from '../../../components/list-page/list-query';
import { useServerList } from '../../../components/list-page/use-server-list';
import { FilterBar } from '../../../components/report-filters/filter-bar';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import type { DeliveryList } from '../api/deliveries';
import { deliveryColumns } from '../components/delivery-columns';
import { useMay } from '../../../lib/use-may';
import type { DeliveryFilters } from '../delivery-filters-state';
import { DELIVERY_REPORT } from '../delivery-report';
// The bar's tank and range, which the declaration fetches lazily (for the phone page), come with this page: the bar draws them at once.
import '../components/delivery-filter-controls';
import '../delivery.css';

// The ticket form is fetched when a ticket is first opened: most visits only read the list (DESIGN.md §8 route budget).
const TicketModal = lazyWhenOpen(() => import('../components/later-parts').then((m) => m.loadTicketModal()), (props) => props.row !== null);

/**
 * delivery (spec §2 /Data): deliveries detected from the level and those gauges reported, each
 * delivered volume (the rise plus the sales during the drop, issue 34) beside its tanker ticket
 * (issue 23) with the difference flagged over the company's tolerance;
 * station and company users enter tickets here. Filter, page, sort, export, print.
 */
export function Page() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const list = useServerList<DeliveryRow, DeliveryFilters>({
    queryKey: DELIVERY_REPORT.list.key,
    fetch: DELIVERY_REPORT.list.fetch,
    filters: DELIVERY_REPORT.initialFilters(),
    sortFields: DELIVERY_SORT_FIELDS,
    showTotal: (total) => t('list.total', { total }),
  });
  const [exporting, setExporting] = useState(false);
  const [ticketed, setTicketed] = useState<DeliveryRow | null>(null);
  // `delivery:ticket` of the role table: not for station attendants.
  const mayTicket = useMay()('delivery:ticket');
  const totals = (list.query.data as DeliveryList | undefined)?.totals;
  const rows = list.query.data?.list ?? [];
  // Totals are shown in the page's unit when every delivery on it reads the same; litres otherwise.
  const unit = rows.length > 0 && rows.every((r) => r.volumeUnit === rows[0]!.volumeUnit) ? rows[0]!.volumeUnit : 1;

  const setFilters = (next: (current: DeliveryFilters) => DeliveryFilters) => list.setState((current) => ({ ...current, filters: next(current.filters), page: 1 }));
  const columns = useMemo(
    () => deliveryColumns({ t, format, sortOrderOf: list.sortOrderOf, onTicket: mayTicket ? setTicketed : undefined }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sortOrderOf follows list.state
    [t, format, list.state, mayTicket],
  );
  const { from, to } = list.state.filters;

  const onExport = () => {
    setExporting(true);
    DELIVERY_REPORT.export!(exportQuery(list.state), `${t('route.title.delivery')}.xlsx`)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  return (
    <ListPage
      title={t('route.title.delivery')}
      search={{ placeholder: t(DELIVERY_REPORT.search.placeholder), onSearch: list.setSearch, testId: DELIVERY_REPORT.search.testId }}
      filters={<FilterBar fields={DELIVERY_REPORT.filters} filters={list.state.filters} set={setFilters} />}
      actions={
        <>
          <Button icon={<ReloadOutlined />} onClick={() => void list.query.refetch()} aria-label={t('delivery.refresh')} />
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="delivery-print">
            {t('delivery.print')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={onExport} loading={exporting} data-testid="delivery-export">
            {t('list.action.export')}
          </Button>
        </>
      }
    >
      <p className="list-page__print-only">
        {from && to ? t('delivery.printRange', { from: format.dateTime(from), to: format.dateTime(to) }) : null}
      </p>
      {totals ? (
        <dl className="delivery-totals" data-testid="delivery-totals">
          <div>
            <dt>{t('delivery.totals.count')}</dt>
            <dd>{format.count(totals.count)}</dd>
          </div>
          <div>
            <dt>{t('delivery.totals.delivered')}</dt>
            <dd>{format.volume(totals.deliveredL, unit)}</dd>
          </div>
          <div>
            <dt>{t('delivery.totals.salesDuring')}</dt>
            <dd data-testid="delivery-totals-sales-during">{format.volume(totals.salesDuringL, unit)}</dd>
          </div>
          <div>
            <dt>{t('delivery.totals.deliveredTc')}</dt>
            <dd>{format.volume(totals.deliveredTcL, unit)}</dd>
          </div>
        </dl>
      ) : null}
      <DataTable<DeliveryRow>
        {...list.tableProps}
        className="delivery-table list-page__print-fit"
        columns={columns}
        size="middle"
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ 'data-flagged': row.ticketFlagged }) as HTMLAttributes<HTMLElement>}
        data-testid="delivery-table"
      />
      <TicketModal row={ticketed} format={format} onClose={() => setTicketed(null)} />
    </ListPage>
  );
}
