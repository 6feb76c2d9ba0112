import { useQueries } from '@tanstack/react-query';
import { mobileKeys } from '../../../lib/mobile-keys';
import { listAlarms } from '../../../lib/phone-alarm-list';
import { mergeAlarmRows } from '../live-alarms';

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
