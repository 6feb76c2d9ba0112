import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ForecastRow } from '@ullage/contracts/forecast';
import { useForecasts } from '../../../lib/forecast-list';
import type { MonitorFormat } from '../../../lib/format';
import { durationText, FORECAST_REACH_DAYS, soonestToRunOut } from '../../../lib/run-out';
import { stationMonitorPath } from '../use-open-station';
import { Panel } from './panel';
import { useDuration } from '../../../components/tank/tank-forecast';

/** At most this many tanks on home. */
const SHOWN = 8;

/** The run-out cell — the low alarm's, or empty's for a tank without one — stands out, and more so within a day. */
const runOutClass = (row: ForecastRow, target: ForecastRow['runOutTarget']) =>
  row.runOutTarget !== target ? '' : ` run-out-table__alarm${row.hoursToRunOut! <= 24 ? ' run-out-table__alarm--soon' : ''}`;

/**
 * Home's "running out soonest" (issue 23): the tanks forecast to run out first — reach their low
 * alarm, or empty when they have none — with the time to the low warning, the low alarm and
 * empty ("Not set" for an unset threshold) and the order that refills them, each linking to its
 * station's monitor.
 */
export function RunOutPanel({ format }: { format: MonitorFormat }) {
  const { t } = useTranslation();
  const duration = useDuration();
  const forecasts = useForecasts({});
  const rows = soonestToRunOut(forecasts.data?.list ?? [], SHOWN);
  return (
    <Panel title={t('monitor.forecast.home.title')} className="monitor-home__run-out" testId="home-run-out">
      {rows.length === 0 ? (
        <p className="monitor-empty">{forecasts.isPending ? t('common.loading') : t('monitor.forecast.home.none', { count: FORECAST_REACH_DAYS, days: format.count(FORECAST_REACH_DAYS) })}</p>
      ) : (
        <table className="run-out-table" data-testid="home-run-out-table">
          <thead>
            <tr>
              <th scope="col">{t('monitor.forecast.column.tank')}</th>
              <th scope="col">{t('monitor.forecast.column.lowWarning')}</th>
              <th scope="col">{t('monitor.forecast.column.lowAlarm')}</th>
              <th scope="col">{t('monitor.forecast.column.empty')}</th>
              <th scope="col">{t('monitor.forecast.column.order', { fill: format.percent(rows[0]!.fillPct) })}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.tankId} data-testid={`run-out-${row.tankId}`}>
                <th scope="row">
                  <Link to={stationMonitorPath(row.stationId)} className="run-out-table__place">
                    <bdi>{row.stationName}</bdi>
                    {' · '}
                    <bdi>{t('monitor.tank.title', { code: row.tankCode })}</bdi>
                  </Link>
                  {row.productName ? (
                    <span className="monitor-muted run-out-table__product">
                      <bdi>{row.productName}</bdi>
                    </span>
                  ) : null}
                </th>
                <td className="monitor-nowrap">{row.lowWarningSet ? duration(durationText(row.hoursToLowWarning)) : t('monitor.forecast.notSet')}</td>
                <td className={`monitor-nowrap${runOutClass(row, 'lowAlarm')}`} data-testid={`run-out-${row.tankId}-low-alarm`}>
                  {row.lowAlarmSet ? duration(durationText(row.hoursToLowAlarm)) : t('monitor.forecast.notSet')}
                </td>
                <td className={`monitor-nowrap${runOutClass(row, 'empty')}`} data-testid={`run-out-${row.tankId}-empty`}>
                  {duration(durationText(row.hoursToEmpty))}
                </td>
                <td className="monitor-nowrap" data-testid={`run-out-${row.tankId}-order`}>
                  {format.volume(row.suggestedOrderL, row.volumeUnit)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
