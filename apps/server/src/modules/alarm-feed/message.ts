import type { LiveAlarmMessage } from '@ullage/contracts/alarm-feed';
import type { ActiveAlarm } from '@ullage/contracts/monitor';
import { stationClock } from '@ullage/domain/station-clock';
import type { MessageKey } from '../../i18n/en';
import type { Translate } from '../../i18n/translate';

/** "2026-11-22 08:00:05" in the station's own time zone, as the people at the station read it. */
export function stationTime(iso: string, timezone: string): string {
  const clock = stationClock(iso, timezone);
  return clock ? `${clock.date} ${clock.time}` : '';
}

/** The feed's message of an alarm, phrased in the viewer's language (its shape, shared with the web client, is in the contracts). */
export function liveAlarmMessage(t: Translate, alarm: ActiveAlarm, station: { timezone: string }, sensorType: string | null): LiveAlarmMessage {
  const known = (key: string) => key as MessageKey;
  const codeKey = known(`alarm.code.${alarm.kind}.${alarm.code}`);
  const typeKey = sensorType ? known(`alarm.sensorType.${sensorType}`) : null;
  return {
    alarmId: alarm.id,
    stationId: alarm.stationId,
    kind: alarm.kind,
    startedAt: alarm.startedAt,
    zone: stationClock(alarm.startedAt, station.timezone)?.zone ?? null,
    stationName: alarm.stationName,
    classifyName: t(known(`alarm.kind.${alarm.kind}`)),
    tankCode: alarm.tankCode,
    sensorNo: alarm.sensorNo,
    sensorTypeDesc: alarm.kind === 'leak' && typeKey ? safe(t, typeKey) : null,
    alarmTypeDesc: safe(t, codeKey),
    startTime: stationTime(alarm.startedAt, station.timezone),
  };
}

/** A code outside the catalogue (a device newer than this server) is shown as its number. */
function safe(t: Translate, key: MessageKey): string | null {
  try {
    return t(key);
  } catch {
    return key.split('.').pop() ?? null;
  }
}
