import { useTranslation } from 'react-i18next';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { useCompanyUnits } from '../api/company-units';
import { useDeliveryTotals } from '../api/deliveries';
import { useStationPlaces } from '../api/station-places';
import { DeliverySummary } from '../../../components/mobile/delivery-summary';
import { DeliveryTotalCard } from '../components/delivery-total-card';
import { LoadState, queryLoad } from '../../../components/mobile/load-state';
import { MobilePage } from '../../../components/mobile/mobile-page';
import { RangeBar } from '../components/range-bar';
import { areaLabel, deliveryCrumbs } from '../crumbs';
import { NO_AREA } from '../../../lib/drill-place';
import { areaKey, groupBy, sumDeliveries } from '../groups';
import { useDeliveryPlace } from '../use-delivery-place';

/** /deliveryArea?companyId&areaId: the deliveries of each station of one area. */
export function Page() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const { place, range, setRange, href } = useDeliveryPlace();
  const areaId = place.areaId ?? NO_AREA;
  const places = useStationPlaces();
  const stations = groupBy(
    (places.data ?? []).filter((p) => p.companyId === place.companyId && areaKey(p).id === areaId),
    (p) => ({ id: p.id, name: p.name }),
    format.locale,
  ).map((g) => g.members[0]!);
  const totals = useDeliveryTotals(stations.map((s) => ({ id: s.id, filter: { stationId: s.id } })), range);
  const first = stations[0];
  const areaName = areaLabel(t, areaId, first?.areaName);
  const unit = useCompanyUnits()(place.companyId);
  return (
    <MobilePage
      testId="mobile-delivery-area"
      crumbs={deliveryCrumbs(t, { companyId: place.companyId, companyName: first?.companyName, areaId, areaName: first?.areaName }, range)}
      toolbar={<RangeBar value={range} onChange={setRange} />}
    >
      <LoadState {...queryLoad(places)} empty={stations.length === 0} emptyText={t('mobile.state.nothingHere')}>
        <DeliverySummary sum={sumDeliveries(stations.map((s) => s.id), totals.totals)} unit={unit} format={format} label={areaName} />
        <h2 className="m-section__title">{t('mobile.delivery.byStation')}</h2>
        <div className="m-list">
          {stations.map((station) => (
            <DeliveryTotalCard
              key={station.id}
              href={href('/deliveryStation', { stationId: station.id })}
              title={<bdi>{station.name}</bdi>}
              subtitle={<bdi>{station.code}</bdi>}
              sum={sumDeliveries([station.id], totals.totals)}
              unit={unit}
              format={format}
              testId={`delivery-station-${station.code}`}
            />
          ))}
        </div>
      </LoadState>
    </MobilePage>
  );
}
