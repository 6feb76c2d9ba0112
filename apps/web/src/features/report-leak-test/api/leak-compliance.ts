import { useQuery } from '@tanstack/react-query';
import type { LeakCompliance } from '@ullage/contracts/leak-test';
import { apiData } from '../../../lib/api-client';
import { leakTestKeys } from '../../../lib/leak-tests';

/** GET /api/leak-test/compliance: one station's monthly compliance record (without a month: its last ended month). */
export function useLeakCompliance(place: { stationId: number; month?: string } | null) {
  return useQuery({
    queryKey: leakTestKeys.compliance(place?.stationId ?? 0, place?.month),
    queryFn: ({ signal }) => apiData<LeakCompliance>('/api/leak-test/compliance', { query: { stationId: place!.stationId, month: place!.month }, signal }),
    enabled: place !== null,
  });
}
