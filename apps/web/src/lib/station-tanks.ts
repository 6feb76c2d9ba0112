import { useQuery } from '@tanstack/react-query';
import type { StationDetail } from '@ullage/contracts/settings-more';
import { apiData } from './api-client';

/** GET /api/station/:id/tanks: the tanks of the chosen station, for the tank filter. */
export function useStationTanks(stationId: number | undefined) {
  return useQuery({
    queryKey: ['station-tanks', stationId ?? 0],
    queryFn: ({ signal }) => apiData<StationDetail['tanks']>(`/api/station/${stationId}/tanks`, { overlay: false, signal }),
    enabled: stationId !== undefined,
    staleTime: 60_000,
  });
}
