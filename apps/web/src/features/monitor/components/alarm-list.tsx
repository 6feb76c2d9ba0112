import type { ActiveAlarm } from '@ullage/contracts/monitor';
import { useTranslation } from 'react-i18next';
import { alarmNameKey } from '../alarm-names';
import type { MonitorFormat } from '../format';

interface AlarmListProps {
  alarms: readonly ActiveAlarm[];
  format: MonitorFormat;
  /** Lists across stations name the station; a station's own list does not. */
  showStation?: boolean;
  /** Times in this zone (a station's); otherwise the viewer's. */
  timeZone?: string;
  /** Date and time rather than the time of day (alarms that may be days old). */
  withDate?: boolean;
  onOpenStation?: (stationId: number) => void;
}

/** Alarms, newest first, with their localised names and what they concern (tank or sensor). */
export function AlarmList({ alarms, format, showStation = false, timeZone, withDate = false, onOpenStation }: AlarmListProps) {
  const { t } = useTranslation();
  const sorted = [...alarms].sort((a, b) => Date.parse(b.startedAt) - Date.parse(a.startedAt));
  return (
    <ul className="monitor-alarms">
      {sorted.map((alarm) => {
        const nameKey = alarmNameKey(alarm.kind, alarm.code);
        const name = nameKey ? t(nameKey) : t('monitor.alarm.unknown', { code: alarm.code });
        const subject = alarm.tankCode
          ? t('monitor.alarm.tank', { code: alarm.tankCode })
          : alarm.sensorNo
            ? t('monitor.alarm.sensor', { no: alarm.sensorNo })
            : null;
        const when = withDate ? format.dateTime(alarm.startedAt, timeZone) : format.time(alarm.startedAt, timeZone);
        return (
          <li key={alarm.id} className={`monitor-alarm monitor-alarm--${alarm.kind}${alarm.endedAt ? ' monitor-alarm--ended' : ''}`} data-testid={`alarm-${alarm.id}`}>
            <time className="monitor-alarm__time" dateTime={alarm.startedAt}>
              {when}
            </time>
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
