import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../../app/route-types';
import { StatusPanel } from '../../../components/status-panel';
import { ApiError } from '../../../lib/api-client';
import { useMonitorOverview } from '../../../lib/monitor-overview';
import { useStationMonitor } from '../../../lib/station-monitor';
import { useForecasts } from '../../../lib/forecast-list';
import { useLeakTestStatus } from '../api/leak-test-status';
import { AlarmList } from '../components/alarm-list';
import { LiveIndicator } from '../components/live-indicator';
import { Panel } from '../components/panel';
import { SensorList } from '../../../components/tank/sensor-list';
import { StationSelect } from '../components/station-select';
import { StatusBadge } from '../components/status-badge';
import { TankCard } from '../components/tank-card';
import { parseStationId } from '../station-filter';
import { useMonitorFormat, useNow } from '../../../lib/use-monitor-format';
import { useMonitorLive } from '../../../lib/use-monitor-live';
import { useOpenStation } from '../use-open-station';
import { tankViewProps } from '../../../components/tank/tank-view-props';
import '../monitor.css';

/**
 * One station, live: header, every tank drawn with its latest reading in the company's units,
 * the leak sensors and the open alarms. `?stationId=N` names the station; the selector at the
 * top switches to another.
 */
export function Page({ route }: PageProps) {
  const { t } = useTranslation();
  // useLocation rather than useSearchParams: the shell has it already, the other costs every route.
  const stationId = parseStationId(new URLSearchParams(useLocation().search).get('stationId'));
  const format = useMonitorFormat();
  const now = useNow(30_000);
  const openStation = useOpenStation();
  const overview = useMonitorOverview();
  const monitor = useStationMonitor(stationId);
  const live = useMonitorLive(stationId ?? undefined, { refetchOverview: false });
  const leakTests = useLeakTestStatus(stationId ?? undefined, stationId !== null);
  const forecasts = useForecasts({ stationId: stationId ?? undefined }, stationId !== null);
  const data = monitor.data;

  const toolbar = (
    <header className="monitor-page__head">
      <h1 className="monitor-page__title visually-hidden">{t(route.titleKey)}</h1>
      <StationSelect stations={overview.data?.stations ?? []} value={stationId} onChange={openStation} loading={overview.isLoading} />
      <div className="monitor-page__tools">{stationId !== null ? <LiveIndicator state={live} /> : null}</div>
    </header>
  );

  if (stationId === null) {
    return (
      <section className="monitor-page monitor-station" data-testid="monitor-station">
        {toolbar}
        <p className="monitor-empty monitor-empty--large">{t('monitor.station.choose')}</p>
      </section>
    );
  }
  if (!data) {
    const answered = monitor.error instanceof ApiError && monitor.error.envelope !== undefined;
    return (
      <section className="monitor-page monitor-station" data-testid="monitor-station" aria-busy={!monitor.isError}>
        {toolbar}
        {monitor.isError ? (
          answered ? (
            <StatusPanel title={t('monitor.station.notFound')} />
          ) : (
            <StatusPanel title={t('monitor.home.loadFailed')} actionLabel={t('common.action.retry')} onAction={() => void monitor.refetch()} />
          )
        ) : (
          <div className="monitor-skeleton" />
        )}
      </section>
    );
  }

  const { station, tanks, sensors, alarms } = data;
  const facts: { id: string; label: string; value: ReactNode }[] = [
    { id: 'code', label: t('monitor.station.code'), value: station.code },
    { id: 'company', label: t('monitor.station.company'), value: <bdi>{station.companyName}</bdi> },
    ...(station.areaName ? [{ id: 'area', label: t('monitor.station.area'), value: <bdi>{station.areaName}</bdi> }] : []),
    { id: 'timezone', label: t('monitor.station.timezone'), value: <bdi dir="ltr">{station.timezone}</bdi> },
    {
      id: 'last-data',
      label: t('monitor.station.lastData'),
      value: station.lastDataAt ? (
        <time dateTime={station.lastDataAt} title={format.relative(station.lastDataAt, now)}>
          {format.dateTime(station.lastDataAt, station.timezone)}
        </time>
      ) : (
        t('monitor.station.neverReported')
      ),
    },
    ...(station.address ? [{ id: 'address', label: t('monitor.station.address'), value: <bdi>{station.address}</bdi> }] : []),
    ...(station.phone ? [{ id: 'phone', label: t('monitor.station.phone'), value: <bdi dir="ltr">{station.phone}</bdi> }] : []),
  ];

  return (
    <section className="monitor-page monitor-station" data-testid="monitor-station" data-station-id={station.id}>
      {toolbar}
      <div className={`monitor-station__header monitor-station__header--${station.status}`} data-testid="station-header">
        <div className="monitor-station__name-row">
          <h2 className="monitor-station__name">
            <bdi>{station.name}</bdi>
          </h2>
          <StatusBadge status={station.status} large />
        </div>
        <dl className="monitor-facts">
          {facts.map((fact) => (
            <div key={fact.id} className="monitor-facts__item" data-testid={`station-${fact.id}`}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
        {station.clockFlagged ? (
          <p className="monitor-warning" role="note">
            {t('monitor.station.clockFlagged')}
          </p>
        ) : null}
      </div>

      <Panel title={t('monitor.station.tanks')} testId="station-tanks">
        {tanks.length === 0 ? (
          <p className="monitor-empty">{t('monitor.station.noTanks')}</p>
        ) : (
          <div className="monitor-tanks">
            {tanks.map((tank) => (
              <TankCard
                key={tank.tankId}
                {...tankViewProps(data, tank, forecasts)}
                format={format}
                leakTest={leakTests.data?.list.find((status) => status.tankId === tank.tankId)}
              />
            ))}
          </div>
        )}
      </Panel>

      <div className="monitor-station__bottom">
        <Panel title={t('monitor.station.sensors')} testId="station-sensors">
          <SensorList sensors={sensors} format={format} timeZone={station.timezone} />
        </Panel>
        <Panel
          title={t('monitor.station.alarms')}
          testId="station-alarms"
          extra={alarms.length > 0 ? <span className="monitor-count-chip">{format.count(alarms.length)}</span> : null}
        >
          {alarms.length === 0 ? <p className="monitor-empty">{t('monitor.alarm.noneActive')}</p> : <AlarmList alarms={alarms} withDate />}
        </Panel>
      </div>
    </section>
  );
}
