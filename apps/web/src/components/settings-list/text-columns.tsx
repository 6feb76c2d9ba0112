import type { ColumnType } from 'antd/es/table';
import type { SortOrder } from '../list-page/list-query';

interface TextColumnOptions {
  width: number;
  /** The list's controlled sort (`sortOrderOf`): the column sorts on the server. */
  sort?: (field: string) => SortOrder | null;
  ellipsis?: boolean;
  /** Pinned at the start when the table scrolls sideways. */
  fixed?: 'start';
  /** Shown for an empty value; without it the value shows as it is. */
  missing?: string;
}

/** A column of text from the row's field `key`, isolated (bdi) for right-to-left pages. */
export function textColumn<T>(title: string, key: string, { width, sort, ellipsis, fixed, missing }: TextColumnOptions): ColumnType<T> {
  return {
    title,
    dataIndex: key,
    key,
    ...(sort ? { sorter: true, sortOrder: sort(key) } : {}),
    ...(ellipsis ? { ellipsis: true } : {}),
    width,
    ...(fixed ? { fixed } : {}),
    render: (value: string | null) => <bdi>{missing === undefined ? value : value || missing}</bdi>,
  };
}

/** A column of a count (stations, tanks, companies), at the cell's end. */
export function countColumn<T>(title: string, key: string, width: number): ColumnType<T> {
  return { title, dataIndex: key, key, width, align: 'end' };
}
