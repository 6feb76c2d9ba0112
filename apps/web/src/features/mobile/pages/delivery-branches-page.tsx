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
import { areaKey, groupBy, sumDeliveries } from '../groups';
import { useDeliveryPlace } from '../use-delivery-place';

/**
 * /deliveryBranches?companyId: one company's deliveries per area. Counted per station (the
 * next level reuses those answers) and added up by area here.
 */
export function Page() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const { place, range, setRange, href } = useDeliveryPlace();
  const places = useStationPlaces();
  const stations = (places.data ?? []).filter((p) => p.companyId === place.companyId);
  const areas = groupBy(stations, areaKey, format.locale);
  const totals = useDeliveryTotals(stations.map((s) => ({ id: s.id, filter: { stationId: s.id } })), range);
  const company = sumDeliveries(stations.map((s) => s.id), totals.totals);
  const companyName = stations[0]?.companyName;
  const unit = useCompanyUnits()(place.companyId);
  return (
    <MobilePage
      testId="mobile-delivery-branches"
      crumbs={deliveryCrumbs(t, { companyId: place.companyId, companyName }, range)}
      toolbar={<RangeBar value={range} onChange={setRange} />}
    >
      <LoadState {...queryLoad(places)} empty={stations.length === 0} emptyText={t('mobile.state.nothingHere')}>
        <DeliverySummary sum={company} unit={unit} format={format} label={companyName ?? ''} />
        <h2 className="m-section__title">{t('mobile.delivery.byArea')}</h2>
        <div className="m-list">
          {areas.map((area) => (
            <DeliveryTotalCard
              key={area.id}
              href={href('/deliveryArea', { companyId: place.companyId, areaId: area.id })}
              title={<bdi>{areaLabel(t, area.id, area.name)}</bdi>}
              subtitle={t('mobile.inventory.stationCount', { count: area.members.length })}
              sum={sumDeliveries(area.members.map((m) => m.id), totals.totals)}
              unit={unit}
              format={format}
              testId={`delivery-area-${area.id}`}
            />
          ))}
        </div>
      </LoadState>
    </MobilePage>
  );
}
