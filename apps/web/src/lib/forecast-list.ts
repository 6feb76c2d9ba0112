import { useQuery } from '@tanstack/react-query';
import type { ForecastRow } from '@ullage/contracts/forecast';
import { apiData } from './api-client';
import { MONITOR_KEY } from './monitor-keys';

export interface ForecastListQuery {
  stationId?: number | undefined;
  pageSize?: number;
}

/**
 * GET /api/forecast/list (issue 23): each tank's run-out forecast, soonest to its low alarm
 * first, of one station or of every station in scope. In the background: a failure leaves the
 * forecast out, with no toast. Sales profiles move by the hour; a slow refresh is plenty.
 */
export function useForecasts(query: ForecastListQuery, enabled = true) {
  return useQuery({
    queryKey: [...MONITOR_KEY, 'forecast', query.stationId ?? 'all', query.pageSize ?? 200],
    queryFn: ({ signal }) =>
      apiData<{ list: ForecastRow[]; total: number }>('/api/forecast/list', {
        query: { page: 1, pageSize: query.pageSize ?? 200, ...(query.stationId === undefined ? {} : { stationId: query.stationId }) },
        overlay: false,
        notify: false,
        signal,
      }),
    enabled,
    staleTime: 5 * 60_000,
    refetchInterval: 10 * 60_000,
  });
}
