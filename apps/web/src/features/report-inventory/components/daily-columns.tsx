import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { DailyInventoryRow, InventoryReading } from '@ullage/contracts/inventory-report';
import type { SortOrder } from '../../../components/list-page/list-query';
import type { MonitorFormat } from '../../../lib/format';
import { timeOfDay } from '../../../lib/report-format';
import { StationCell, TankCell } from './inventory-cells';
import { deliveredColumn } from './delivered-column';
import { sortableField } from '../../../components/list-page/columns';

interface ColumnOptions {
  t: TFunction;
  format: MonitorFormat;
  sortOrderOf: (field: string) => SortOrder | null;
}

/** A start or end volume with the time of the reading it was taken from, in the station's clock. */
function edge(reading: InventoryReading | null, row: DailyInventoryRow, format: MonitorFormat, missing: string) {
  if (!reading) return <span className="inventory-missing">{missing}</span>;
  return (
    <span className="inventory-edge">
      <strong>{format.volume(reading.volumeL, row.volumeUnit)}</strong>
      <small dir="ltr">{timeOfDay(reading.at, row.timezone)}</small>
    </span>
  );
}

/** The tags that say why a day is abnormal (or that it is fine, or still running). */
export function DailyStatus({ row, t }: { row: DailyInventoryRow; t: TFunction }) {
  const tags = [];
  if (row.inProgress) tags.push(<Tag key="progress" color="processing">{t('inventory.tag.inProgress')}</Tag>);
  if (row.missingStart) tags.push(<Tag key="start" color="warning">{t('inventory.tag.missingStart')}</Tag>);
  if (row.missingEnd) tags.push(<Tag key="end" color="warning">{t('inventory.tag.missingEnd')}</Tag>);
  if (row.gapCount > 0) tags.push(<Tag key="gaps" color="error">{t('inventory.tag.gaps', { n: row.gapCount })}</Tag>);
  if (!row.abnormal && !row.inProgress) tags.push(<Tag key="ok" color="success">{t('inventory.tag.normal')}</Tag>);
  return <span className="inventory-tags" data-testid="inventory-status">{tags}</span>;
}

/** The daily report: one row per tank and station day; volumes in the company's units, times in the station's clock. */
export function dailyColumns({ t, format, sortOrderOf }: ColumnOptions): ColumnsType<DailyInventoryRow> {
  const missing = t('common.placeholder.missing');
  return [
    { title: t('inventory.column.day'), ...sortableField('day', sortOrderOf), width: 110, fixed: 'start', render: (day: string) => <span dir="ltr">{day}</span> },
    { title: t('inventory.column.station'), ...sortableField('stationName', sortOrderOf), width: 160, ellipsis: true, render: (_, row) => <StationCell row={row} /> },
    { title: t('inventory.column.tank'), ...sortableField('tankCode', sortOrderOf), width: 170, render: (_, row) => <TankCell row={row} /> },
    { title: t('inventory.column.status'), key: 'gapCount', sorter: true, sortOrder: sortOrderOf('gapCount'), width: 190, render: (_, row) => <DailyStatus row={row} t={t} /> },
    {
      title: (
        <Tooltip title={t('inventory.column.startHint')}>
          <span>{t('inventory.column.start')}</span>
        </Tooltip>
      ),
      key: 'startVolumeL',
      sorter: true,
      sortOrder: sortOrderOf('startVolumeL'),
      width: 115,
      align: 'end',
      render: (_, row) => edge(row.start, row, format, missing),
    },
    {
      title: (
        <Tooltip title={t('inventory.column.endHint')}>
          <span>{t('inventory.column.end')}</span>
        </Tooltip>
      ),
      key: 'endVolumeL',
      sorter: true,
      sortOrder: sortOrderOf('endVolumeL'),
      width: 115,
      align: 'end',
      render: (_, row) => (row.inProgress ? <span className="inventory-missing">{t('inventory.tag.inProgress')}</span> : edge(row.end, row, format, missing)),
    },
    deliveredColumn(t, format, sortOrderOf, true),
    {
      title: (
        <Tooltip title={t('inventory.column.salesHint')}>
          <span>{t('inventory.column.sales')}</span>
        </Tooltip>
      ),
      ...sortableField('salesL', sortOrderOf),
      width: 115,
      align: 'end',
      render: (value: number | null, row) => (value === null ? <span className="inventory-missing">{missing}</span> : <strong>{format.volume(value, row.volumeUnit)}</strong>),
    },
  ];
}
