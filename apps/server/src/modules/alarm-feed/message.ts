import type { ActiveAlarm } from '@ullage/contracts/monitor';
import type { MessageKey } from '../../i18n/en';
import type { Translate } from '../../i18n/translate';

/** A live alarm as spec §3 names its fields; any field the alarm lacks is null (the client shows "--"). */
export interface LiveAlarmMessage {
  stationName: string | null;
  classifyName: string | null;
  tankCode: string | null;
  sensorNo: string | null;
  sensorTypeDesc: string | null;
  alarmTypeDesc: string | null;
  startTime: string | null;
}

/** "2026-11-22 08:00:05" in the station's own time zone, as the people at the station read it. */
export function stationTime(iso: string, timezone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

export function liveAlarmMessage(t: Translate, alarm: ActiveAlarm, station: { timezone: string }, sensorType: string | null): LiveAlarmMessage {
  const known = (key: string) => key as MessageKey;
  const codeKey = known(`alarm.code.${alarm.kind}.${alarm.code}`);
  const typeKey = sensorType ? known(`alarm.sensorType.${sensorType}`) : null;
  return {
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
