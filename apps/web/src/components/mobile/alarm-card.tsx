import type { ReactNode } from 'react';
import { Link } from 'react-router';
import Tag from 'antd/es/tag';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AlarmRow } from '@ullage/contracts/alarms';
import type { MessageKey } from '../../i18n/message-key';
import { alarmLines, type LiveAlarm } from '../../lib/alarm-feed';
import { durationParts } from '../../lib/station-time';
import { StationTime } from '../station-time';
import { alarmName } from '../../lib/alarm-names';
import { drillHref } from '../../lib/drill-place';

interface AlarmCardProps {
  row: AlarmRow;
  /** Arrived during this visit. */
  isNew?: boolean;
  now: number;
  /** The processing button, where the page offers it. */
  action?: ReactNode;
}

function durationText(t: TFunction, row: AlarmRow, now: number): string {
  const { days, hours, minutes } = durationParts(row.startedAt, row.endedAt ? Date.parse(row.endedAt) : now);
  if (days > 0) return t('alarm.query.duration.days', { days, hours });
  if (hours > 0) return t('alarm.query.duration.hours', { hours, minutes });
  return t('alarm.query.duration.minutes', { minutes });
}

/** One level or leak alarm: what, where, since when, and whether someone dealt with it. */
export function AlarmCard({ row, isNew = false, now, action }: AlarmCardProps) {
  const { t } = useTranslation();
  const name = alarmName(t, row.kind, row.code);
  // Each part on its own: a product name in Latin letters must not reorder an Arabic line.
  const target: ReactNode[] =
    row.kind === 'level'
      ? [row.tankCode ? t('monitor.alarm.tank', { code: row.tankCode }) : null, row.productName]
      : [row.sensorNo ? t('monitor.alarm.sensor', { no: row.sensorNo }) : null, row.sensorType ? t(`monitor.sensor.type.${row.sensorType}` as MessageKey, { defaultValue: row.sensorType }) : null];
  const active = row.endedAt === null;
  return (
    <article className={`m-card m-alarm${active ? ' m-card--alarm' : ''}${isNew ? ' m-alarm--new' : ''}`} data-testid="alarm-card" data-alarm-id={row.id}>
      <div className="m-alarm__head">
        <h3 className="m-alarm__name">
          <span className={`m-alarm__kind m-alarm__kind--${row.kind}`}>{t(row.kind === 'level' ? 'monitor.alarm.kind.level' : 'monitor.alarm.kind.leak')}</span>
          {name}
        </h3>
        <span className="m-card__badges">
          {isNew ? <Tag color="red">{t('mobile.alarm.new')}</Tag> : null}
          <Tag color={active ? 'red' : 'default'}>{t(active ? 'alarm.query.state.active' : 'alarm.query.state.cleared')}</Tag>
        </span>
      </div>
      <p className="m-alarm__where">
        <Link to={drillHref('/stationDetails', { stationId: row.stationId })} data-testid="alarm-station-link">
          <bdi>{row.stationName}</bdi>
        </Link>
        {target.filter(Boolean).map((part, i) => (
          <span key={i}>
            {' · '}
            <bdi>{part}</bdi>
          </span>
        ))}
      </p>
      <dl className="m-alarm__times">
        <div>
          <dt>{t('alarm.query.column.startedAt')}</dt>
          <dd>
            <StationTime iso={row.startedAt} timeZone={row.timezone} missing={t('common.placeholder.missing')} />
          </dd>
        </div>
        <div>
          <dt>{active ? t('alarm.query.column.duration') : t('alarm.query.column.endedAt')}</dt>
          <dd>{active ? durationText(t, row, now) : <StationTime iso={row.endedAt} timeZone={row.timezone} />}</dd>
        </div>
      </dl>
      <div className="m-alarm__foot">
        <span className="m-alarm__processing">
          {row.processed ? (
            <>
              <Tag color="green">{t('alarm.query.processed.yes')}</Tag>
              {row.note ? <bdi className="m-alarm__note">{row.note}</bdi> : null}
            </>
          ) : (
            <Tag color="orange">{t('alarm.query.processed.no')}</Tag>
          )}
        </span>
        {action}
      </div>
    </article>
  );
}

/** An alarm the live feed announced that the list does not show yet, in the feed's own words. */
export function LiveAlarmCard({ alarm }: { alarm: LiveAlarm }) {
  const { t } = useTranslation();
  const lines = alarmLines(alarm);
  const target = alarm.tankCode ? t('monitor.alarm.tank', { code: alarm.tankCode }) : alarm.sensorNo ? t('monitor.alarm.sensor', { no: alarm.sensorNo }) : null;
  return (
    <article className="m-card m-alarm m-card--alarm m-alarm--new" data-testid="live-alarm-card">
      <div className="m-alarm__head">
        <h3 className="m-alarm__name">
          <span className="m-alarm__kind">{lines.classifyName}</span>
          {lines.alarmTypeDesc}
        </h3>
        <span className="m-card__badges">
          <Tag color="red">{t('mobile.alarm.new')}</Tag>
        </span>
      </div>
      <p className="m-alarm__where">
        <bdi>{lines.stationName}</bdi>
        {target ? (
          <>
            {' · '}
            <bdi>{target}</bdi>
          </>
        ) : null}
        {alarm.sensorTypeDesc ? ` · ${alarm.sensorTypeDesc}` : null}
      </p>
      <dl className="m-alarm__times">
        <div>
          <dt>{t('alarm.query.column.startedAt')}</dt>
          <dd dir="ltr">{lines.startTime}</dd>
        </div>
      </dl>
    </article>
  );
}
