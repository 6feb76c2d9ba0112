import { useState } from 'react';
import type { StationSummary } from '@ullage/contracts/monitor';
import { useTranslation } from 'react-i18next';
import { fillFraction, type MonitorFormat } from '../../../lib/format';
import { sortStations, type StationSort, type StationSortKey } from '../station-filter';
import { StatusBadge } from './status-badge';

interface StationTableProps {
  stations: readonly StationSummary[];
  format: MonitorFormat;
  now: number;
  onOpen: (stationId: number) => void;
}

/**
 * Every station with its state, company, last data and stock; a row opens the station
 * monitor. A plain table with sortable headers: the home route stays free of antd's Table.
 */
export function StationTable({ stations, format, now, onOpen }: StationTableProps) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<StationSort>({ key: 'status', direction: 1 });
  const sorted = sortStations(stations, sort);

  const header = (key: StationSortKey, label: string, className?: string) => {
    const active = sort.key === key;
    return (
      <th scope="col" className={className} aria-sort={active ? (sort.direction === 1 ? 'ascending' : 'descending') : 'none'}>
        <button
          type="button"
          className={`monitor-table__sort${active ? ' monitor-table__sort--active' : ''}`}
          onClick={() => setSort((old) => ({ key, direction: old.key === key ? ((-old.direction) as 1 | -1) : 1 }))}
        >
          {label}
          <span className="monitor-table__arrow" aria-hidden="true">
            {active ? (sort.direction === 1 ? '▲' : '▼') : '↕'}
          </span>
        </button>
      </th>
    );
  };

  if (stations.length === 0) return <p className="monitor-empty">{t('monitor.home.noStations')}</p>;
  return (
    <div className="monitor-table-wrap">
      <table className="monitor-table" data-testid="station-table">
        <thead>
          <tr>
            {header('name', t('monitor.column.station'))}
            {header('company', t('monitor.column.company'))}
            {header('status', t('monitor.column.status'))}
            {header('lastData', t('monitor.column.lastData'))}
            {header('fill', t('monitor.column.volume'))}
            {header('alarms', t('monitor.column.alarms'), 'monitor-table__num')}
          </tr>
        </thead>
        <tbody>
          {sorted.map((station) => (
            <tr key={station.id} className={`monitor-table__row monitor-table__row--${station.status}`} onClick={() => onOpen(station.id)} data-testid={`station-row-${station.id}`}>
              <td>
                <div className="monitor-stack">
                  <button
                    type="button"
                    className="monitor-link monitor-link--strong"
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(station.id);
                    }}
                  >
                    <bdi>{station.name}</bdi>
                  </button>
                  <span className="monitor-muted">{station.code}</span>
                </div>
              </td>
              <td>
                <bdi>{station.companyName}</bdi>
              </td>
              <td>
                <StatusBadge status={station.status} />
              </td>
              <td>
                <time dateTime={station.lastDataAt ?? undefined} title={format.dateTime(station.lastDataAt, station.timezone)}>
                  {station.lastDataAt ? format.relative(station.lastDataAt, now) : t('monitor.station.neverReported')}
                </time>
              </td>
              <td>
                <div className="monitor-stack monitor-volume-cell">
                  <span>
                    <span className="monitor-nowrap">{format.volume(station.volumeL, station.volumeUnit)}</span>{' '}
                    <span className="monitor-muted monitor-nowrap">/ {format.volume(station.capacityL, station.volumeUnit)}</span>{' '}
                    {/* The column sorts by how full a station is: the figure it sorts by is shown. */}
                    {station.capacityL > 0 ? <span className="monitor-muted monitor-nowrap">· {format.percent(fillFraction(station.volumeL, station.capacityL) * 100)}</span> : null}
                  </span>
                  <span className="monitor-bar monitor-bar--thin" aria-hidden="true">
                    <span className="monitor-bar__fill" style={{ inlineSize: `${fillFraction(station.volumeL, station.capacityL) * 100}%` }} />
                  </span>
                </div>
              </td>
              <td className="monitor-table__num">
                <span className={station.activeAlarmCount > 0 ? 'monitor-alarm-count' : 'monitor-muted'}>{format.count(station.activeAlarmCount)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
