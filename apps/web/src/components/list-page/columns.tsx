import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ColumnType } from 'antd/es/table';
import type { SortOrder } from './list-query';

/** A creation time as the lists show it, in the browser's time zone. */
export function formatCreatedAt(iso: string | null | undefined): string {
  if (!iso) return '';
  const value = dayjs(iso);
  return value.isValid() ? value.format('YYYY-MM-DD HH:mm') : iso;
}

/**
 * A column of the row's field `field` that sorts the list by it on the server: antd reads the
 * cell from `dataIndex` and names the sort by `key`, and the list's controlled sort
 * (`sortOrderOf`) lights the header. Spread into the column beside its title and cell.
 */
export function sortableField(field: string, sortOrderOf: (field: string) => SortOrder | null) {
  return { dataIndex: field, key: field, sorter: true, sortOrder: sortOrderOf(field) };
}

/** The sortable "created at" column the settings lists end with. */
export function createdAtColumn<T>(t: TFunction, sortOrderOf: (field: string) => SortOrder | null, width = 150): ColumnType<T> {
  return {
    title: t('list.column.createdAt'),
    ...sortableField('createdAt', sortOrderOf),
    width,
    render: (value: string) => formatCreatedAt(value),
  };
}

/** The row actions column, fixed at the end; only for users who may act on rows. */
export function actionsColumn<T>(t: TFunction, width: number, render: (row: T) => ReactNode): ColumnType<T> {
  return { title: t('list.column.actions'), key: 'actions', fixed: 'end', width, render: (_, row) => render(row) };
}
