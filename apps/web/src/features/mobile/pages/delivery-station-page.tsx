import { useTranslation } from 'react-i18next';
import { useStationTanks } from '../../../lib/station-tanks';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { TankProduct } from '../../../components/tank/tank-product';
import { useCompanyUnits } from '../api/company-units';
import { useDeliveryTotals } from '../api/deliveries';
import { useStationPlace } from '../api/station-places';
import { DeliverySummary } from '../../../components/mobile/delivery-summary';
import { DeliveryTotalCard } from '../components/delivery-total-card';
import { LoadState, queryLoad } from '../../../components/mobile/load-state';
import { MobilePage } from '../../../components/mobile/mobile-page';
import { RangeBar } from '../components/range-bar';
import { deliveryCrumbs, stationLevel } from '../crumbs';
import { sumDeliveries } from '../groups';
import { useDeliveryPlace } from '../use-delivery-place';

/** /deliveryStation?stationId: the deliveries of each tank of one station. */
export function Page() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const { place, range, setRange, href } = useDeliveryPlace();
  const station = useStationPlace(place.stationId);
  const tanks = useStationTanks(place.stationId);
  const list = tanks.data ?? [];
  const unit = useCompanyUnits()(station?.companyId);
  const totals = useDeliveryTotals(list.map((tank) => ({ id: tank.id, filter: { tankId: tank.id } })), range);
  const crumbs = deliveryCrumbs(t, stationLevel(station, place.stationId), range);
  return (
    <MobilePage testId="mobile-delivery-station" crumbs={crumbs} toolbar={<RangeBar value={range} onChange={setRange} />}>
      <LoadState {...queryLoad(tanks, place.stationId !== undefined)} empty={list.length === 0} emptyText={t('monitor.station.noTanks')}>
        <DeliverySummary sum={sumDeliveries(list.map((tank) => tank.id), totals.totals)} unit={unit} format={format} label={station?.name ?? ''} />
        <h2 className="m-section__title">{t('mobile.delivery.byTank')}</h2>
        <div className="m-list">
          {list.map((tank) => (
            <DeliveryTotalCard
              key={tank.id}
              href={href('/deliveryTank', { stationId: place.stationId, tankId: tank.id })}
              title={t('monitor.tank.title', { code: tank.code })}
              subtitle={<TankProduct name={tank.productName} color={tank.productColor} className="m-tank__product" swatchClassName="m-swatch" />}
              sum={sumDeliveries([tank.id], totals.totals)}
              unit={unit}
              format={format}
              testId={`delivery-tank-${tank.code}`}
            />
          ))}
        </div>
      </LoadState>
    </MobilePage>
  );
}
