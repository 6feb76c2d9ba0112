import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../../app/route-types';
import { useLandingRoute } from '../../../app/use-landing-route';
import { StatusPanel } from '../../../components/status-panel';
import { FigureTiles, useStationFigures } from '../components/key-figures';
import { LiveIndicator } from '../components/live-indicator';
import { Panel } from '../components/panel';
import { ProductInventory } from '../components/product-inventory';
import { ScrollingAlarms } from '../components/scrolling-alarms';
import { StationCycler } from '../components/station-cycler';
import { StationMap } from '../components/station-map';
import { commonVolumeUnit, type MonitorFormat } from '../../../lib/format';
import { useFullscreen } from '../use-fullscreen';
import { useNow } from '../../../lib/use-monitor-format';
import { useLiveOverview } from '../use-live-overview';
import '../monitor.css';
import '../big-screen.css';

/** Date and time of day, ticking; its own component so the second hand re-renders only itself. */
function Clock({ format }: { format: MonitorFormat }) {
  const iso = new Date(useNow(1000)).toISOString();
  return (
    <div className="big-screen__clock">
      <time className="big-screen__time" dateTime={iso}>
        {format.time(iso)}
      </time>
      <span className="big-screen__date">{format.date(iso)}</span>
    </div>
  );
}

/**
 * The wall view (/screenfull, signed in, no shell): key figures, inventory by product, the
 * map, live alarms, and a panel cycling through the stations' tanks. Dark, large type, meant
 * to be read from across a control room; one button puts it in browser full screen.
 */
export function Page({ route }: PageProps) {
  const { t } = useTranslation();
  const { format, openStation, live, overview, isError, refetch } = useLiveOverview();
  const fullscreen = useFullscreen();
  // Back to where the user starts: the dashboard, or a station attendant's first page (it has no home).
  const back = useLandingRoute();
  const figures = useStationFigures(overview?.counts ?? { total: 0, online: 0, offline: 0, alarm: 0 }, format);

  const header = (
    <header className="big-screen__head">
      <h1 className="big-screen__title">{t('monitor.screen.title')}</h1>
      <Clock format={format} />
      <div className="big-screen__tools">
        <LiveIndicator state={live} />
        {fullscreen.supported ? (
          <button type="button" className="big-screen__button" onClick={fullscreen.toggle} data-testid="fullscreen-toggle">
            {fullscreen.active ? t('monitor.screen.exitFullscreen') : t('monitor.screen.fullscreen')}
          </button>
        ) : null}
        {fullscreen.active || !back ? null : (
          <Link className="big-screen__button big-screen__button--quiet" to={back.path} data-testid="big-screen-back">
            {back.name === 'home' ? t('monitor.screen.back') : t('monitor.screen.backTo', { page: t(back.titleKey) })}
          </Link>
        )}
      </div>
    </header>
  );

  if (!overview) {
    return (
      <div className="big-screen" data-testid="big-screen" aria-busy={!isError}>
        <span className="visually-hidden">{t(route.titleKey)}</span>
        {header}
        {isError ? <StatusPanel title={t('monitor.home.loadFailed')} actionLabel={t('common.action.retry')} onAction={() => void refetch()} /> : null}
      </div>
    );
  }

  const volumeUnit = commonVolumeUnit(overview.stations);
  const totalVolume = overview.stations.reduce((sum, s) => sum + s.volumeL, 0);
  const totalCapacity = overview.stations.reduce((sum, s) => sum + s.capacityL, 0);
  return (
    <div className="big-screen" data-testid="big-screen">
      {header}
      <main className="big-screen__grid">
        <div className="big-screen__left">
          <Panel title={t('monitor.figure.total')} className="big-screen__figures">
            <FigureTiles
              figures={[
                ...figures,
                {
                  id: 'total-volume',
                  label: t('monitor.figure.totalVolume'),
                  value: format.volume(totalVolume, volumeUnit),
                  note: t('monitor.figure.ofCapacity', { capacity: format.volume(totalCapacity, volumeUnit) }),
                  wide: true,
                  aside: { label: t('monitor.figure.fill'), value: format.percent(totalCapacity > 0 ? (totalVolume / totalCapacity) * 100 : null) },
                },
              ]}
            />
          </Panel>
          <Panel title={t('monitor.home.inventory')} className="big-screen__products">
            <ProductInventory products={overview.products} volumeUnit={volumeUnit} format={format} />
          </Panel>
        </div>
        <div className="big-screen__centre">
          <Panel title={t('monitor.home.map')} className="big-screen__map">
            <StationMap stations={overview.stations} tiles={overview.mapTiles} onOpen={openStation} radius={10} formatDegrees={format.degrees} />
          </Panel>
          <section className="monitor-panel big-screen__cycler" aria-label={t('monitor.station.tanks')}>
            <StationCycler stations={overview.stations} format={format} />
          </section>
        </div>
        <Panel
          title={t('monitor.screen.liveAlarms')}
          className="big-screen__alarms"
          extra={<span className="monitor-count-chip">{format.count(overview.todayAlarmCount)}</span>}
        >
          {overview.todayAlarms.length === 0 ? <p className="monitor-empty">{t('monitor.alarm.none')}</p> : <ScrollingAlarms alarms={overview.todayAlarms} />}
        </Panel>
      </main>
    </div>
  );
}
