import { Link } from 'react-router';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ShiftSalesRow, ShiftTankFigures } from '@ullage/contracts/shift-sales';
import type { SortOrder } from '../../../components/list-page/list-query';
import { stationDateTime } from '../../../lib/station-time';
import type { MonitorFormat } from '../../../lib/format';
import { salesDetailHref } from '../shift-filters-state';
import { ProductSuffix } from '../../../components/tank/product-suffix';

/** A line of the table: a shift (with its totals) or, under it, one of its tanks. */
export type ShiftLine =
  | { key: string; kind: 'shift'; shift: ShiftSalesRow; children: ShiftLine[] }
  | { key: string; kind: 'tank'; shift: ShiftSalesRow; tank: ShiftTankFigures };

export function shiftLines(rows: readonly ShiftSalesRow[]): ShiftLine[] {
  return rows.map((shift) => {
    const key = `${shift.stationId}:${shift.day}:${shift.shiftStart}`;
    return { key, kind: 'shift', shift, children: shift.tanks.map((tank) => ({ key: `${key}:${tank.tankId}`, kind: 'tank', shift, tank })) };
  });
}

interface ColumnOptions {
  t: TFunction;
  format: MonitorFormat;
  sortOrderOf: (field: string) => SortOrder | null;
}

/** "08:10" on the station's clock; "06:00 (+1)" on the day after the shift's. */
function clock(iso: string | null, shift: ShiftSalesRow): string | null {
  const text = stationDateTime(iso, shift.timezone);
  if (!text) return null;
  return text.slice(0, 10) === shift.day ? text.slice(11, 16) : `${text.slice(11, 16)} (+1)`;
}

/**
 * Shifts with their tanks beneath: the window on the station's clock, the start and end
 * readings each figure uses, deliveries and sales; every tank figure links to its details.
 */
export function shiftSalesColumns({ t, format, sortOrderOf }: ColumnOptions): ColumnsType<ShiftLine> {
  const volume = (litres: number | null, line: ShiftLine) => format.volume(litres, line.shift.volumeUnit);
  const edge = (line: ShiftLine, side: 'start' | 'end') => {
    if (line.kind !== 'tank') return null;
    const tank = line.tank;
    const at = side === 'start' ? tank.startReadingAt : tank.endReadingAt;
    if (at === null) {
      if (side === 'end' && line.shift.inProgress) return <Tag color="processing">{t('shiftSales.inProgress')}</Tag>;
      return (
        <Tooltip title={t(side === 'start' ? 'shiftSales.missingStartHint' : 'shiftSales.missingEndHint')}>
          <Tag color="warning" data-testid={`shift-missing-${side}`}>
            {t(side === 'start' ? 'shiftSales.missingStart' : 'shiftSales.missingEnd')}
          </Tag>
        </Tooltip>
      );
    }
    return (
      <span className="shift-edge">
        <span>{volume(side === 'start' ? tank.startVolumeL : tank.endVolumeL, line)}</span>
        <span className="shift-edge__time" dir="ltr">
          {clock(at, line.shift)}
        </span>
      </span>
    );
  };
  return [
    {
      title: t('shiftSales.column.shift'),
      key: 'day',
      sorter: true,
      sortOrder: sortOrderOf('day'),
      width: 230,
      render: (_, line) => {
        if (line.kind === 'tank') {
          return (
            <span className="shift-tank">
              {line.tank.productColor ? <span className="shift-tank__swatch" style={{ background: line.tank.productColor }} aria-hidden /> : null}
              <span>
                <bdi>{t('shiftSales.tank', { code: line.tank.tankCode })}</bdi>
                <ProductSuffix name={line.tank.productName} />
              </span>
            </span>
          );
        }
        const s = line.shift;
        return (
          <span className="shift-name">
            <span dir="ltr" className="shift-name__day">
              {s.day}
            </span>
            <strong>
              <bdi>{s.shiftName}</bdi>
            </strong>
            <span dir="ltr" className="shift-name__window">
              {clock(s.startsAt, s)}–{clock(s.endsAt, s)}
            </span>
          </span>
        );
      },
    },
    {
      title: t('shiftSales.column.station'),
      key: 'stationName',
      sorter: true,
      sortOrder: sortOrderOf('stationName'),
      width: 170,
      ellipsis: true,
      render: (_, line) =>
        line.kind === 'shift' ? (
          <Tooltip title={`${line.shift.companyName} · ${line.shift.stationCode} · ${line.shift.timezone}`}>
            <bdi>{line.shift.stationName}</bdi>
          </Tooltip>
        ) : null,
    },
    { title: t('shiftSales.column.start'), key: 'start', width: 150, render: (_, line) => edge(line, 'start') },
    { title: t('shiftSales.column.end'), key: 'end', width: 150, render: (_, line) => edge(line, 'end') },
    {
      title: t('shiftSales.column.delivered'),
      key: 'deliveredL',
      sorter: true,
      sortOrder: sortOrderOf('deliveredL'),
      width: 120,
      align: 'end',
      render: (_, line) => {
        const count = line.kind === 'tank' ? line.tank.deliveryCount : line.shift.tanks.reduce((n, k) => n + k.deliveryCount, 0);
        const delivered = line.kind === 'tank' ? line.tank.deliveredL : line.shift.deliveredL;
        if (count === 0) return <span className="list-page__muted">{volume(0, line)}</span>;
        return (
          <Tooltip title={t('shiftSales.deliveryCount', { count })}>
            <span>{volume(delivered, line)}</span>
          </Tooltip>
        );
      },
    },
    {
      title: (
        <Tooltip title={t('shiftSales.column.salesHint')}>
          <span>{t('shiftSales.column.sales')}</span>
        </Tooltip>
      ),
      key: 'salesL',
      sorter: true,
      sortOrder: sortOrderOf('salesL'),
      width: 170,
      align: 'end',
      render: (_, line) => {
        if (line.kind === 'shift') {
          const s = line.shift;
          if (s.inProgress) {
            return (
              <span className="shift-total" data-testid="shift-total">
                <Tag color="processing">{t('shiftSales.inProgress')}</Tag>
              </span>
            );
          }
          return (
            <span className="shift-total" data-testid="shift-total">
              <strong>{volume(s.salesL, line)}</strong>
              {s.unknownCount > 0 ? (
                <Tooltip title={t('shiftSales.unknownHint')}>
                  <Tag color="warning">{t('shiftSales.unknownTanks', { count: s.unknownCount })}</Tag>
                </Tooltip>
              ) : null}
            </span>
          );
        }
        const href = salesDetailHref({ stationId: line.shift.stationId, tankId: line.tank.tankId, day: line.shift.day, shift: line.shift.shiftStart });
        return (
          <Link to={href} className="shift-figure" data-testid="shift-figure">
            {line.tank.salesL !== null ? volume(line.tank.salesL, line) : line.shift.inProgress ? t('shiftSales.inProgress') : t('shiftSales.unknown')}
          </Link>
        );
      },
    },
  ];
}
