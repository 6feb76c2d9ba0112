import { useQuery } from '@tanstack/react-query';
import type { AtgStatus } from '@ullage/contracts/atg';
import { apiData } from '../../../lib/api-client';
import { moreKeys } from './keys';

/** How often the open console panel asks again: the poller's own pace is 10 s at the fastest. */
const REFRESH_MS = 10_000;

/** GET /api/station/:id/atg: whether the server polls the station's console and how that goes. */
export function getAtgStatus(id: number, signal?: AbortSignal): Promise<AtgStatus> {
  // The panel shows a failure in place; a toast every 10 s would bury the form.
  return apiData<AtgStatus>(`/api/station/${id}/atg`, { overlay: false, notify: false, ...(signal ? { signal } : {}) });
}

export function useAtgStatus(id: number) {
  return useQuery({
    queryKey: moreKeys.atgStatus(id),
    queryFn: ({ signal }) => getAtgStatus(id, signal),
    refetchInterval: REFRESH_MS,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}
