import type { ColumnType } from 'antd/es/table';
import type { SortOrder } from '../list-page/list-query';
import { StationCell, TankLabel } from './report-cells';
import { sortableField } from '../list-page/columns';

interface StationOfRow {
  stationName: string;
  stationCode: string;
  companyName: string;
}

interface TankOfRow {
  tankCode: string | null;
  productName: string | null;
  productColor: string | null;
}

/**
 * The reports' station column: sortable by name, cut with an ellipsis and fixed at the start, so
 * the row stays named while the figures scroll. Each report gives its own title and width.
 */
export function stationColumn<Row extends StationOfRow>(title: string, sortOrderOf: (field: string) => SortOrder | null, width: number): ColumnType<Row> {
  return {
    title,
    ...sortableField('stationName', sortOrderOf),
    width,
    ellipsis: true,
    fixed: 'start',
    render: (_, row) => <StationCell row={row} />,
  };
}

/** The reports' tank column, sortable by code: the product's colour, then "code · product" (`missing` for a row without a tank). */
export function tankColumn<Row extends TankOfRow>(title: string, sortOrderOf: (field: string) => SortOrder | null, width: number, missing: string): ColumnType<Row> {
  return {
    title,
    ...sortableField('tankCode', sortOrderOf),
    width,
    render: (_, row) => <TankLabel code={row.tankCode} productName={row.productName} productColor={row.productColor} missing={missing} />,
  };
}
