import type { ReactNode } from 'react';
import { DataTable } from '../data-table/data-table';
import type { ColumnsType, TableProps } from 'antd/es/table';
import { ListActions } from './list-actions';
import { ListPage } from './list-page';

/** The part of `useEntityCrud` the page frame uses. */
interface CrudLike<T> {
  list: { tableProps: TableProps<T>; setSearch: (q: string) => void };
  exporting: boolean;
  onExport: () => void;
  openCreate: () => void;
}

interface EntityListPageProps<T> {
  /** Prefix of the test ids: `<entity>-search`, `-export`, `-create`, `-table`. */
  entity: string;
  title: string;
  searchPlaceholder: string;
  filters?: ReactNode;
  createLabel: string;
  /** Whether the user may create: otherwise the create button is not shown. */
  canCreate: boolean;
  crud: CrudLike<T>;
  columns: ColumnsType<T>;
  /** The form and any dialog the rows open. */
  children?: ReactNode;
}

/** A settings list: search, filters, export and create, then the server-paged table. */
export function EntityListPage<T extends { id: number }>({ entity, title, searchPlaceholder, filters, createLabel, canCreate, crud, columns, children }: EntityListPageProps<T>) {
  return (
    <ListPage
      title={title}
      search={{ placeholder: searchPlaceholder, onSearch: crud.list.setSearch, testId: `${entity}-search` }}
      filters={filters}
      actions={<ListActions entity={entity} onExport={crud.onExport} exporting={crud.exporting} createLabel={createLabel} onCreate={canCreate ? crud.openCreate : undefined} />}
    >
      <DataTable<T> {...crud.list.tableProps} columns={columns} scroll={{ x: 'max-content' }} size="middle" data-testid={`${entity}-table`} />
      {children}
    </ListPage>
  );
}
