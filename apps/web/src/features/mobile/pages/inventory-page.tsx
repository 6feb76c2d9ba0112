import { useTranslation } from 'react-i18next';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { InventoryCard } from '../components/inventory-card';
import { LoadState } from '../../../components/mobile/load-state';
import { MobilePage } from '../../../components/mobile/mobile-page';
import { drillHref } from '../../../lib/drill-place';
import { companyKey, groupBy, inventoryFigures } from '../groups';
import { useInventory } from '../use-inventory';

/** /invertory (spec §2 mobile routes): the whole scope, then one card per company. */
export function Page() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const inventory = useInventory();
  const stations = inventory.stations ?? [];
  const companies = groupBy(stations, (s) => companyKey(s.place), format.locale);
  const all = inventoryFigures(stations.map((s) => s.station));
  return (
    <MobilePage testId="mobile-inventory">
      <LoadState loading={inventory.loading} failed={inventory.failed} empty={stations.length === 0} emptyText={t('monitor.home.noStations')} onRetry={inventory.retry}>
        <section className="m-summary" data-testid="inventory-summary" aria-label={t('mobile.inventory.all')}>
          <h2 className="m-section__title">{t('mobile.inventory.all')}</h2>
          <div className="m-summary__grid">
            <div>
              <span>{t('monitor.figure.total')}</span>
              <strong>{format.count(all.stations)}</strong>
            </div>
            <div>
              <span>{t('monitor.figure.alarm')}</span>
              <strong className={all.alarmStations > 0 ? 'm-tone--alarm' : undefined}>{format.count(all.alarmStations)}</strong>
            </div>
            <div>
              <span>{t('monitor.figure.offline')}</span>
              <strong>{format.count(all.offlineStations)}</strong>
            </div>
            <div>
              <span>{t('monitor.figure.totalVolume')}</span>
              <strong>{format.volume(all.volumeL, all.volumeUnit)}</strong>
            </div>
          </div>
        </section>
        <h2 className="m-section__title">{t('mobile.inventory.companies')}</h2>
        <div className="m-list">
          {companies.map((company) => (
            <InventoryCard
              key={company.id}
              href={drillHref('/areaInvertory', { companyId: company.id })}
              title={company.name ?? ''}
              figures={inventoryFigures(company.members.map((m) => m.station))}
              format={format}
              testId={`company-${company.id}`}
            />
          ))}
        </div>
      </LoadState>
    </MobilePage>
  );
}
