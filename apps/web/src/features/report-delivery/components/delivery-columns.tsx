import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import type { ColumnsType } from 'antd/es/table';
import FileTextOutlined from '@ant-design/icons/es/icons/FileTextOutlined';
import WarningOutlined from '@ant-design/icons/es/icons/WarningOutlined';
import type { TFunction } from 'i18next';
import type { DeliveryRow } from '@ullage/contracts/delivery-report';
import type { SortOrder } from '../../../components/list-page/list-query';
import { stationDateTime } from '../../../lib/station-time';
import type { MonitorFormat } from '../../monitor/format';
import { StationCell, TankLabel } from '../../../components/report-cells/report-cells';
import { signed } from '../../report-inventory/inventory-format';

interface ColumnOptions {
  t: TFunction;
  format: MonitorFormat;
  sortOrderOf: (field: string) => SortOrder | null;
  /** Set for users who may enter tickets (`delivery:ticket` of the role table): the row's ticket action. */
  onTicket?: ((row: DeliveryRow) => void) | undefined;
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
export function deliveryColumns({ t, format, sortOrderOf, onTicket }: ColumnOptions): ColumnsType<DeliveryRow> {
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
    {
      title: (
        <Tooltip title={t('reconciliation.ticket.column.ticketedHint')}>
          <span>{t('reconciliation.ticket.column.ticketed')}</span>
        </Tooltip>
      ),
      key: 'ticket',
      width: 150,
      align: 'end',
      render: (_, row) =>
        row.ticketVolumeL === null ? (
          <span className="delivery-missing">{missing}</span>
        ) : (
          <span className="delivery-ticket" data-testid="delivery-ticket">
            <span>{volume(row.ticketVolumeL, row)}</span>
            <small>
              {row.ticketNo ? <bdi>{t('reconciliation.ticket.no', { no: row.ticketNo })}</bdi> : null}
              {row.ticketNo ? ' · ' : null}
              {t(row.ticketSource === 'device' ? 'reconciliation.ticket.source.device' : 'reconciliation.ticket.source.user')}
            </small>
          </span>
        ),
    },
    {
      title: (
        <Tooltip title={t('reconciliation.ticket.column.diffHint')}>
          <span>{t('reconciliation.ticket.column.diff')}</span>
        </Tooltip>
      ),
      key: 'ticketDiff',
      width: 160,
      align: 'end',
      render: (_, row) =>
        row.ticketDiffL === null ? (
          <span className="delivery-missing">{missing}</span>
        ) : (
          <span className={row.ticketFlagged ? 'delivery-ticket delivery-ticket--flagged' : 'delivery-ticket'} data-testid="delivery-ticket-diff" data-flagged={row.ticketFlagged}>
            <span dir="ltr">{signed(volume(row.ticketDiffL, row), row.ticketDiffL)}</span>
            <small dir="ltr">{row.ticketDiffPct === null ? null : signed(format.percent(row.ticketDiffPct), row.ticketDiffPct)}</small>
            {row.ticketFlagged ? (
              <Tag color="warning" icon={<WarningOutlined />} className="delivery-ticket__flag" data-testid="delivery-ticket-flag">
                {t('reconciliation.ticket.flagged', { pct: format.percent(row.ticketTolerancePct) })}
              </Tag>
            ) : null}
          </span>
        ),
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
    ...(onTicket ? [ticketAction(t, onTicket)] : []),
  ];
}

/** The row's ticket action: add one, or open the one it has; a delivery still in progress has no final gauged volume to hold it against. */
function ticketAction(t: TFunction, onTicket: (row: DeliveryRow) => void): ColumnsType<DeliveryRow>[number] {
  return {
    title: t('list.column.actions'),
    key: 'actions',
    fixed: 'end',
    width: 130,
    className: 'delivery-actions',
    render: (_, row) => (
      <Tooltip title={row.endedAt === null ? t('reconciliation.ticket.openDelivery') : null}>
        <Button type="link" size="small" icon={<FileTextOutlined />} disabled={row.endedAt === null} onClick={() => onTicket(row)} data-testid={`delivery-ticket-action-${row.id}`}>
          {t(row.ticketVolumeL === null ? 'reconciliation.ticket.action.add' : 'reconciliation.ticket.action.edit')}
        </Button>
      </Tooltip>
    ),
  };
}
