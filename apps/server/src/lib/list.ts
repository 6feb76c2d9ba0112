import { asc, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListQuery } from '@ullage/contracts/list';
import { assertValid } from '../plugins/errors';

/** LIMIT/OFFSET of a page. */
export function pageOf(query: Pick<ListQuery, 'page' | 'pageSize'>) {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

/**
 * ORDER BY from the query's sortField/sortOrder, over a whitelist of columns; a field not in
 * it is refused (91011) rather than ignored. The tie-breaker keeps paging stable.
 */
export function orderOf(
  query: Pick<ListQuery, 'sortField' | 'sortOrder'>,
  sortable: Record<string, AnyPgColumn | SQL>,
  fallback: SQL,
  tieBreaker: AnyPgColumn,
): SQL[] {
  if (!query.sortField) return [fallback, asc(tieBreaker)];
  const column = sortable[query.sortField];
  assertValid(column ? [] : [{ field: 'sortField', rule: 'rule.invalid' }]);
  return [query.sortOrder === 'descend' ? desc(column!) : asc(column!), asc(tieBreaker)];
}

/** `%term%` for ILIKE with the user's % and _ taken literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A list filter `column = value` when the query gives a value; none (undefined, which and() leaves out) when it does not. */
export function equalsIfGiven<C extends AnyPgColumn>(column: C, value: C['_']['data'] | undefined): SQL | undefined {
  return value !== undefined ? eq(column, value) : undefined;
}

/** The list's free-text search: any of `columns` holds `q` (likePattern); none when the query has no q. */
export function searchOf(q: string | undefined, ...columns: AnyPgColumn[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(...columns.map((column) => ilike(column, pattern)));
}
