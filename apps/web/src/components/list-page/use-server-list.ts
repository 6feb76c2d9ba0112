import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListResult } from '@ullage/contracts/list';
import type { TablePaginationConfig, TableProps } from 'antd/es/table';
import {
  applyTableChange,
  buildListQuery,
  initialListState,
  PAGE_SIZE_OPTIONS,
  withFilter,
  withSearch,
  type ListParams,
  type ListState,
  type SortOrder,
  type TableSorterLike,
} from './list-query';

type Filters = Record<string, string | number | undefined>;

/**
 * Wide tables scroll sideways inside the page. Their header and horizontal scrollbar stay in
 * view while the page scrolls (the shell's content area, not the window), so the columns past
 * the right edge can be reached without first scrolling to the table's end.
 */
const TABLE_STICKY: TableProps<never>['sticky'] = {
  offsetHeader: 0,
  offsetScroll: 0,
  getContainer: () => document.querySelector<HTMLElement>('.desktop-shell__content') ?? window,
};

interface Options<T, F extends Filters> {
  /** The query key the list lives under; mutations invalidate its first element. */
  queryKey: readonly unknown[];
  fetch: (query: ListParams, signal: AbortSignal) => Promise<ListResult<T>>;
  filters: F;
  sortFields: readonly string[];
  /** Text of the pagination total ("12 items"). */
  showTotal: (total: number) => string;
}

/** One server-paged list: its state, the query, and the props for antd's Table. */
export function useServerList<T extends { id: number | string }, F extends Filters>(options: Options<T, F>) {
  const [state, setState] = useState<ListState<F>>(() => initialListState(options.filters));
  const params = buildListQuery(state);
  const query = useQuery({
    queryKey: [...options.queryKey, params],
    queryFn: ({ signal }) => options.fetch(params, signal),
    placeholderData: keepPreviousData,
  });
  const data = query.data;

  const pagination: TablePaginationConfig = {
    current: state.page,
    pageSize: state.pageSize,
    total: data?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
    showTotal: options.showTotal,
  };

  const onChange: TableProps<T>['onChange'] = (page, _filters, sorter) => {
    setState((current) => applyTableChange(current, page, sorter as TableSorterLike | TableSorterLike[], options.sortFields));
  };

  /** The controlled sort of one column, so the header arrow follows the state. */
  const sortOrderOf = (field: string): SortOrder | null => (state.sortField === field ? (state.sortOrder ?? null) : null);

  return {
    state,
    setState,
    params,
    query,
    rows: data?.list ?? [],
    total: data?.total ?? 0,
    setSearch: (q: string) => setState((current) => withSearch(current, q)),
    setFilter: <K extends keyof F>(key: K, value: F[K]) => setState((current) => withFilter(current, key, value)),
    setPage: (page: number) => setState((current) => ({ ...current, page })),
    sortOrderOf,
    tableProps: {
      rowKey: 'id',
      dataSource: data?.list ?? [],
      loading: query.isFetching,
      pagination,
      onChange,
      sticky: TABLE_STICKY,
    } satisfies TableProps<T>,
  };
}
