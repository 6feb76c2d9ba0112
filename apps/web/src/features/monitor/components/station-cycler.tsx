import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { StationSummary } from '@ullage/contracts/monitor';
import { useTranslation } from 'react-i18next';
import { useForecasts } from '../../../lib/forecast-list';
import { prefetchStationMonitor, useStationMonitor } from '../../../lib/station-monitor';
import type { MonitorFormat } from '../../../lib/format';
import { StatusBadge } from './status-badge';
import { TankCard } from './tank-card';
import { tankViewProps } from '../../../components/tank/tank-view-props';

export const CYCLE_MS = 10_000;
/** Beyond this many stations the position reads as text only. */
const MAX_DOTS = 40;

/**
 * The big screen's station panel: one station's tanks at a time, moving on every ten
 * seconds; the next station is fetched while the current one shows.
 */
export function StationCycler({ stations, format }: { stations: readonly StationSummary[]; format: MonitorFormat }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [index, setIndex] = useState(0);
  const count = stations.length;
  const current = count > 0 ? stations[index % count] : undefined;
  const next = count > 1 ? stations[(index + 1) % count] : undefined;
  const monitor = useStationMonitor(current?.id ?? null);
  // Every station's forecasts at once: the screen cycles through them all, ten seconds each.
  const forecasts = useForecasts({});

  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), CYCLE_MS);
    return () => clearInterval(timer);
  }, [count]);

  useEffect(() => {
    if (next) prefetchStationMonitor(client, next.id);
  }, [client, next]);

  if (!current) return null;
  const data = monitor.data?.station.id === current.id ? monitor.data : undefined;
  return (
    <div className="station-cycler" data-testid="station-cycler" data-station-id={current.id}>
      <header className="station-cycler__head">
        <h2 className="station-cycler__name">
          <bdi>{current.name}</bdi>
        </h2>
        <StatusBadge status={data?.station.status ?? current.status} large />
        <span className="station-cycler__meta">
          {current.code} · <bdi>{current.companyName}</bdi>
        </span>
        <span className="station-cycler__position">{t('monitor.screen.cycle', { index: format.count((index % count) + 1), total: format.count(count) })}</span>
      </header>
      {data ? (
        data.tanks.length === 0 ? (
          <p className="monitor-empty">{t('monitor.station.noTanks')}</p>
        ) : (
          <div className="station-cycler__tanks" key={current.id}>
            {data.tanks.map((tank) => (
              <TankCard key={tank.tankId} {...tankViewProps(data, tank, forecasts)} format={format} compact />
            ))}
          </div>
        )
      ) : (
        <div className="monitor-skeleton monitor-skeleton--dark" />
      )}
      {count <= MAX_DOTS ? (
      <div className="station-cycler__dots" aria-hidden="true">
        {stations.map((station, i) => (
          <span key={station.id} className={`station-cycler__dot station-cycler__dot--${station.status}${i === index % count ? ' station-cycler__dot--current' : ''}`} />
        ))}
      </div>
      ) : null}
    </div>
  );
}
