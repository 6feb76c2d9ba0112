import { useQuery } from '@tanstack/react-query';
import type { StationDetail } from '@ullage/contracts/settings-more';
import { apiData } from '../../../lib/api-client';
import { moreKeys } from './keys';

/** GET /api/station/:id: the station with its tanks and their height-volume tables. */
export function getStation(id: number, signal?: AbortSignal): Promise<StationDetail> {
  return apiData<StationDetail>(`/api/station/${id}`, { ...(signal ? { signal } : {}) });
}

export function useStation(id: number | null) {
  return useQuery({
    queryKey: moreKeys.station(id ?? 0),
    queryFn: ({ signal }) => getStation(id ?? 0, signal),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
