import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { DeliveryRow } from '@ullage/contracts/delivery-report';
import type { SortOrder } from '../../../components/list-page/list-query';
import { stationDateTime } from '../../../lib/station-time';
import type { MonitorFormat } from '../../monitor/format';
import { StationCell, TankLabel } from '../../../components/report-cells/report-cells';

interface ColumnOptions {
  t: TFunction;
  format: MonitorFormat;
  sortOrderOf: (field: string) => SortOrder | null;
}

/** "start → end", each side already formatted; ltr so the arrow reads the same in Arabic. */
function span(start: string, end: string) {
  return (
    <span className="delivery-span" dir="ltr">
      {start} → {end}
    </span>
  );
}

/** The delivery list: each delivery's times in its station's zone, volumes and temperatures in its company's units. */
export function deliveryColumns({ t, format, sortOrderOf }: ColumnOptions): ColumnsType<DeliveryRow> {
  const missing = t('common.placeholder.missing');
  const time = (iso: string | null, row: DeliveryRow) => <span dir="ltr">{stationDateTime(iso, row.timezone) ?? missing}</span>;
  const volume = (litres: number | null, row: DeliveryRow) => format.volume(litres, row.volumeUnit);
  const temperature = (c: number | null, row: DeliveryRow) => format.temperature(c, row.tempUnit);
  return [
    {
      title: t('delivery.column.station'),
      dataIndex: 'stationName',
      key: 'stationName',
      sorter: true,
      sortOrder: sortOrderOf('stationName'),
      width: 190,
      ellipsis: true,
      fixed: 'start',
      render: (_, row) => <StationCell row={row} />,
    },
    {
      title: t('delivery.column.tank'),
      dataIndex: 'tankCode',
      key: 'tankCode',
      sorter: true,
      sortOrder: sortOrderOf('tankCode'),
      width: 140,
      render: (_, row) => <TankLabel code={row.tankCode} productName={row.productName} productColor={row.productColor} />,
    },
    { title: t('delivery.column.startedAt'), dataIndex: 'startedAt', key: 'startedAt', sorter: true, sortOrder: sortOrderOf('startedAt'), width: 170, render: (value: string, row) => time(value, row) },
    {
      title: t('delivery.column.endedAt'),
      dataIndex: 'endedAt',
      key: 'endedAt',
      sorter: true,
      sortOrder: sortOrderOf('endedAt'),
      width: 170,
      render: (value: string | null, row) => (value ? time(value, row) : <Tag color="processing">{t('delivery.state.open')}</Tag>),
    },
    {
      title: t('delivery.column.delivered'),
      dataIndex: 'deliveredL',
      key: 'deliveredL',
      sorter: true,
      sortOrder: sortOrderOf('deliveredL'),
      width: 130,
      align: 'end',
      render: (value: number, row) => <strong>{volume(value, row)}</strong>,
    },
    {
      title: (
        <Tooltip title={t('delivery.column.deliveredTcHint')}>
          <span>{t('delivery.column.deliveredTc')}</span>
        </Tooltip>
      ),
      dataIndex: 'deliveredTcL',
      key: 'deliveredTcL',
      width: 140,
      align: 'end',
      render: (value: number | null, row) => volume(value, row),
    },
    { title: t('delivery.column.volume'), key: 'volume', width: 210, render: (_, row) => span(volume(row.startVolumeL, row), volume(row.endVolumeL, row)) },
    { title: t('delivery.column.tcVolume'), key: 'tcVolume', width: 210, render: (_, row) => span(volume(row.startTcVolumeL, row), volume(row.endTcVolumeL, row)) },
    { title: t('delivery.column.height'), key: 'height', width: 190, render: (_, row) => span(format.height(row.startHeightMm), format.height(row.endHeightMm)) },
    { title: t('delivery.column.water'), key: 'water', width: 170, render: (_, row) => span(format.height(row.startWaterHeightMm), format.height(row.endWaterHeightMm)) },
    { title: t('delivery.column.temperature'), key: 'temperature', width: 160, render: (_, row) => span(temperature(row.startTemperatureC, row), temperature(row.endTemperatureC, row)) },
    {
      title: t('delivery.column.source'),
      dataIndex: 'source',
      key: 'source',
      width: 150,
      render: (value: DeliveryRow['source']) => <Tag color={value === 'device' ? 'blue' : 'default'}>{t(value === 'device' ? 'delivery.source.device' : 'delivery.source.detected')}</Tag>,
    },
  ];
}
