import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import type { ColumnsType } from 'antd/es/table';
import FileTextOutlined from '@ant-design/icons/es/icons/FileTextOutlined';
import WarningOutlined from '@ant-design/icons/es/icons/WarningOutlined';
import type { HTMLAttributes } from 'react';
import type { TFunction } from 'i18next';
import type { DeliveryRow } from '@ullage/contracts/delivery-report';
import type { SortOrder } from '../../../components/list-page/list-query';
import { stationDateTime } from '../../../lib/station-time';
import type { MonitorFormat } from '../../../lib/format';
import { signed } from '../../../lib/report-format';
import { stationColumn, tankColumn } from '../../../components/report-cells/place-columns';
import { sortableField } from '../../../components/list-page/columns';

interface ColumnOptions {
  t: TFunction;
  format: MonitorFormat;
  sortOrderOf: (field: string) => SortOrder | null;
  /** Set for users who may enter tickets (`delivery:ticket` of the role table): the row's ticket action. */
  onTicket?: ((row: DeliveryRow) => void) | undefined;
}

/** A header cell named by its column, for the browser tests' layout checks. */
const headerOf = (key: string) => ({ 'data-column': key }) as HTMLAttributes<HTMLElement>;

const hinted = (title: string, hint: string) => (
  <Tooltip title={hint}>
    <span>{title}</span>
  </Tooltip>
);

/** "start → end", each side already formatted; ltr so the arrow reads the same in Arabic. */
function span(start: string, end: string) {
  return (
    <span className="delivery-span" dir="ltr">
      {start} → {end}
    </span>
  );
}

/**
 * The delivery list: each delivery's times in its station's zone, volumes and temperatures in
 * its company's units. What was delivered (the rise plus the sales during the drop, issue 34)
 * stands beside the sales during it, the ticket, the difference and the ticket action, then the
 * rise; no column is fixed at the end, so none covers another at a laptop's width.
 */
export function deliveryColumns({ t, format, sortOrderOf, onTicket }: ColumnOptions): ColumnsType<DeliveryRow> {
  const missing = t('common.placeholder.missing');
  const time = (iso: string | null, row: DeliveryRow) => <span dir="ltr">{stationDateTime(iso, row.timezone) ?? missing}</span>;
  const volume = (litres: number | null, row: DeliveryRow) => format.volume(litres, row.volumeUnit);
  const temperature = (c: number | null, row: DeliveryRow) => format.temperature(c, row.tempUnit);
  return [
    stationColumn(t('delivery.column.station'), sortOrderOf, 160),
    tankColumn(t('delivery.column.tank'), sortOrderOf, 110, missing),
    {
      // Start above end in one column: the delivered volume, the ticket and the sales during the
      // drop then fit beside them on a laptop's screen (issue 34 item 6).
      title: `${t('delivery.column.startedAt')} / ${t('delivery.column.endedAt')}`,
      ...sortableField('startedAt', sortOrderOf),
      width: 170,
      render: (value: string, row) => (
        <span className="delivery-times">
          {time(value, row)}
          {row.endedAt ? time(row.endedAt, row) : <Tag color="processing">{t('delivery.state.open')}</Tag>}
        </span>
      ),
    },
    {
      title: hinted(t('delivery.column.delivered'), t('delivery.column.deliveredHint')),
      dataIndex: 'deliveredL',
      key: 'deliveredL',
      onHeaderCell: () => headerOf('deliveredL'),
      sorter: true,
      sortOrder: sortOrderOf('deliveredL'),
      width: 130,
      align: 'end',
      render: (value: number, row) => <strong data-testid="delivery-delivered">{volume(value, row)}</strong>,
    },
    {
      title: hinted(t('delivery.column.salesDuring'), t('delivery.column.salesDuringHint')),
      key: 'salesDuring',
      onHeaderCell: () => headerOf('salesDuring'),
      width: 140,
      align: 'end',
      render: (_, row) =>
        row.salesDuringL === null ? (
          <span className="delivery-missing">{missing}</span>
        ) : (
          <span className="delivery-ticket" data-testid="delivery-sales-during" data-source={row.salesDuringSource}>
            <span>{volume(row.salesDuringL, row)}</span>
            <small>{t(row.salesDuringSource === 'metered' ? 'delivery.salesDuring.metered' : 'delivery.salesDuring.estimated')}</small>
          </span>
        ),
    },
    {
      title: hinted(t('reconciliation.ticket.column.ticketed'), t('reconciliation.ticket.column.ticketedHint')),
      key: 'ticket',
      onHeaderCell: () => headerOf('ticket'),
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
      title: hinted(t('reconciliation.ticket.column.diff'), t('reconciliation.ticket.column.diffHint')),
      key: 'ticketDiff',
      onHeaderCell: () => headerOf('ticketDiff'),
      width: 150,
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
    ...(onTicket ? [ticketAction(t, onTicket)] : []),
    {
      title: hinted(t('delivery.column.rise'), t('delivery.column.riseHint')),
      dataIndex: 'riseL',
      key: 'riseL',
      onHeaderCell: () => headerOf('riseL'),
      width: 130,
      align: 'end',
      render: (value: number, row) => <span data-testid="delivery-rise">{volume(value, row)}</span>,
    },
    {
      title: hinted(t('delivery.column.deliveredTc'), t('delivery.column.deliveredTcHint')),
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

/**
 * The row's ticket action: add one, or open the one it has; a delivery still in progress has no
 * final delivered volume to hold it against. It stands beside the ticket, not fixed at the
 * table's end, where it covered the ticket columns at a laptop's width (issue 34 item 6).
 */
function ticketAction(t: TFunction, onTicket: (row: DeliveryRow) => void): ColumnsType<DeliveryRow>[number] {
  return {
    title: t('list.column.actions'),
    key: 'actions',
    onHeaderCell: () => headerOf('actions'),
    width: 110,
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
