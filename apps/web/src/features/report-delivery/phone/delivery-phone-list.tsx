import { lazy, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import type { DeliveryFilters } from '../delivery-filters-state';
import { DELIVERY_REPORT } from '../delivery-report';
import { listDeliveries } from '../../../lib/phone-delivery-list';
import { MOBILE_KEY } from '../../../lib/mobile-keys';
import { DeliveryCard } from '../../../components/mobile/delivery-card';
import { DeliverySummary } from '../../../components/mobile/delivery-summary';
import { PhoneListBody } from '../../../components/phone-report/phone-list-body';
import { drillHref } from '../../../lib/drill-place';
import { activeFilterCount, listQueryOf } from '../../../components/phone-report/filter-query';
import { FilterSheet } from '../../../components/phone-report/filter-sheet';
import { SearchBox } from '../../../components/phone-report/search-box';

const PAGE_SIZE = 20;
// Fetched when the sheet first opens, the tank and range fields with them (not after them): the list shows sooner.
const PhoneFilterFields = lazy(() =>
  Promise.all([import('../../../components/phone-report/phone-filter-fields'), import('./delivery-filter-controls')]).then(([m]) => ({ default: m.PhoneFilterFields<DeliveryFilters> })),
);

interface DeliveryPhoneListProps {
  /** The range to open on (from a drill-down page), else the desktop page's last 30 days. */
  initial: Partial<Pick<DeliveryFilters, 'from' | 'to'>>;
}

/**
 * The delivery records of `delivery` for a phone: the declared filters and search
 * (delivery-report.tsx), the same endpoint and totals, each delivery a card that opens its
 * details. Its own list rather than a PhoneReportList: the totals head the cards, the cards link
 * to the drill-down pages, and the list is read as the drill-down pages read it (quiet offline).
 */
export function DeliveryPhoneList({ initial }: DeliveryPhoneListProps) {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const [filters, setFilters] = useState<DeliveryFilters>(() => ({ ...DELIVERY_REPORT.initialFilters(), ...(initial.from && initial.to ? initial : {}) }));
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
        <SearchBox placeholder={t(DELIVERY_REPORT.search.placeholder)} onSearch={setQ} testId={DELIVERY_REPORT.search.testId} />
        <FilterSheet count={activeFilterCount(filters)} onClear={() => setFilters({ ...DELIVERY_REPORT.initialFilters(), from: undefined, to: undefined })}>
          <PhoneFilterFields fields={DELIVERY_REPORT.filters} filters={filters} set={setFilters} />
        </FilterSheet>
      </div>
      <PhoneListBody
        pages={pages}
        shown={rows.length}
        total={first?.total ?? 0}
        header={first ? <DeliverySummary sum={{ count: first.totals.count, deliveredL: first.totals.deliveredL, volumeUnit: unit, pending: 0 }} unit={unit} format={format} label={t('mobile.delivery.matching')} /> : null}
        testId="delivery-list"
        emptyText={t('mobile.delivery.none')}
      >
        {rows.map((row) => (
          <DeliveryCard
            key={row.id}
            row={row}
            format={format}
            showPlace
            href={drillHref('/deliveryDetail', { stationId: row.stationId, tankId: row.tankId, id: row.id, at: row.startedAt, from: filters.from, to: filters.to })}
          />
        ))}
      </PhoneListBody>
    </>
  );
}
