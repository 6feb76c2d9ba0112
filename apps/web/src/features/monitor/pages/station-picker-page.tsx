import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../../app/route-types';
import { LiveIndicator } from '../components/live-indicator';
import { StatusBadge } from '../components/status-badge';
import { fillFraction } from '../../../lib/format';
import { STATION_STATUS_ORDER, STATUS_KEYS } from '../../../lib/station-status';
import { filterStations, type StatusFilter } from '../station-filter';
import { useNow } from '../../../lib/use-monitor-format';
import { stationMonitorPath } from '../use-open-station';
import { useLiveOverview } from '../use-live-overview';
import { MonitorPageHead } from '../components/page-head';
import { OverviewPending } from '../components/overview-pending';
import '../monitor.css';

/** Entry to single-station monitoring: find a station by name or code, then open it. */
export function Page({ route }: PageProps) {
  const { t } = useTranslation();
  const { format, openStation, live, overview, isError, refetch } = useLiveOverview();
  const now = useNow(30_000);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const query = useDeferredValue(text);
  const stations = overview ? filterStations(overview.stations, query, status) : [];

  return (
    <section className="monitor-page monitor-picker" data-testid="monitor-picker">
      <MonitorPageHead title={t(route.titleKey)}>
        <LiveIndicator state={live} />
      </MonitorPageHead>
      <div className="monitor-picker__toolbar">
        <input
          type="search"
          className="plain-control monitor-input monitor-picker__search"
          placeholder={t('monitor.picker.search')}
          aria-label={t('monitor.picker.search')}
          maxLength={100}
          value={text}
          onChange={(event) => setText(event.target.value)}
          data-testid="station-search"
        />
        <div className="monitor-segmented" role="radiogroup" aria-label={t('monitor.picker.filter')}>
          {(['all', ...STATION_STATUS_ORDER] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={status === value}
              className={`monitor-segmented__item${status === value ? ' monitor-segmented__item--active' : ''}`}
              onClick={() => setStatus(value)}
              data-testid={`status-filter-${value}`}
            >
              {value === 'all' ? t('monitor.status.all') : t(STATUS_KEYS[value])}
            </button>
          ))}
        </div>
        {overview ? <span className="monitor-muted">{t('monitor.picker.count', { count: stations.length })}</span> : null}
      </div>
      {!overview ? (
        <OverviewPending isError={isError} onRetry={() => void refetch()} />
      ) : stations.length === 0 ? (
        <p className="monitor-empty">{t('monitor.picker.none')}</p>
      ) : (
        <ul className="monitor-picker__grid">
          {stations.map((station) => {
            const fill = fillFraction(station.volumeL, station.capacityL);
            return (
              <li key={station.id}>
                <a
                  className={`monitor-station-card monitor-station-card--${station.status}`}
                  href={stationMonitorPath(station.id)}
                  onClick={(event) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                    event.preventDefault();
                    openStation(station.id);
                  }}
                  data-testid={`station-card-${station.id}`}
                >
                  <span className="monitor-station-card__head">
                    <bdi className="monitor-station-card__name">{station.name}</bdi>
                    <StatusBadge status={station.status} />
                  </span>
                  <span className="monitor-muted">
                    {station.code} · <bdi>{station.companyName}</bdi>
                  </span>
                  <span className="monitor-bar monitor-bar--thin" aria-hidden="true">
                    <span className="monitor-bar__fill" style={{ inlineSize: `${fill * 100}%` }} />
                  </span>
                  <span className="monitor-station-card__foot">
                    <span>
                      {format.volume(station.volumeL, station.volumeUnit)} · {format.percent(fill * 100)}
                    </span>
                    <span className="monitor-muted">{station.lastDataAt ? format.relative(station.lastDataAt, now) : t('monitor.station.neverReported')}</span>
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
