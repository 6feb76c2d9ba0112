import { useQuery } from '@tanstack/react-query';
import type { LeakTestStatus } from '@ullage/contracts/leak-test';
import { apiData } from '../../../lib/api-client';
import { useSessionUser } from '../../auth/api/get-info';
import { MONITOR_KEY } from './keys';

/**
 * GET /api/leak-test/status: each tank's latest leak test, of one station or of every station
 * in scope. Asked only by users whose menu holds the leak-test page (spec §6: an account of
 * type 4 has no leak failure analysis), in the background: a failure leaves the tags out, not a toast.
 */
export function useLeakTestStatus(stationId?: number) {
  const { data: user } = useSessionUser();
  const allowed = user?.menuList.includes('leak_failure_analysis') ?? false;
  return useQuery({
    queryKey: [...MONITOR_KEY, 'leak-test-status', stationId ?? 0],
    queryFn: ({ signal }) =>
      apiData<{ list: LeakTestStatus[] }>('/api/leak-test/status', { query: stationId === undefined ? {} : { stationId }, overlay: false, notify: false, signal }),
    enabled: allowed,
    // Tests are made once a station day; a slow refresh is plenty.
    staleTime: 5 * 60_000,
    refetchInterval: 15 * 60_000,
  });
}
