import { Link } from 'react-router';
import UnorderedListOutlined from '@ant-design/icons/es/icons/UnorderedListOutlined';
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
import { drillHref } from '../../../lib/drill-place';
import { companyKey, groupBy, sumDeliveries } from '../groups';
import { useDeliveryPlace } from '../use-delivery-place';

/** /deliveryHistory: the deliveries of the range, in all, then per company (branch). */
export function Page() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const { range, setRange, href } = useDeliveryPlace();
  const places = useStationPlaces();
  const companies = groupBy(places.data ?? [], companyKey, format.locale);
  const totals = useDeliveryTotals(companies.map((c) => ({ id: c.id, filter: { companyId: c.id } })), range);
  const all = sumDeliveries(companies.map((c) => c.id), totals.totals);
  const unitOf = useCompanyUnits();
  const units = new Set(companies.map((c) => unitOf(c.id) ?? 1));
  return (
    <MobilePage testId="mobile-delivery-history" toolbar={<RangeBar value={range} onChange={setRange} />}>
      <LoadState {...queryLoad(places)} empty={companies.length === 0} emptyText={t('monitor.home.noStations')}>
        <DeliverySummary sum={all} unit={units.size === 1 ? [...units][0]! : 1} format={format} label={t('mobile.delivery.all')} />
        <Link className="m-link-row" to={drillHref('/delivery_phone', range)} data-testid="delivery-list-link">
          <UnorderedListOutlined aria-hidden />
          {t('mobile.delivery.allList')}
        </Link>
        <h2 className="m-section__title">{t('mobile.delivery.byCompany')}</h2>
        <div className="m-list">
          {companies.map((company) => (
            <DeliveryTotalCard
              key={company.id}
              href={href('/deliveryBranches', { companyId: company.id })}
              title={<bdi>{company.name}</bdi>}
              subtitle={t('mobile.inventory.stationCount', { count: company.members.length })}
              sum={sumDeliveries([company.id], totals.totals)}
              unit={unitOf(company.id)}
              format={format}
              testId={`delivery-company-${company.id}`}
            />
          ))}
        </div>
      </LoadState>
    </MobilePage>
  );
}
