import { useQuery } from '@tanstack/react-query';
import type { LeakTestStatus } from '@ullage/contracts/leak-test';
import { apiData } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/session-user';
import { MONITOR_KEY } from '../../../lib/monitor-keys';

/** Whether the user's menu holds the leak-test page (spec §6: an account of type 4 has no leak failure analysis). */
export function useLeakTestsAllowed(): boolean {
  const { data: user } = useSessionUser();
  return user?.menuList.includes('leak_failure_analysis') ?? false;
}

/**
 * GET /api/leak-test/status: each tank's latest leak test, of one station or of every station
 * in scope (`stationId` undefined). Asked only by users allowed the leak tests, in the
 * background: a failure leaves the results out, with no toast.
 */
export function useLeakTestStatus(stationId: number | undefined, enabled = true) {
  const allowed = useLeakTestsAllowed();
  return useQuery({
    queryKey: [...MONITOR_KEY, 'leak-test-status', stationId ?? 'all'],
    queryFn: ({ signal }) =>
      apiData<{ list: LeakTestStatus[] }>('/api/leak-test/status', { query: stationId === undefined ? {} : { stationId }, overlay: false, notify: false, signal }),
    enabled: allowed && enabled,
    // Tests are made once a station day; a slow refresh is plenty.
    staleTime: 5 * 60_000,
    refetchInterval: 15 * 60_000,
  });
}
