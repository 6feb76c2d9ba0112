import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../../app/route-types';
import { AlarmList } from '../components/alarm-list';
import { FigureTiles, useStationFigures } from '../components/key-figures';
import { LeakTestPanel } from '../components/leak-test-panel';
import { RunOutPanel } from '../components/run-out-panel';
import { LiveIndicator } from '../components/live-indicator';
import { Panel } from '../components/panel';
import { ProductInventory } from '../components/product-inventory';
import { StationMap } from '../components/station-map';
import { StationTable } from '../components/station-table';
import { commonVolumeUnit } from '../../../lib/format';
import { useNow } from '../../../lib/use-monitor-format';
import { useLeakTestsAllowed } from '../api/leak-test-status';
import { useLiveOverview } from '../use-live-overview';
import { MonitorPageHead } from '../components/page-head';
import { OverviewPending } from '../components/overview-pending';
import '../monitor.css';

/**
 * Home dashboard: station counts, inventory by product, today's alarms and deliveries, the
 * map and the list of stations, all kept live by the event feed and a slow refetch.
 */
export function Page({ route }: PageProps) {
  const { t } = useTranslation();
  const { format, openStation, live, overview, isError, refetch } = useLiveOverview();
  const now = useNow(30_000);
  const leakTestsAllowed = useLeakTestsAllowed();
  const figures = useStationFigures(overview?.counts ?? { total: 0, online: 0, offline: 0, alarm: 0 }, format);

  if (!overview) {
    return (
      <section className="monitor-page" data-testid="monitor-home" aria-busy={!isError}>
        <h1 className="monitor-page__title">{t(route.titleKey)}</h1>
        <OverviewPending isError={isError} onRetry={() => void refetch()} />
      </section>
    );
  }

  const volumeUnit = commonVolumeUnit(overview.stations);
  const shownAlarms = overview.todayAlarms.length;
  return (
    <section className="monitor-page monitor-home" data-testid="monitor-home">
      <MonitorPageHead title={t(route.titleKey)}>
        <LiveIndicator state={live} />
        <Link className="monitor-button" to="/screenfull" data-testid="open-big-screen">
          {t('monitor.home.bigScreen')}
        </Link>
      </MonitorPageHead>

      <FigureTiles
        figures={[
          ...figures,
          {
            id: 'deliveries',
            label: t('monitor.figure.deliveries'),
            value: format.count(overview.todayDeliveryCount),
            note: t('monitor.figure.deliveredVolume', { volume: format.volume(overview.todayDeliveredL, volumeUnit) }),
          },
          { id: 'today-alarms', label: t('monitor.figure.todayAlarms'), value: format.count(overview.todayAlarmCount), tone: overview.todayAlarmCount > 0 ? 'alarm' : 'neutral' },
        ]}
      />

      <div className="monitor-home__grid">
        <Panel title={t('monitor.home.map')} className="monitor-home__map" testId="home-map">
          <StationMap stations={overview.stations} tiles={overview.mapTiles} onOpen={openStation} formatDegrees={format.degrees} />
        </Panel>
        <Panel title={t('monitor.home.inventory')} className="monitor-home__products" testId="home-products">
          <ProductInventory products={overview.products} volumeUnit={volumeUnit} format={format} />
        </Panel>
        <Panel title={t('monitor.home.stations')} className="monitor-home__stations" testId="home-stations">
          <StationTable stations={overview.stations} format={format} now={now} onOpen={openStation} />
        </Panel>
        <Panel
          title={t('monitor.home.alarms')}
          className="monitor-home__alarms"
          testId="home-alarms"
          extra={<span className="monitor-count-chip">{format.count(overview.todayAlarmCount)}</span>}
        >
          {shownAlarms === 0 ? (
            <p className="monitor-empty">{t('monitor.alarm.none')}</p>
          ) : (
            <>
              <AlarmList alarms={overview.todayAlarms} showStation onOpenStation={openStation} />
              {overview.todayAlarmCount > shownAlarms ? (
                <p className="monitor-muted monitor-note">{t('monitor.alarm.more', { count: overview.todayAlarmCount, shown: shownAlarms })}</p>
              ) : null}
            </>
          )}
        </Panel>
        <RunOutPanel format={format} />
        {leakTestsAllowed ? <LeakTestPanel format={format} /> : null}
      </div>
    </section>
  );
}
