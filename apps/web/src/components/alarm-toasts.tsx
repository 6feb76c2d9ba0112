import { useEffect, useRef, useSyncExternalStore, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionUser } from '../features/auth/api/get-info';
import { activeLanguage } from '../i18n/i18n';
import { alarmLines, connectAlarmFeed, type LiveAlarm } from '../lib/alarm-feed';
import { alarmListHref, stationMonitorHref } from '../lib/alarm-links';
import { apiUrl } from '../lib/api-client';
import { withFeedback } from '../lib/feedback';
import { toastStack } from './alarm-toast-stack';
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

interface ActionsProps {
  alarm: LiveAlarm;
  /** The desktop shell links to the station monitor and the alarm list; the phone has neither page. */
  links: boolean;
  go: (href: string) => void;
  closeAll: () => void;
}

/** Under each toast: where the alarm leads, and "close all" while a burst has several open. */
function ToastActions({ alarm, links, go, closeAll }: ActionsProps) {
  const { t } = useTranslation();
  const openCount = useSyncExternalStore(toastStack.subscribe, toastStack.snapshot).length;
  const link = (href: string, label: string, testId: string) => (
    <a
      href={href}
      data-testid={testId}
      onClick={(event: MouseEvent) => {
        event.preventDefault();
        go(href);
      }}
    >
      {label}
    </a>
  );
  const { stationId, kind, startedAt } = alarm;
  return (
    <div className="alarm-toast__actions">
      {links && stationId !== undefined ? link(stationMonitorHref(stationId), t('alarm.notice.openStation'), 'alarm-toast-station') : null}
      {links && stationId !== undefined && kind && startedAt ? link(alarmListHref({ stationId, kind, startedAt }), t('alarm.notice.openAlarm'), 'alarm-toast-alarm') : null}
      {openCount > 1 ? (
        <button type="button" className="alarm-toast__close-all" onClick={closeAll} data-testid="alarm-toast-close-all">
          {t('alarm.notice.closeAll', { count: openCount })}
        </button>
      ) : null}
    </div>
  );
}

/**
 * The live alarm feed of the signed-in user (spec §7), each alarm a warning toast titled
 * "alarm notification" staying until closed (spec §8), in the bottom corner away from the
 * menu: bottom right, bottom left in a right-to-left language (the menu is on the right
 * there). Mounted by both shells; closed when the user leaves them.
 */
export function AlarmToasts({ links = true }: { links?: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useSessionUser();
  const userId = user?.userId;
  const rtl = i18n.dir() === 'rtl';
  // Read through refs: `navigate` changes with every location, `t` when a bundle arrives and the
  // direction when the language is settled,
  // and an effect depending on them closed and reopened the feed each time, losing an alarm
  // raised in between.
  const tRef = useRef(t);
  tRef.current = t;
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const rtlRef = useRef(rtl);
  rtlRef.current = rtl;
  useEffect(() => {
    if (userId === undefined) return;
    const t = tRef.current;
    const navigate = (href: string) => navigateRef.current(href);
    let seq = 0;
    const closeAll = () => withFeedback(({ notification }) => toastStack.takeAll().forEach((key) => notification.destroy(key)));
    const show = (alarm: LiveAlarm) => {
      const lines = alarmLines(alarm);
      const key = `alarm-toast-${alarm.alarmId ?? `n${++seq}`}-${Date.now()}`;
      toastStack.add(key);
      withFeedback(({ notification }) =>
        notification.warning({
          key,
          title: t('alarm.notice.title'),
          description: (
            <dl className="alarm-toast" data-testid="alarm-toast">
              {LINES.map(([field, label]) => (
                <div key={field} className="alarm-toast__line">
                  <dt>{t(label)}</dt>
                  <dd data-field={field} dir={field === 'startTime' ? 'ltr' : undefined}>
                    {lines[field]}
                  </dd>
                </div>
              ))}
            </dl>
          ),
          actions: <ToastActions alarm={alarm} links={links} go={(href) => navigate(href)} closeAll={closeAll} />,
          closable: { 'aria-label': t('alarm.notice.close') },
          onClose: () => toastStack.remove(key),
          placement: rtlRef.current ? 'bottomLeft' : 'bottomRight',
          duration: 0,
        }),
      );
    };
    return connectAlarmFeed({ url: apiUrl('/api/sse-msg/connect', { userId, lang: activeLanguage() }), onAlarm: show });
  }, [userId, links]);
  return null;
}
