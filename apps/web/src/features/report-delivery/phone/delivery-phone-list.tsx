import { lazy, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { initialDeliveryFilters, type DeliveryFilters } from '../delivery-filters-state';
import { listDeliveries } from '../../../lib/phone-delivery-list';
import { MOBILE_KEY } from '../../../lib/mobile-keys';
import { DeliveryCard } from '../../../components/mobile/delivery-card';
import { DeliverySummary } from '../../../components/mobile/delivery-summary';
import { LoadMore } from '../../../components/mobile/load-more';
import { LoadState } from '../../../components/mobile/load-state';
import { drillHref } from '../../../lib/drill-place';
import { activeFilterCount, listQueryOf } from '../../../components/phone-report/filter-query';
import { FilterSheet } from '../../../components/phone-report/filter-sheet';

const PAGE_SIZE = 20;
// Fetched when the sheet first opens: the list shows sooner.
const DeliveryFilterFields = lazy(() => import('./delivery-filter-fields').then((m) => ({ default: m.DeliveryFilterFields })));

interface DeliveryPhoneListProps {
  /** The range to open on (from a drill-down page), else the desktop page's last 30 days. */
  initial: Partial<Pick<DeliveryFilters, 'from' | 'to'>>;
}

/**
 * The delivery records of `delivery` for a phone: the same endpoint, filters and totals
 * (organisation, tank, start range, recorded by, state, search), each delivery a card that
 * opens its details.
 */
export function DeliveryPhoneList({ initial }: DeliveryPhoneListProps) {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const [filters, setFilters] = useState<DeliveryFilters>(() => ({ ...initialDeliveryFilters(), ...(initial.from && initial.to ? initial : {}) }));
  const [q, setQ] = useState('');
  const query = listQueryOf(filters, q);
  const pages = useInfiniteQuery({
    queryKey: [...MOBILE_KEY, 'delivery-phone', query],
    queryFn: ({ pageParam, signal }) => listDeliveries({ ...query, page: pageParam, pageSize: PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.length * PAGE_SIZE < last.total ? all.length + 1 : undefined),
  });
  const first = pages.data?.pages[0];
  const rows = pages.data?.pages.flatMap((page) => page.list) ?? [];
  const unit = rows.length > 0 && rows.every((r) => r.volumeUnit === rows[0]!.volumeUnit) ? rows[0]!.volumeUnit : 1;

  return (
    <>
      <div className="m-toolbar m-toolbar--row">
        <Input.Search
          className="m-search"
          size="large"
          placeholder={t('delivery.search')}
          aria-label={t('delivery.search')}
          allowClear
          maxLength={100}
          onSearch={(value) => setQ(value.trim())}
          data-testid="delivery-search"
        />
        <FilterSheet count={activeFilterCount(filters)} onClear={() => setFilters({ ...initialDeliveryFilters(), from: undefined, to: undefined })}>
          <DeliveryFilterFields filters={filters} onChange={setFilters} />
        </FilterSheet>
      </div>
      <LoadState loading={pages.isLoading} failed={pages.isError} empty={rows.length === 0} emptyText={t('mobile.delivery.none')} onRetry={() => void pages.refetch()}>
        {first ? (
          <DeliverySummary sum={{ count: first.totals.count, deliveredL: first.totals.deliveredL, volumeUnit: unit, pending: 0 }} unit={unit} format={format} label={t('mobile.delivery.matching')} />
        ) : null}
        <div className="m-list" data-testid="delivery-list">
          {rows.map((row) => (
            <DeliveryCard
              key={row.id}
              row={row}
              format={format}
              showPlace
              href={drillHref('/deliveryDetail', { stationId: row.stationId, tankId: row.tankId, id: row.id, at: row.startedAt, from: filters.from, to: filters.to })}
            />
          ))}
        </div>
        <LoadMore shown={rows.length} total={first?.total ?? 0} hasMore={pages.hasNextPage} loading={pages.isFetchingNextPage} onMore={() => void pages.fetchNextPage()} />
      </LoadState>
    </>
  );
}
