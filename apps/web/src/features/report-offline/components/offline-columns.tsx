import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { OfflineRow } from '@ullage/contracts/offline-records';
import type { SortOrder } from '../../../components/list-page/list-query';
import { stationDateTime } from '../../../lib/station-time';
import { durationOf } from '../offline-filters-state';
import { offlineTypeLabel } from '../offline-types';
import { stationColumn } from '../../../components/report-cells/place-columns';
import { sortableField } from '../../../components/list-page/columns';

interface ColumnOptions {
  t: TFunction;
  sortOrderOf: (field: string) => SortOrder | null;
  canProcess: boolean;
  onProcess: (row: OfflineRow) => void;
}

export function durationText(t: TFunction, seconds: number): string {
  const d = durationOf(seconds);
  return t(`report.offline.duration.${d.key}`, { days: d.days, hours: d.hours, minutes: d.minutes });
}

/** The offline record list: times in each station's own zone; an outage still going on says so. */
export function offlineColumns({ t, sortOrderOf, canProcess, onProcess }: ColumnOptions): ColumnsType<OfflineRow> {
  const missing = t('common.placeholder.missing');
  const time = (iso: string | null, row: OfflineRow) => <span dir="ltr">{stationDateTime(iso, row.timezone) ?? missing}</span>;
  const columns: ColumnsType<OfflineRow> = [
    stationColumn(t('report.offline.column.station'), sortOrderOf, 160),
    { title: t('report.offline.column.startedAt'), ...sortableField('startedAt', sortOrderOf), width: 160, render: (value: string, row) => time(value, row) },
    {
      title: t('report.offline.column.endedAt'),
      ...sortableField('endedAt', sortOrderOf),
      width: 160,
      render: (value: string | null, row) => (value ? time(value, row) : <Tag color="error">{t('report.offline.ongoing')}</Tag>),
    },
    {
      title: t('report.offline.column.duration'),
      dataIndex: 'durationSeconds',
      key: 'duration',
      sorter: true,
      sortOrder: sortOrderOf('duration'),
      width: 130,
      render: (value: number, row) => (row.endedAt ? durationText(t, value) : <span className="offline-ongoing">{t('report.offline.soFar', { duration: durationText(t, value) })}</span>),
    },
    {
      title: t('report.offline.column.processed'),
      dataIndex: 'processed',
      key: 'processed',
      width: 110,
      render: (value: boolean) => <Tag color={value ? 'success' : 'warning'}>{t(value ? 'report.offline.processed.yes' : 'report.offline.processed.no')}</Tag>,
    },
    {
      title: t('report.offline.column.type'),
      dataIndex: 'type',
      key: 'type',
      width: 150,
      render: (value: OfflineRow['type']) => (value ? <Tag>{offlineTypeLabel(t, value)}</Tag> : missing),
    },
    { title: t('report.offline.column.handler'), dataIndex: 'handler', key: 'handler', width: 120, ellipsis: true, render: (value: string | null) => <bdi>{value ?? missing}</bdi> },
    {
      title: t('report.offline.column.content'),
      dataIndex: 'content',
      key: 'content',
      width: 240,
      render: (value: string | null) => (value ? <span className="offline-content">{value}</span> : missing),
    },
    { title: t('report.offline.column.processedAt'), ...sortableField('processedAt', sortOrderOf), width: 170, render: (value: string | null, row) => time(value, row) },
    { title: t('report.offline.column.processedBy'), dataIndex: 'processedByName', key: 'processedByName', width: 120, render: (value: string | null) => <bdi>{value ?? missing}</bdi> },
  ];
  if (canProcess) {
    columns.push({
      title: t('list.column.actions'),
      key: 'actions',
      width: 100,
      fixed: 'end',
      className: 'offline-actions',
      render: (_, row) =>
        row.processed ? null : (
          <Button size="small" type="link" onClick={() => onProcess(row)} data-testid={`offline-process-${row.id}`}>
            {t('report.offline.process.action')}
          </Button>
        ),
    });
  }
  return columns;
}
