import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { RecordType } from '@ullage/contracts/device';
import type { HistoryReading, HistoryTank } from '@ullage/contracts/history';
import type { MessageKey } from '../../../i18n/message-key';
import type { SortOrder } from '../../../components/list-page/list-query';
import { stationDateTime } from '../../../lib/station-time';
import type { MonitorFormat } from '../../../lib/format';
import { sortableField } from '../../../components/list-page/columns';

interface ColumnOptions {
  t: TFunction;
  format: MonitorFormat;
  tank: HistoryTank | undefined;
  sortOrderOf: (field: string) => SortOrder | null;
}

/** Spec §3 inventory record types, as the interface names them. */
export const RECORD_TYPE_KEYS: Record<RecordType, MessageKey> = {
  hourly: 'history.recordType.hourly',
  shift: 'history.recordType.shift',
  interval: 'history.recordType.interval',
  start: 'history.recordType.start',
  end: 'history.recordType.end',
  single: 'history.recordType.single',
  'alarm-period': 'history.recordType.alarmPeriod',
};

/** One tank's readings: times in its station's zone, volumes and temperatures in its company's units. */
export function historyColumns({ t, format, tank, sortOrderOf }: ColumnOptions): ColumnsType<HistoryReading> {
  const volume = (litres: number | null) => format.volume(litres, tank?.volumeUnit);
  const number = { align: 'end' as const, width: 120 };
  return [
    {
      title: t('history.column.time'),
      ...sortableField('ts', sortOrderOf),
      width: 170,
      fixed: 'start',
      render: (value: string) => <span dir="ltr">{stationDateTime(value, tank?.timezone ?? 'UTC') ?? t('common.placeholder.missing')}</span>,
    },
    { title: t('history.column.type'), dataIndex: 'type', key: 'type', width: 110, render: (value: RecordType | null) => (value ? t(RECORD_TYPE_KEYS[value]) : t('common.placeholder.missing')) },
    { title: t('history.column.productHeight'), dataIndex: 'productHeightMm', key: 'productHeightMm', ...number, render: (v: number) => format.height(v) },
    { title: t('history.column.waterHeight'), dataIndex: 'waterHeightMm', key: 'waterHeightMm', ...number, render: (v: number) => format.height(v) },
    { title: t('history.column.temperature'), dataIndex: 'temperatureC', key: 'temperatureC', ...number, render: (v: number) => format.temperature(v, tank?.tempUnit) },
    { title: t('history.column.volume'), dataIndex: 'volumeL', key: 'volumeL', ...number, render: (v: number) => <strong>{volume(v)}</strong> },
    { title: t('history.column.tcVolume'), dataIndex: 'tcVolumeL', key: 'tcVolumeL', ...number, width: 140, render: (v: number) => volume(v) },
    { title: t('history.column.waterVolume'), dataIndex: 'waterVolumeL', key: 'waterVolumeL', ...number, render: (v: number | null) => volume(v) },
    { title: t('history.column.ullage'), dataIndex: 'ullageL', key: 'ullageL', ...number, render: (v: number) => volume(v) },
    { title: t('history.column.fill'), dataIndex: 'fillPct', key: 'fillPct', ...number, width: 90, render: (v: number) => format.percent(v) },
  ];
}
