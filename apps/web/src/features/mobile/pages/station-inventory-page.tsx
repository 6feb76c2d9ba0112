import { useLocation } from 'react-router';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { useForecasts } from '../../../lib/forecast-list';
import { useDuration } from '../../../components/tank/tank-forecast';
import { durationText, soonestToRunOut } from '../../../lib/run-out';
import { useMonitorFormat, useNow } from '../../../lib/use-monitor-format';
import { DrillCard } from '../../../components/mobile/drill-card';
import { FillBar } from '../components/fill-bar';
import { Figures } from '../../../components/mobile/figures';
import { LoadState } from '../../../components/mobile/load-state';
import { MobilePage } from '../../../components/mobile/mobile-page';
import { StationStatusTag } from '../components/station-status';
import { inventoryCrumbs } from '../crumbs';
import { drillHref, NO_AREA, parseDrill } from '../../../lib/drill-place';
import { areaKey, groupBy } from '../groups';
import { useInventory } from '../use-inventory';

/** /stationInvertory?companyId&areaId: the stations of one area, each with its live state. */
export function Page() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const now = useNow(30_000);
  const { companyId, areaId } = parseDrill(useLocation().search);
  const inventory = useInventory();
  const duration = useDuration();
  // Each station's tank soonest to run out (issue 23: its low alarm, or empty without one); the figure waits for the forecasts.
  const forecasts = useForecasts({});
  const soonest = (stationId: number) => soonestToRunOut((forecasts.data?.list ?? []).filter((r) => r.stationId === stationId), 1)[0];
  const stations = (inventory.stations ?? []).filter((s) => s.place.companyId === companyId && areaKey(s.place).id === (areaId ?? NO_AREA));
  const first = stations[0]?.place;
  // Name order, as the other levels.
  const sorted = groupBy(stations, (s) => ({ id: s.station.id, name: s.station.name }), format.locale).map((g) => g.members[0]!);
  return (
    <MobilePage testId="mobile-station-inventory" crumbs={inventoryCrumbs(t, { companyId, companyName: first?.companyName, areaId: areaId ?? NO_AREA, areaName: first?.areaName })}>
      <LoadState loading={inventory.loading} failed={inventory.failed} empty={stations.length === 0} emptyText={t('mobile.state.nothingHere')} onRetry={inventory.retry}>
        <div className="m-list">
          {sorted.map(({ station }) => {
            const fill = station.capacityL > 0 ? (station.volumeL / station.capacityL) * 100 : null;
            return (
              <DrillCard
                key={station.id}
                href={drillHref('/stationDetails', { stationId: station.id })}
                title={<bdi>{station.name}</bdi>}
                subtitle={<bdi>{station.code}</bdi>}
                badges={
                  <>
                    <StationStatusTag status={station.status} />
                    {station.activeAlarmCount > 0 ? <Tag color="red">{t('mobile.inventory.alarms', { count: station.activeAlarmCount })}</Tag> : null}
                  </>
                }
                tone={station.status === 'alarm' ? 'alarm' : station.status === 'offline' ? 'offline' : undefined}
                testId={`station-${station.code}`}
              >
                <FillBar pct={fill} label={t('monitor.tank.fill')} />
                <Figures
                  testId={`station-${station.code}`}
                  items={[
                    { id: 'volume', label: t('monitor.tank.volume'), value: format.volume(station.volumeL, station.volumeUnit) },
                    { id: 'fill', label: t('monitor.tank.fill'), value: format.percent(fill) },
                    { id: 'tanks', label: t('monitor.column.tanks'), value: format.count(station.tankCount) },
                    ...(forecasts.isSuccess ? [{ id: 'low-alarm', label: t('monitor.forecast.soonest'), value: duration(durationText(soonest(station.id)?.hoursToRunOut ?? null)) }] : []),
                    { id: 'last', label: t('monitor.column.lastData'), value: station.lastDataAt ? format.relative(station.lastDataAt, now) : t('monitor.station.neverReported'), tone: station.status === 'offline' ? 'muted' : undefined },
                  ]}
                />
              </DrillCard>
            );
          })}
        </div>
      </LoadState>
    </MobilePage>
  );
}
