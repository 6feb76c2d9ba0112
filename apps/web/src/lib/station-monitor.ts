import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { StationMonitor } from '@ullage/contracts/monitor';
import { apiData } from './api-client';
import { STATION_REFETCH_MS, monitorKeys } from './monitor-keys';

/** GET /api/monitor/station/:id: the station, its tanks' latest readings, sensors and open alarms. */
export function getStationMonitor(id: number, options: { notify: boolean; signal?: AbortSignal }): Promise<StationMonitor> {
  return apiData<StationMonitor>(`/api/monitor/station/${id}`, { overlay: false, notify: options.notify, ...(options.signal ? { signal: options.signal } : {}) });
}

function stationQuery(client: QueryClient, id: number) {
  return {
    queryKey: monitorKeys.station(id),
    queryFn: ({ signal }: { signal: AbortSignal }) => getStationMonitor(id, { signal, notify: client.getQueryData(monitorKeys.station(id)) === undefined }),
    staleTime: 10_000,
  };
}

export function useStationMonitor(id: number | null) {
  const client = useQueryClient();
  return useQuery({
    ...stationQuery(client, id ?? 0),
    enabled: id !== null,
    refetchInterval: STATION_REFETCH_MS,
  });
}

/** Fetches a station ahead of showing it (the big screen's next station). */
export function prefetchStationMonitor(client: QueryClient, id: number): void {
  void client.prefetchQuery(stationQuery(client, id));
}
