import Tag from 'antd/es/tag';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { SalesDetail, SalesReadingRow } from '@ullage/contracts/shift-sales';
import type { SortOrder } from '../../../components/list-page/list-query';
import { stationDateTime } from '../../../lib/station-time';
import type { MonitorFormat } from '../../../lib/format';
import { detailVolume } from './detail-volume';
import { sortableField } from '../../../components/list-page/columns';

interface ColumnOptions {
  t: TFunction;
  format: MonitorFormat;
  detail: SalesDetail;
  sortOrderOf: (field: string) => SortOrder | null;
}

const ROLE_KEYS = { start: 'salesDetail.role.start', end: 'salesDetail.role.end', startEnd: 'salesDetail.role.startEnd' } as const;

/** The shift's readings: time on the station's clock, volume and its change since the reading before, and what each reading is to the figure. */
export function salesReadingColumns({ t, format, detail, sortOrderOf }: ColumnOptions): ColumnsType<SalesReadingRow> {
  const missing = t('common.placeholder.missing');
  const unit = detail.station.volumeUnit;
  return [
    {
      title: t('salesDetail.column.time'),
      ...sortableField('ts', sortOrderOf),
      width: 170,
      render: (ts: string) => <span dir="ltr">{stationDateTime(ts, detail.station.timezone)}</span>,
    },
    {
      title: t('salesDetail.column.role'),
      key: 'role',
      width: 140,
      render: (_, row) =>
        row.role ? <Tag color="blue">{t(ROLE_KEYS[row.role])}</Tag> : row.inDelivery ? <Tag color="green">{t('salesDetail.role.delivery')}</Tag> : null,
    },
    { title: t('salesDetail.column.volume'), dataIndex: 'volumeL', key: 'volume', width: 120, align: 'end', render: (v: number) => detailVolume(format.locale, v, unit, missing) },
    {
      title: t('salesDetail.column.change'),
      dataIndex: 'changeL',
      key: 'change',
      width: 120,
      align: 'end',
      render: (v: number | null) => (
        <span className={v === null ? 'list-page__muted' : v > 0 ? 'detail-change--up' : v < 0 ? 'detail-change--down' : ''}>
          {detailVolume(format.locale, v, unit, missing, true)}
        </span>
      ),
    },
    { title: t('salesDetail.column.tcVolume'), dataIndex: 'tcVolumeL', key: 'tc', width: 130, align: 'end', render: (v: number) => detailVolume(format.locale, v, unit, missing) },
    { title: t('salesDetail.column.height'), dataIndex: 'productHeightMm', key: 'height', width: 110, align: 'end', render: (v: number) => format.height(v) },
    { title: t('salesDetail.column.water'), dataIndex: 'waterHeightMm', key: 'water', width: 90, align: 'end', render: (v: number) => format.height(v) },
    { title: t('salesDetail.column.temperature'), dataIndex: 'temperatureC', key: 'temperature', width: 100, align: 'end', render: (v: number) => format.temperature(v, detail.station.tempUnit) },
  ];
}
