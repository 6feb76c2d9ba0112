import { useQuery } from '@tanstack/react-query';
import type { DeviceOverview } from '@ullage/contracts/device-commands';
import { apiData } from '../../../lib/api-client';
import { deviceParamKeys } from './keys';

/** GET /api/device-params/station/:id: the station's device, contact, clock and tanks with their parameters. */
export function useDeviceOverview(stationId: number | undefined) {
  return useQuery({
    queryKey: deviceParamKeys.overview(stationId ?? 0),
    queryFn: ({ signal }) => apiData<DeviceOverview>(`/api/device-params/station/${stationId}`, { overlay: false, signal }),
    enabled: stationId !== undefined,
    // The device clock and last contact move: refreshed now and then while the page is open.
    refetchInterval: 30_000,
  });
}
