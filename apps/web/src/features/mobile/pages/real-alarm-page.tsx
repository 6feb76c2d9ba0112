import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import HistoryOutlined from '@ant-design/icons/es/icons/HistoryOutlined';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import { useTranslation } from 'react-i18next';
import { activeLanguage } from '../../../i18n/i18n';
import { connectAlarmFeed } from '../../../lib/alarm-feed';
import { apiUrl } from '../../../lib/api-client';
import { ALARMS_KEY } from '../../../lib/alarm-keys';
import { useSessionUser } from '../../../lib/session-user';
import { useMonitorFormat, useNow } from '../../../lib/use-monitor-format';
import { ACTIVE_LIMIT, useRealAlarms } from '../api/alarms';
import { AlarmCard, LiveAlarmCard } from '../../../components/mobile/alarm-card';
import { LoadState } from '../../../components/mobile/load-state';
import { MobilePage } from '../../../components/mobile/mobile-page';
import { arrivedIds, pendingLive, type LiveEntry } from '../live-alarms';

/**
 * /realAlarm (spec §2 mobile routes): the open alarms now, and those the live feed announces
 * while the page is open, at the top and marked new. A feed message shows at once; the list
 * is fetched again behind it and takes over with the full row.
 */
export function Page() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const format = useMonitorFormat();
  const now = useNow(30_000);
  // A minute's margin for a device clock a little behind the server's.
  const [openedAt] = useState(() => new Date(Date.now() - 60_000).toISOString());
  const alarms = useRealAlarms(openedAt);
  const [live, setLive] = useState<LiveEntry[]>([]);
  const [firstSeen, setFirstSeen] = useState<Set<number> | null>(null);
  const seq = useRef(0);
  const userId = useSessionUser().data?.userId;

  useEffect(() => {
    if (alarms.loaded && firstSeen === null) setFirstSeen(new Set(alarms.rows.map((row) => row.id)));
  }, [alarms.loaded, alarms.rows, firstSeen]);

  useEffect(() => {
    if (userId === undefined || typeof EventSource === 'undefined') return;
    return connectAlarmFeed({
      url: apiUrl('/api/sse-msg/connect', { userId, lang: activeLanguage() }),
      onAlarm: (alarm) => {
        seq.current += 1;
        const entry = { seq: seq.current, alarm };
        setLive((current) => [...current, entry]);
        void client.invalidateQueries({ queryKey: [...ALARMS_KEY, 'mobile'] });
      },
    });
  }, [userId, client]);

  const waiting = pendingLive(live, alarms.rows);
  const arrived = arrivedIds(alarms.rows, firstSeen);
  const refresh = () => void client.invalidateQueries({ queryKey: [...ALARMS_KEY, 'mobile'] });

  return (
    <MobilePage
      testId="mobile-real-alarm"
      toolbar={
        <div className="m-bar">
          <p className="m-bar__text" data-testid="active-count" aria-live="polite">
            {alarms.loaded ? t('mobile.alarm.activeCount', { count: alarms.activeTotal }) : t('common.loading')}
            {alarms.updatedAt > 0 ? <span className="m-bar__sub">{t('mobile.alarm.updated', { time: format.time(new Date(alarms.updatedAt).toISOString()) })}</span> : null}
          </p>
          <Button size="large" icon={<ReloadOutlined />} loading={alarms.fetching} onClick={refresh} aria-label={t('alarm.query.refresh')} />
          <Link className="m-icon-link" to="/alarmHistory" aria-label={t('route.title.alarmHistory')} data-testid="alarm-history-link">
            <HistoryOutlined aria-hidden />
          </Link>
        </div>
      }
    >
      {alarms.truncated ? <p className="m-note">{t('mobile.alarm.limited', { count: ACTIVE_LIMIT })}</p> : null}
      <LoadState
        loading={!alarms.loaded && !alarms.failed}
        failed={alarms.failed}
        empty={alarms.rows.length === 0 && waiting.length === 0}
        emptyText={t('monitor.alarm.noneActive')}
        onRetry={refresh}
      >
        <div className="m-list" data-testid="real-alarm-list">
          {waiting.map((entry) => (
            <LiveAlarmCard key={`live-${entry.seq}`} alarm={entry.alarm} />
          ))}
          {alarms.rows.map((row) => (
            <AlarmCard key={row.id} row={row} now={now} isNew={arrived.has(row.id)} />
          ))}
        </div>
      </LoadState>
    </MobilePage>
  );
}
