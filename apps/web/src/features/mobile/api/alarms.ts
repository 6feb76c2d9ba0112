import { useInfiniteQuery, useQueries } from '@tanstack/react-query';
import type { AlarmRow } from '@ullage/contracts/alarms';
import type { ListResult } from '@ullage/contracts/list';
import { apiData } from '../../../lib/api-client';
import { isOnline } from '../../../lib/online-status';
import { mergeAlarmRows } from '../live-alarms';
import { mobileKeys } from './keys';

/** GET /api/alarm/list: the endpoint of the desktop alarm pages. */
export function listAlarms(query: Record<string, string | number>, signal?: AbortSignal): Promise<ListResult<AlarmRow>> {
  return apiData<ListResult<AlarmRow>>('/api/alarm/list', { query, overlay: false, notify: isOnline(), ...(signal ? { signal } : {}) });
}

/** The open alarms a phone shows at most per kind; the count says when there are more. */
export const ACTIVE_LIMIT = 100;
/** Missed feed messages (a closed feed, alerts switched off) are caught by this poll. */
export const REAL_ALARM_REFETCH_MS = 60_000;

/**
 * /realAlarm's rows: the open level and leak alarms, and every alarm that started since the
 * page opened (those that already ended included, so a short alarm is not missed).
 */
export function useRealAlarms(openedAt: string) {
  const newest = { page: 1, pageSize: ACTIVE_LIMIT, sortField: 'startedAt', sortOrder: 'descend' } as const;
  const queries = [
    { ...newest, kind: 'level', state: 'active' },
    { ...newest, kind: 'leak', state: 'active' },
    { ...newest, kind: 'level', from: openedAt },
    { ...newest, kind: 'leak', from: openedAt },
  ];
  return useQueries({
    queries: queries.map((query) => ({
      queryKey: mobileKeys.alarms(query),
      queryFn: ({ signal }: { signal: AbortSignal }) => listAlarms(query, signal),
      refetchInterval: REAL_ALARM_REFETCH_MS,
    })),
    combine: (results) => ({
      rows: mergeAlarmRows(results.map((r) => r.data?.list)),
      activeTotal: (results[0]?.data?.total ?? 0) + (results[1]?.data?.total ?? 0),
      /** More open alarms of a kind than one page holds: the newest are shown. */
      truncated: (results[0]?.data?.total ?? 0) > ACTIVE_LIMIT || (results[1]?.data?.total ?? 0) > ACTIVE_LIMIT,
      loaded: results.every((r) => r.data !== undefined),
      failed: results.some((r) => r.isError),
      fetching: results.some((r) => r.isFetching),
      updatedAt: Math.max(...results.map((r) => r.dataUpdatedAt)),
    }),
  });
}

const PAGE_SIZE = 20;

/** A filtered alarm list a page at a time (alarm history, the _phone alarm pages). */
export function useAlarmPages(query: Record<string, string | number>) {
  return useInfiniteQuery({
    queryKey: mobileKeys.alarms({ ...query, pageSize: PAGE_SIZE }),
    queryFn: ({ pageParam, signal }) => listAlarms({ ...query, page: pageParam, pageSize: PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * PAGE_SIZE < last.total ? pages.length + 1 : undefined),
  });
}
