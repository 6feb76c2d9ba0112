import { useTranslation } from 'react-i18next';
import { useStationTanks } from '../../../lib/station-tanks';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { useCompanyUnits } from '../api/company-units';
import { useTankDeliveries } from '../api/deliveries';
import { useStationPlace } from '../api/station-places';
import { DeliveryCard } from '../../../components/mobile/delivery-card';
import { DeliverySummary } from '../../../components/mobile/delivery-summary';
import { LoadMore } from '../../../components/mobile/load-more';
import { LoadState, queryLoad } from '../../../components/mobile/load-state';
import { MobilePage } from '../../../components/mobile/mobile-page';
import { RangeBar } from '../components/range-bar';
import { deliveryCrumbs, stationLevel } from '../crumbs';
import { useDeliveryPlace } from '../use-delivery-place';

/** /deliveryTank?stationId&tankId: one tank's deliveries in the range, newest first. */
export function Page() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const { place, range, setRange, href } = useDeliveryPlace();
  const station = useStationPlace(place.stationId);
  const tank = useStationTanks(place.stationId).data?.find((one) => one.id === place.tankId);
  const deliveries = useTankDeliveries(place.tankId, range);
  const pages = deliveries.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.list);
  const first = pages[0];
  const unit = useCompanyUnits()(station?.companyId);
  const tankName = tank ? t('monitor.tank.title', { code: tank.code }) : undefined;
  const crumbs = deliveryCrumbs(
    t,
    { ...stationLevel(station, place.stationId), tankId: place.tankId, tankName },
    range,
  );
  return (
    <MobilePage testId="mobile-delivery-tank" crumbs={crumbs} toolbar={<RangeBar value={range} onChange={setRange} />}>
      <LoadState {...queryLoad(deliveries, place.tankId !== undefined)} empty={rows.length === 0} emptyText={t('mobile.delivery.none')}>
        {first ? (
          <DeliverySummary
            sum={{ count: first.totals.count, deliveredL: first.totals.deliveredL, volumeUnit: first.list[0]?.volumeUnit ?? null, pending: 0 }}
            unit={unit}
            format={format}
            label={tankName ?? ''}
          />
        ) : null}
        <div className="m-list" data-testid="delivery-list">
          {rows.map((row) => (
            <DeliveryCard key={row.id} row={row} format={format} href={href('/deliveryDetail', { stationId: row.stationId, tankId: row.tankId, id: row.id, at: row.startedAt })} />
          ))}
        </div>
        <LoadMore shown={rows.length} total={first?.total ?? 0} hasMore={deliveries.hasNextPage} loading={deliveries.isFetchingNextPage} onMore={() => void deliveries.fetchNextPage()} />
      </LoadState>
    </MobilePage>
  );
}
