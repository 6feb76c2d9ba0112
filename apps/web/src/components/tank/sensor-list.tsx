import type { SensorLive } from '@ullage/contracts/monitor';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/message-key';
import { alarmNameKey } from '../../lib/alarm-names';
import type { MonitorFormat } from '../../lib/format';
import './sensor-list.css';

const TYPE_KEYS: Record<string, MessageKey> = {
  leak: 'monitor.sensor.type.leak',
  gas: 'monitor.sensor.type.gas',
  sump: 'monitor.sensor.type.sump',
  interstitial: 'monitor.sensor.type.interstitial',
  vapour: 'monitor.sensor.type.vapour',
  pressure: 'monitor.sensor.type.pressure',
};

const STATE_KEYS: Record<string, MessageKey> = {
  normal: 'monitor.sensor.state.normal',
  alarm: 'monitor.sensor.state.alarm',
  fault: 'monitor.sensor.state.fault',
};

/** The station's leak and gas sensors with their latest state. */
export function SensorList({ sensors, format, timeZone }: { sensors: readonly SensorLive[]; format: MonitorFormat; timeZone: string }) {
  const { t } = useTranslation();
  const label = (keys: Record<string, MessageKey>, value: string) => (Object.hasOwn(keys, value) ? t(keys[value]!) : value);
  if (sensors.length === 0) return <p className="monitor-empty">{t('monitor.station.noSensors')}</p>;
  const sorted = [...sensors].sort((a, b) => a.sensorNo.localeCompare(b.sensorNo, undefined, { numeric: true }));
  return (
    <ul className="monitor-sensors">
      {sorted.map((sensor) => {
        const codeKey = sensor.state === 'alarm' && sensor.code !== null ? alarmNameKey('leak', sensor.code) : null;
        return (
          <li key={sensor.sensorNo} className={`monitor-sensor monitor-sensor--${sensor.state}`} data-testid={`sensor-${sensor.sensorNo}`}>
            <span className="monitor-sensor__name">{t('monitor.sensor.title', { no: sensor.sensorNo })}</span>
            <span className="monitor-sensor__type">{label(TYPE_KEYS, sensor.type)}</span>
            <span className="monitor-sensor__state">
              {label(STATE_KEYS, sensor.state)}
              {codeKey ? ` · ${t(codeKey)}` : null}
            </span>
            <time className="monitor-sensor__time" dateTime={sensor.ts}>
              {format.dateTime(sensor.ts, timeZone)}
            </time>
          </li>
        );
      })}
    </ul>
  );
}
