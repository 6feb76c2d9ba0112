import { useEffect, useRef, useSyncExternalStore, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionUser } from '../lib/session-user';
import { activeLanguage } from '../i18n/i18n';
import type { AlarmKind, BurstStep } from '../lib/alarm-burst';
import { alarmLines, connectAlarmFeed, type LiveAlarm } from '../lib/alarm-feed';
import { alarmListHref, alarmRangeHref, stationMonitorHref } from '../lib/alarm-links';
import { apiUrl } from '../lib/api-client';
import { withFeedback } from '../lib/feedback';
import { SUMMARY_TOAST_KEY, toastStack } from './alarm-toast-stack';
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

/** A link that the app's router follows (no reload); still a real link to open in a new tab. */
function ToastLink({ href, go, testId, children }: { href: string; go: (href: string) => void; testId: string; children: string }) {
  return (
    <a
      href={href}
      data-testid={testId}
      onClick={(event: MouseEvent) => {
        event.preventDefault();
        go(href);
      }}
    >
      {children}
    </a>
  );
}

/** "Close all" while a burst has several alarms: the open toasts and those waiting behind the summary. */
function CloseAll({ closeAll }: { closeAll: () => void }) {
  const { t } = useTranslation();
  const { open, waiting } = useSyncExternalStore(toastStack.subscribe, toastStack.view);
  const count = open.length + waiting;
  return count > 1 ? (
    <button type="button" className="alarm-toast__close-all" onClick={closeAll} data-testid="alarm-toast-close-all">
      {t('alarm.notice.closeAll', { count })}
    </button>
  ) : null;
}

interface ActionsProps {
  alarm: LiveAlarm;
  /** The desktop shell links to the station monitor and the alarm list; the phone has neither page. */
  links: boolean;
  go: (href: string) => void;
  closeAll: () => void;
}

/** Under each toast: where the alarm leads, and "close all" while there are several alarms. */
function ToastActions({ alarm, links, go, closeAll }: ActionsProps) {
  const { t } = useTranslation();
  const { stationId, kind, startedAt } = alarm;
  return (
    <div className="alarm-toast__actions">
      {links && stationId !== undefined ? (
        <ToastLink href={stationMonitorHref(stationId)} go={go} testId="alarm-toast-station">
          {t('alarm.notice.openStation')}
        </ToastLink>
      ) : null}
      {links && stationId !== undefined && kind && startedAt ? (
        <ToastLink href={alarmListHref({ stationId, kind, startedAt })} go={go} testId="alarm-toast-alarm">
          {t('alarm.notice.openAlarm')}
        </ToastLink>
      ) : null}
      <CloseAll closeAll={closeAll} />
    </div>
  );
}

const KINDS: readonly { kind: AlarmKind; label: 'route.title.alarm_report' | 'route.title.leak_alarm' }[] = [
  { kind: 'level', label: 'route.title.alarm_report' },
  { kind: 'leak', label: 'route.title.leak_alarm' },
];

/** The summary toast's text: how many alarms wait (exact, live), and how to see the next. */
function SummaryText() {
  const { t } = useTranslation();
  const { waiting } = useSyncExternalStore(toastStack.subscribe, toastStack.view);
  return (
    <div className="alarm-toast" data-testid="alarm-toast-summary" data-count={waiting}>
      <strong className="alarm-toast__more">{waiting === 1 ? t('alarm.notice.moreOne') : t('alarm.notice.more', { count: waiting })}</strong>
      <span className="alarm-toast__hint">{t('alarm.notice.moreHint')}</span>
    </div>
  );
}

/** Under the summary: the alarm list of each kind waiting, filtered to when they started, and "close all". */
function SummaryActions({ links, go, closeAll }: Omit<ActionsProps, 'alarm'>) {
  const { t } = useTranslation();
  const { held } = useSyncExternalStore(toastStack.subscribe, toastStack.view);
  return (
    <div className="alarm-toast__actions">
      {links
        ? KINDS.map(({ kind, label }) => {
            const span = held[kind];
            return span === undefined ? null : (
              <ToastLink key={kind} href={alarmRangeHref(kind, span)} go={go} testId={`alarm-toast-summary-${kind}`}>
                {t(label)}
              </ToastLink>
            );
          })
        : null}
      <CloseAll closeAll={closeAll} />
    </div>
  );
}

/**
 * The live alarm feed of the signed-in user (spec §7), each alarm a warning toast titled
 * "alarm notification" staying until closed (spec §8), in the bottom corner away from the
 * menu: bottom right, bottom left in a right-to-left language (the menu is on the right
 * there). Mounted by both shells; closed when the user leaves them. A burst (a reconnect replays
 * every alarm missed) opens a few toasts and one summary counting the rest (lib/alarm-burst).
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
    const go = (href: string) => navigateRef.current(href);
    let seq = 0;
    const placement = () => (rtlRef.current ? 'bottomLeft' : 'bottomRight');
    // Every open, close and count goes through the burst (lib/alarm-burst), which says what to do.
    const apply = (step: BurstStep) =>
      withFeedback(({ notification }) => {
        for (const key of step.close) notification.destroy(key);
        // Closed and opened again at once, the summary only moves after the new toasts (the
        // list keeps a key that stays): it stays the last, nearest the corner.
        if (step.summary !== null) notification.destroy(SUMMARY_TOAST_KEY);
        for (const { key, alarm } of step.show) notification.warning(toast(key, alarm));
        if (step.summary === 'open') notification.warning(summary());
      });
    const closeAll = () => apply(toastStack.closeAll());
    const toast = (key: string, alarm: LiveAlarm) => {
      const lines = alarmLines(alarm);
      return {
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
        actions: <ToastActions alarm={alarm} links={links} go={go} closeAll={closeAll} />,
        closable: { 'aria-label': t('alarm.notice.close') },
        // The user's close only: antd's destroy (close all, the burst's own steps) does not call it.
        onClose: () => apply(toastStack.closed(key)),
        placement: placement(),
        duration: 0,
      } as const;
    };
    // One toast for every alarm beyond the cap; it counts them itself as they come and go, and
    // closes with "close all" or when the last one waiting has its own toast.
    const summary = () =>
      ({
        key: SUMMARY_TOAST_KEY,
        title: t('alarm.notice.title'),
        description: <SummaryText />,
        actions: <SummaryActions links={links} go={go} closeAll={closeAll} />,
        closable: false,
        placement: placement(),
        duration: 0,
      }) as const;
    const show = (alarm: LiveAlarm) => apply(toastStack.arrive({ key: `alarm-toast-${alarm.alarmId ?? 'n'}-${++seq}-${Date.now()}`, alarm }));
    return connectAlarmFeed({ url: apiUrl('/api/sse-msg/connect', { userId, lang: activeLanguage() }), onAlarm: show });
  }, [userId, links]);
  return null;
}
