import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useForecasts } from '../../../lib/forecast-list';
import { useStationMonitor } from '../../../lib/station-monitor';
import { SensorList } from '../../../components/tank/sensor-list';
import { alarmName } from '../../../lib/alarm-names';
import { useMonitorFormat, useNow } from '../../../lib/use-monitor-format';
import { useMonitorLive } from '../../../lib/use-monitor-live';
import { useStationPlace } from '../api/station-places';
import { Figures } from '../../../components/mobile/figures';
import { LoadState } from '../../../components/mobile/load-state';
import { MobilePage } from '../../../components/mobile/mobile-page';
import { StationStatusTag } from '../components/station-status';
import { TankTile } from '../components/tank-tile';
import { tankViewProps } from '../../../components/tank/tank-view-props';
import { inventoryCrumbs } from '../crumbs';
import { NO_AREA, parseDrill } from '../../../lib/drill-place';

/** /stationDetails?stationId: one station's tanks, live, with its open alarms and sensors. */
export function Page() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const now = useNow(30_000);
  const { stationId } = parseDrill(useLocation().search);
  const monitor = useStationMonitor(stationId ?? null);
  const forecasts = useForecasts({ stationId: stationId ?? undefined }, stationId !== undefined);
  useMonitorLive(stationId, { refetchOverview: false });
  const place = useStationPlace(stationId);
  const data = monitor.data;
  const notFound = monitor.error instanceof ApiError && monitor.error.envelope !== undefined;
  const crumbs = inventoryCrumbs(t, {
    companyId: place?.companyId ?? data?.station.companyId,
    companyName: place?.companyName ?? data?.station.companyName,
    areaId: place ? (place.areaId ?? NO_AREA) : undefined,
    areaName: place?.areaName,
    stationId,
    stationName: data?.station.name ?? place?.name,
  });

  if (stationId === undefined || notFound) {
    return (
      <MobilePage testId="mobile-station-details" crumbs={crumbs}>
        <p className="m-card m-state" role="alert" data-testid="not-found">
          {t('monitor.station.notFound')}
        </p>
      </MobilePage>
    );
  }
  return (
    <MobilePage testId="mobile-station-details" crumbs={crumbs}>
      <LoadState
        loading={!data && !monitor.isError}
        failed={monitor.isError}
        empty={!data}
        emptyText={t('monitor.station.notFound')}
        onRetry={() => void monitor.refetch()}
      >
        {data ? (
          <>
            <section className={`m-card m-station m-station--${data.station.status}`} data-testid="station-header">
              <div className="m-card__head">
                <h2 className="m-card__title">
                  <bdi>{data.station.name}</bdi>
                </h2>
                <StationStatusTag status={data.station.status} />
              </div>
              <Figures
                testId="station"
                items={[
                  { id: 'code', label: t('monitor.station.code'), value: <bdi>{data.station.code}</bdi> },
                  {
                    id: 'last-data',
                    label: t('monitor.station.lastData'),
                    value: data.station.lastDataAt ? format.relative(data.station.lastDataAt, now) : t('monitor.station.neverReported'),
                  },
                  { id: 'volume', label: t('monitor.tank.volume'), value: format.volume(data.station.volumeL, data.station.volumeUnit) },
                  { id: 'capacity', label: t('monitor.tank.capacity'), value: format.volume(data.station.capacityL, data.station.volumeUnit) },
                  ...(data.station.phone
                    ? [{ id: 'phone', label: t('monitor.station.phone'), value: <a href={`tel:${data.station.phone}`} dir="ltr">{data.station.phone}</a> }]
                    : []),
                  ...(data.station.address ? [{ id: 'address', label: t('monitor.station.address'), value: <bdi>{data.station.address}</bdi> }] : []),
                ]}
              />
              {data.station.clockFlagged ? <p className="m-note">{t('monitor.station.clockFlagged')}</p> : null}
            </section>

            {data.alarms.length > 0 ? (
              <section className="m-card m-card--alarm" data-testid="station-alarms">
                <h2 className="m-section__title">{t('monitor.station.alarms')}</h2>
                <ul className="m-plain-list">
                  {data.alarms.map((alarm) => (
                    <li key={alarm.id}>
                      <strong>{alarmName(t, alarm.kind, alarm.code)}</strong>
                      <span>
                        {alarm.tankCode ? t('monitor.alarm.tank', { code: alarm.tankCode }) : alarm.sensorNo ? t('monitor.alarm.sensor', { no: alarm.sensorNo }) : null}
                        {' · '}
                        {format.relative(alarm.startedAt, now)}
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}

            <h2 className="m-section__title">{t('monitor.station.tanks')}</h2>
            {data.tanks.length === 0 ? (
              <p className="m-card m-state">{t('monitor.station.noTanks')}</p>
            ) : (
              <div className="m-list" data-testid="station-tanks">
                {data.tanks.map((tank) => (
                  <TankTile key={tank.tankId} {...tankViewProps(data, tank, forecasts)} format={format} />
                ))}
              </div>
            )}

            {data.sensors.length > 0 ? (
              <section className="m-card" data-testid="station-sensors">
                <h2 className="m-section__title">{t('monitor.station.sensors')}</h2>
                <SensorList sensors={data.sensors} format={format} timeZone={data.station.timezone} />
              </section>
            ) : null}
          </>
        ) : null}
      </LoadState>
    </MobilePage>
  );
}
