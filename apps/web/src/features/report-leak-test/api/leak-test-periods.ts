import { useQuery } from '@tanstack/react-query';
import type { LeakTestPeriods } from '@ullage/contracts/leak-test';
import { apiData } from '../../../lib/api-client';
import { leakTestKeys } from '../../../lib/leak-tests';

/** GET /api/leak-test/periods: one tank day's test and its quiet periods, for the chart; fetched while the chart is open. */
export function useLeakTestPeriods(test: { tankId: number; day: string } | null) {
  return useQuery({
    queryKey: leakTestKeys.periods(test?.tankId ?? 0, test?.day ?? ''),
    queryFn: ({ signal }) => apiData<LeakTestPeriods>('/api/leak-test/periods', { query: { tankId: test!.tankId, day: test!.day }, overlay: false, signal }),
    enabled: test !== null,
    // A day's test does not change once made.
    staleTime: 5 * 60_000,
  });
}
