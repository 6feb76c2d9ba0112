import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { SortOrder } from '../../../components/list-page/list-query';
import type { MonitorFormat } from '../../../lib/format';
import { sortableField } from '../../../components/list-page/columns';

interface DeliveredOfRow {
  deliveredL: number;
  deliveryCount: number;
  volumeUnit: number | null;
}

/**
 * The daily and monthly reports' delivered column: the volume, with the number of deliveries
 * below it when there were any. The daily report greys a day without deliveries (`dimZero`).
 */
export function deliveredColumn<Row extends DeliveredOfRow>(t: TFunction, format: MonitorFormat, sortOrderOf: (field: string) => SortOrder | null, dimZero: boolean): ColumnType<Row> {
  return {
    title: t('inventory.column.delivered'),
    ...sortableField('deliveredL', sortOrderOf),
    width: 115,
    align: 'end',
    render: (value: number, row) => (
      <span className="inventory-edge">
        <span className={dimZero && value === 0 ? 'inventory-missing' : undefined}>{format.volume(value, row.volumeUnit)}</span>
        {row.deliveryCount > 0 ? <small>{t('inventory.deliveryCount', { n: row.deliveryCount })}</small> : null}
      </span>
    ),
  };
}
