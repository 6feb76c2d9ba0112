import type { ActiveAlarm } from '@ullage/contracts/monitor';
import { useTranslation } from 'react-i18next';
import { alarmName } from '../../../lib/alarm-names';
import { StationTime } from '../../../components/station-time';

interface AlarmListProps {
  alarms: readonly ActiveAlarm[];
  /** Lists across stations name the station; a station's own list does not. */
  showStation?: boolean;
  /** Date and time rather than the time of day (alarms that may be days old). */
  withDate?: boolean;
  onOpenStation?: (stationId: number) => void;
}

/**
 * Alarms, newest first (by the instant), with their localised names and what they concern
 * (tank or sensor). Times on each alarm's station clock; a list across stations adds the zone.
 */
export function AlarmList({ alarms, showStation = false, withDate = false, onOpenStation }: AlarmListProps) {
  const { t } = useTranslation();
  const sorted = [...alarms].sort((a, b) => Date.parse(b.startedAt) - Date.parse(a.startedAt));
  return (
    <ul className="monitor-alarms">
      {sorted.map((alarm) => {
        const name = alarmName(t, alarm.kind, alarm.code);
        const subject = alarm.tankCode
          ? t('monitor.alarm.tank', { code: alarm.tankCode })
          : alarm.sensorNo
            ? t('monitor.alarm.sensor', { no: alarm.sensorNo })
            : null;
        return (
          <li key={alarm.id} className={`monitor-alarm monitor-alarm--${alarm.kind}${alarm.endedAt ? ' monitor-alarm--ended' : ''}`} data-testid={`alarm-${alarm.id}`}>
            <span className="monitor-alarm__time">
              <StationTime iso={alarm.startedAt} timeZone={alarm.timezone} withDate={withDate} withZone={showStation} />
            </span>
            <span className="monitor-alarm__name">{name}</span>
            <span className="monitor-alarm__where">
              {showStation ? (
                onOpenStation ? (
                  <button type="button" className="monitor-link" onClick={() => onOpenStation(alarm.stationId)}>
                    <bdi>{alarm.stationName}</bdi>
                  </button>
                ) : (
                  <bdi>{alarm.stationName}</bdi>
                )
              ) : null}
              {showStation && subject ? ' · ' : null}
              {subject}
              {alarm.endedAt ? <span className="monitor-alarm__ended"> · {t('monitor.alarm.ended')}</span> : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
