import type { ReactNode } from 'react';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { OfflineRow } from '@ullage/contracts/offline-records';
import { stationDateTime } from '../../../lib/station-time';
import { Figures } from '../../../components/mobile/figures';
import { durationText } from '../components/offline-columns';
import { offlineTypeLabel } from '../offline-types';

interface OfflineCardProps {
  row: OfflineRow;
  /** The processing button, where the caller may process. */
  action?: ReactNode;
}

/**
 * One period a station was silent (offline_record): from when, until when or still going,
 * how long; processed or not, and when processed, by whom, what type and what was done.
 * Times in the station's own clock.
 */
export function OfflineCard({ row, action }: OfflineCardProps) {
  const { t } = useTranslation();
  const missing = t('common.placeholder.missing');
  const time = (iso: string | null) => <span className="m-time" dir="ltr">{stationDateTime(iso, row.timezone)?.slice(0, 16) ?? missing}</span>;
  const ongoing = row.endedAt === null;
  return (
    <article className={`m-card m-report${ongoing ? ' m-card--alarm' : row.processed ? '' : ' m-card--warn'}`} data-testid="offline-card" data-offline-id={row.id}>
      <div className="m-card__head">
        <h3 className="m-card__title">
          <bdi>{row.stationName}</bdi>
        </h3>
        <span className="m-tags">
          {ongoing ? <Tag color="error">{t('report.offline.ongoing')}</Tag> : null}
          <Tag color={row.processed ? 'success' : 'warning'} data-testid="offline-card-state">
            {t(row.processed ? 'report.offline.processed.yes' : 'report.offline.processed.no')}
          </Tag>
        </span>
      </div>
      <p className="m-card__subtitle">
        <bdi>{row.companyName}</bdi> · <bdi>{row.stationCode}</bdi>
      </p>
      <Figures
        testId="offline-card"
        items={[
          { id: 'started', label: t('report.offline.column.startedAt'), value: time(row.startedAt) },
          { id: 'ended', label: t('report.offline.column.endedAt'), value: ongoing ? <span className="m-tone--alarm">{t('report.offline.ongoing')}</span> : time(row.endedAt) },
          { id: 'duration', label: t('report.offline.column.duration'), value: ongoing ? t('report.offline.soFar', { duration: durationText(t, row.durationSeconds) }) : durationText(t, row.durationSeconds) },
          ...(row.processed
            ? [
                { id: 'type', label: t('report.offline.column.type'), value: row.type ? offlineTypeLabel(t, row.type) : missing },
                { id: 'handler', label: t('report.offline.column.handler'), value: <bdi>{row.handler ?? missing}</bdi> },
                { id: 'processedAt', label: t('report.offline.column.processedAt'), value: time(row.processedAt) },
                { id: 'processedBy', label: t('report.offline.column.processedBy'), value: <bdi>{row.processedByName ?? missing}</bdi> },
              ]
            : []),
        ]}
      />
      {row.processed && row.content ? (
        <div className="m-report__block">
          <span className="m-report__label">{t('report.offline.column.content')}</span>
          <p className="m-report__text" data-testid="offline-card-content">
            {row.content}
          </p>
        </div>
      ) : null}
      {action ? <div className="m-alarm__foot">{action}</div> : null}
    </article>
  );
}
