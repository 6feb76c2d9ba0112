import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { AlarmRow } from '@ullage/contracts/alarms';
import type { MessageKey } from '../../../i18n/message-key';
import { durationParts } from '../../../lib/station-time';
import { StationTime } from '../../../components/station-time';
import { alarmName } from '../../../lib/alarm-names';
import type { SortOrder } from '../../../components/list-page/list-query';
import { stationColumn } from '../../../components/report-cells/place-columns';
import { sortableField } from '../../../components/list-page/columns';

interface ColumnOptions {
  t: TFunction;
  kind: AlarmRow['kind'];
  sortOrderOf: (field: string) => SortOrder | null;
  /** Absent for a role without `alarm:process`: no actions column. */
  onProcess?: ((row: AlarmRow) => void) | undefined;
  now: number;
}

/** "2 d 3 h", "3 h 5 min", "45 min": how long the alarm lasted, or has lasted so far. */
function duration(t: TFunction, row: AlarmRow, now: number): string {
  const { days, hours, minutes } = durationParts(row.startedAt, row.endedAt ? Date.parse(row.endedAt) : now);
  if (days > 0) return t('alarm.query.duration.days', { days, hours });
  if (hours > 0) return t('alarm.query.duration.hours', { hours, minutes });
  return t('alarm.query.duration.minutes', { minutes });
}

/** The columns of the level or leak alarm list; times on each station's own clock, with its zone (the list mixes zones). */
export function alarmColumns({ t, kind, sortOrderOf, onProcess, now }: ColumnOptions): ColumnsType<AlarmRow> {
  const missing = t('common.placeholder.missing');
  const time = (iso: string | null, row: AlarmRow) => <StationTime iso={iso} timeZone={row.timezone} missing={missing} />;
  const target: ColumnsType<AlarmRow> =
    kind === 'level'
      ? [
          {
            title: t('alarm.query.column.tank'),
            key: 'tank',
            width: 130,
            render: (_, row) => (row.tankCode ? <bdi>{row.productName ? `${row.tankCode} · ${row.productName}` : row.tankCode}</bdi> : missing),
          },
        ]
      : [
          { title: t('alarm.query.column.sensor'), dataIndex: 'sensorNo', key: 'sensorNo', width: 100, render: (value: string | null) => <bdi>{value ?? missing}</bdi> },
          {
            title: t('alarm.query.column.sensorType'),
            dataIndex: 'sensorType',
            key: 'sensorType',
            width: 130,
            render: (value: string | null) => (value ? t(`monitor.sensor.type.${value}` as MessageKey, { defaultValue: value }) : missing),
          },
        ];
  return [
    stationColumn(t('alarm.query.column.station'), sortOrderOf, 190),
    ...target,
    {
      title: t('alarm.query.column.alarm'),
      ...sortableField('code', sortOrderOf),
      width: 200,
      render: (code: number, row) => (
        <span className="alarm-name">
          <Tag color={row.endedAt ? 'default' : 'red'}>{code}</Tag>
          {alarmName(t, row.kind, code)}
        </span>
      ),
    },
    { title: t('alarm.query.column.startedAt'), ...sortableField('startedAt', sortOrderOf), width: 160, render: (value: string, row) => time(value, row) },
    {
      title: t('alarm.query.column.endedAt'),
      ...sortableField('endedAt', sortOrderOf),
      width: 160,
      render: (value: string | null, row) => (value ? time(value, row) : <Tag color="red">{t('alarm.query.state.active')}</Tag>),
    },
    { title: t('alarm.query.column.duration'), key: 'duration', width: 110, render: (_, row) => duration(t, row, now) },
    {
      title: t('alarm.query.column.processed'),
      dataIndex: 'processed',
      key: 'processed',
      width: 110,
      render: (value: boolean) => (value ? <Tag color="green">{t('alarm.query.processed.yes')}</Tag> : <Tag color="orange">{t('alarm.query.processed.no')}</Tag>),
    },
    { title: t('alarm.query.column.handler'), dataIndex: 'processedByName', key: 'processedByName', width: 120, ellipsis: true, render: (value: string | null) => <bdi>{value ?? missing}</bdi> },
    { title: t('alarm.query.column.processedAt'), ...sortableField('processedAt', sortOrderOf), width: 170, render: (value: string | null, row) => time(value, row) },
    // Minor, so after the processing columns: at 1440 px the duration stays in view.
    {
      title: t('alarm.query.column.source'),
      dataIndex: 'source',
      key: 'source',
      width: 120,
      render: (value: string) => t(value === 'server' ? 'alarm.query.source.server' : 'alarm.query.source.device'),
    },
    { title: t('alarm.query.column.note'), dataIndex: 'note', key: 'note', width: 200, ellipsis: { showTitle: true }, render: (value: string | null) => <bdi>{value ?? missing}</bdi> },
    ...(onProcess
      ? [
          {
            title: t('list.column.actions'),
            key: 'actions',
            fixed: 'end' as const,
            width: 100,
            render: (_: unknown, row: AlarmRow) =>
              row.processed ? null : (
                <Button type="link" size="small" onClick={() => onProcess(row)} data-testid={`alarm-process-${row.id}`}>
                  {t('alarm.query.process.action')}
                </Button>
              ),
          },
        ]
      : []),
  ];
}
