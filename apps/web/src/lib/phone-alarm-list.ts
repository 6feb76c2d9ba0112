import { useInfiniteQuery } from '@tanstack/react-query';
import type { AlarmRow } from '@ullage/contracts/alarms';
import type { ListResult } from '@ullage/contracts/list';
import { apiData } from './api-client';
import { mobileKeys } from './mobile-keys';
import { isOnline } from './online-status';

/**
 * GET /api/alarm/list: the endpoint of the desktop alarm pages, as the phone calls it. Shared:
 * /realAlarm (features/mobile) and the phone's alarm lists (features/alarms) read it alike.
 */
export function listAlarms(query: Record<string, string | number>, signal?: AbortSignal): Promise<ListResult<AlarmRow>> {
  return apiData<ListResult<AlarmRow>>('/api/alarm/list', { query, overlay: false, notify: isOnline(), ...(signal ? { signal } : {}) });
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
