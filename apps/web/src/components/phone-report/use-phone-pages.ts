import { useInfiniteQuery } from '@tanstack/react-query';
import type { ListParams } from '../list-page/list-query';

export const PHONE_PAGE_SIZE = 20;

interface Paged {
  list: readonly unknown[];
  total: number;
}

/**
 * A desktop report's list endpoint a page at a time, for a phone's growing list of cards.
 * Kept under the desktop list's key (plus 'phone': the cached shape differs), so what
 * refreshes the desktop list (processing an offline record) refreshes this one too.
 */
export function usePhonePages<P extends Paged>(
  key: readonly unknown[],
  fetch: (query: ListParams, signal: AbortSignal) => Promise<P>,
  query: Record<string, string | number>,
  enabled = true,
) {
  const pages = useInfiniteQuery({
    queryKey: [...key, 'phone', query],
    queryFn: ({ pageParam, signal }) => fetch({ ...query, page: pageParam, pageSize: PHONE_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.length * PHONE_PAGE_SIZE < last.total ? all.length + 1 : undefined),
    enabled,
  });
  const first = pages.data?.pages[0];
  const rows = (pages.data?.pages.flatMap((page) => page.list) ?? []) as P['list'][number][];
  return { pages, first, rows, total: first?.total ?? 0 };
}
