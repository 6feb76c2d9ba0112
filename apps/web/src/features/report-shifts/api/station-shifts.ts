import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StationShifts, StationShiftsInput } from '@ullage/contracts/shift-sales';
import { apiData } from '../../../lib/api-client';
import { SHIFTS_KEY, shiftKeys } from './keys';

/** GET /api/station/:id/shifts: the station's shifts (one all-day shift when none is set) and whether the caller may change them. */
export function useStationShifts(stationId: number | undefined) {
  return useQuery({
    queryKey: shiftKeys.stationShifts(stationId ?? 0),
    queryFn: ({ signal }) => apiData<StationShifts>(`/api/station/${stationId}/shifts`, { overlay: false, signal }),
    enabled: stationId !== undefined,
    staleTime: 30_000,
  });
}

/**
 * PUT /api/station/:id/shifts: replaces them as a whole. The dialog shows refusals on its
 * fields, so the client does not toast them too; the figures are computed anew.
 */
export function useSaveStationShifts(stationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StationShiftsInput) => apiData<StationShifts>(`/api/station/${stationId}/shifts`, { method: 'PUT', body, notify: false }),
    onSuccess: (data) => {
      client.setQueryData(shiftKeys.stationShifts(stationId), data);
      void client.invalidateQueries({ queryKey: SHIFTS_KEY });
    },
  });
}
