import type { ListQuery } from '@ullage/contracts/list';

/**
 * The state of a server-side list (paging, sorting, search, filters) and its query string.
 * Pure, so the mapping from the antd Table's callbacks to the endpoint's parameters is tested.
 */
export type SortOrder = 'ascend' | 'descend';

export interface ListState<F extends Record<string, string | number | undefined>> {
  page: number;
  pageSize: number;
  sortField?: string | undefined;
  sortOrder?: SortOrder | undefined;
  q: string;
  filters: F;
}

export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;

export function initialListState<F extends Record<string, string | number | undefined>>(filters: F): ListState<F> {
  return { page: 1, pageSize: DEFAULT_PAGE_SIZE, q: '', filters };
}

export type ListParams = ListQuery & Record<string, string | number | undefined>;

/** The query the list and export endpoints take: empty values left out, search trimmed. */
export function buildListQuery<F extends Record<string, string | number | undefined>>(state: ListState<F>): ListParams {
  const query: ListParams = { page: state.page, pageSize: state.pageSize };
  if (state.sortField && state.sortOrder) {
    query.sortField = state.sortField;
    query.sortOrder = state.sortOrder;
  }
  const q = state.q.trim();
  if (q) query.q = q.slice(0, 100);
  for (const [key, value] of Object.entries(state.filters)) {
    if (value === undefined || value === '' || (typeof value === 'number' && !Number.isFinite(value))) continue;
    query[key] = value;
  }
  return query;
}

/** Same filters without paging: what the export endpoint gets. */
export function exportQuery<F extends Record<string, string | number | undefined>>(state: ListState<F>): Record<string, string | number> {
  const { page: _page, pageSize: _pageSize, ...rest } = buildListQuery(state);
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) out[key] = value;
  return out;
}

/** What antd's Table hands to onChange for sorting (one column, or several). */
export interface TableSorterLike {
  field?: unknown;
  columnKey?: unknown;
  order?: SortOrder | null | undefined;
}

/**
 * The sort the endpoint should apply, from antd's sorter: only columns the endpoint allows
 * (others would be refused with 91011), and nothing when the user clears the sort.
 */
export function sortFromTable(
  sorter: TableSorterLike | readonly TableSorterLike[] | undefined,
  allowed: readonly string[],
): { sortField?: string; sortOrder?: SortOrder } {
  const one = Array.isArray(sorter) ? (sorter as readonly TableSorterLike[])[0] : (sorter as TableSorterLike | undefined);
  if (!one || !one.order) return {};
  const raw = one.columnKey ?? one.field;
  const field = Array.isArray(raw) ? raw.join('.') : typeof raw === 'string' ? raw : undefined;
  if (!field || !allowed.includes(field)) return {};
  return { sortField: field, sortOrder: one.order };
}

/** The next state after the Table changed page, size or sort: a new sort or size goes back to page 1. */
export function applyTableChange<F extends Record<string, string | number | undefined>>(
  state: ListState<F>,
  pagination: { current?: number | undefined; pageSize?: number | undefined },
  sorter: TableSorterLike | readonly TableSorterLike[] | undefined,
  allowed: readonly string[],
): ListState<F> {
  const sort = sortFromTable(sorter, allowed);
  const pageSize = pagination.pageSize ?? state.pageSize;
  const sortChanged = sort.sortField !== state.sortField || sort.sortOrder !== state.sortOrder;
  const page = sortChanged || pageSize !== state.pageSize ? 1 : (pagination.current ?? state.page);
  return { ...state, page, pageSize, sortField: sort.sortField, sortOrder: sort.sortOrder };
}

/** A new search text or filter value starts from the first page. */
export function withSearch<F extends Record<string, string | number | undefined>>(state: ListState<F>, q: string): ListState<F> {
  return { ...state, q, page: 1 };
}

export function withFilter<F extends Record<string, string | number | undefined>, K extends keyof F>(
  state: ListState<F>,
  key: K,
  value: F[K],
): ListState<F> {
  return { ...state, filters: { ...state.filters, [key]: value }, page: 1 };
}

/** After deleting the last row of a page, show the page before it. */
export function pageAfterDelete(page: number, pageSize: number, total: number): number {
  const lastPage = Math.max(1, Math.ceil(Math.max(0, total - 1) / pageSize));
  return Math.min(page, lastPage);
}
