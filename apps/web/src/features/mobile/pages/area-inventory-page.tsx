import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { InventoryCard } from '../components/inventory-card';
import { LoadState } from '../../../components/mobile/load-state';
import { MobilePage } from '../../../components/mobile/mobile-page';
import { areaLabel, inventoryCrumbs } from '../crumbs';
import { drillHref, parseDrill } from '../../../lib/drill-place';
import { areaKey, groupBy, inventoryFigures } from '../groups';
import { useInventory } from '../use-inventory';

/** /areaInvertory?companyId: one company's inventory, a card per area. */
export function Page() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const { companyId } = parseDrill(useLocation().search);
  const inventory = useInventory();
  const stations = (inventory.stations ?? []).filter((s) => s.place.companyId === companyId);
  const areas = groupBy(stations, (s) => areaKey(s.place), format.locale);
  const companyName = stations[0]?.place.companyName;
  return (
    <MobilePage testId="mobile-area-inventory" crumbs={inventoryCrumbs(t, { companyId, companyName })}>
      <LoadState loading={inventory.loading} failed={inventory.failed} empty={stations.length === 0} emptyText={t('mobile.state.nothingHere')} onRetry={inventory.retry}>
        <div className="m-list">
          {areas.map((area) => (
            <InventoryCard
              key={area.id}
              href={drillHref('/stationInvertory', { companyId, areaId: area.id })}
              title={areaLabel(t, area.id, area.name)}
              figures={inventoryFigures(area.members.map((m) => m.station))}
              format={format}
              testId={`area-${area.id}`}
            />
          ))}
        </div>
      </LoadState>
    </MobilePage>
  );
}
