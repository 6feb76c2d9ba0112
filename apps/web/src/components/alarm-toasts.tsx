import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../features/auth/api/get-info';
import { activeLanguage } from '../i18n/i18n';
import { alarmLines, connectAlarmFeed, type LiveAlarm } from '../lib/alarm-feed';
import { apiUrl } from '../lib/api-client';
import { withFeedback } from '../lib/feedback';
import './alarm-toasts.css';

const LINES = [
  ['stationName', 'alarm.feed.station'],
  ['classifyName', 'alarm.feed.classify'],
  ['alarmTypeDesc', 'alarm.feed.alarmType'],
  ['tankCode', 'alarm.feed.tank'],
  ['sensorNo', 'alarm.feed.sensorNo'],
  ['sensorTypeDesc', 'alarm.feed.sensorType'],
  ['startTime', 'alarm.feed.startTime'],
] as const;

/**
 * The live alarm feed of the signed-in user (spec §7), each alarm a warning toast titled
 * "alarm notification", bottom right, staying until closed (spec §8). Mounted by both shells;
 * closed when the user leaves them.
 */
export function AlarmToasts() {
  const { t } = useTranslation();
  const { data: user } = useSessionUser();
  const userId = user?.userId;
  useEffect(() => {
    if (userId === undefined) return;
    const show = (alarm: LiveAlarm) => {
      const lines = alarmLines(alarm);
      withFeedback(({ notification }) =>
        notification.warning({
          title: t('alarm.notice.title'),
          description: (
            <dl className="alarm-toast" data-testid="alarm-toast">
              {LINES.map(([field, label]) => (
                <div key={field} className="alarm-toast__line">
                  <dt>{t(label)}</dt>
                  <dd data-field={field}>{lines[field]}</dd>
                </div>
              ))}
            </dl>
          ),
          placement: 'bottomRight',
          duration: 0,
        }),
      );
    };
    return connectAlarmFeed({ url: apiUrl('/api/sse-msg/connect', { userId, lang: activeLanguage() }), onAlarm: show });
  }, [userId, t]);
  return null;
}
