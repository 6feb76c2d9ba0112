import type { PushMessage } from '@ullage/contracts/push';
import type { Language } from '@ullage/domain/languages';
import { translator } from '../../i18n/translate';
import { liveAlarmMessage, type FeedAlarm } from '../alarm-feed/service';

/**
 * Where a tap on the notification leads: the alarm's station on the monitor. The web app sends a
 * phone from there to the station's phone page (app/phone-counterparts.ts), so one URL serves both.
 */
export const stationMonitorUrl = (stationId: number) => `/single_monitor?stationId=${stationId}`;

/** A notification of one alarm in one language: the in-app alert's words, as title and body. */
export function pushMessageOf(item: FeedAlarm, language: Language): PushMessage {
  const t = translator(language);
  const live = liveAlarmMessage(t, item.alarm, item, item.sensorType);
  const alarmName = live.alarmTypeDesc ?? String(item.alarm.code);
  const time = live.zone ? `${live.startTime} ${live.zone}` : (live.startTime ?? '');
  const body = item.alarm.tankCode
    ? t('push.body.tank', { tank: item.alarm.tankCode, time })
    : item.alarm.sensorNo
      ? t('push.body.sensor', { sensor: item.alarm.sensorNo, time })
      : t('push.body.station', { time });
  return {
    title: t('push.title', { alarm: alarmName, station: item.alarm.stationName }),
    body,
    url: stationMonitorUrl(item.alarm.stationId),
    tag: `alarm-${item.alarm.id}`,
    alarmId: item.alarm.id,
    stationId: item.alarm.stationId,
    stationName: item.alarm.stationName,
    tankCode: item.alarm.tankCode,
    kind: item.alarm.kind,
    code: item.alarm.code,
    alarmName,
    startedAt: item.alarm.startedAt,
    startTime: live.startTime ?? '',
    zone: live.zone,
    lang: language,
  };
}
