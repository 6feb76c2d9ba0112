import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MonitorOverview } from '@ullage/contracts/monitor';
import { apiData } from './api-client';
import { OVERVIEW_REFETCH_MS, monitorKeys } from './monitor-keys';
import { queryClient } from './query-client';

/**
 * GET /api/monitor/overview?tz=: counts, inventory by product, today's alarms and deliveries,
 * and every station in the viewer's scope. A background call (no overlay); a failure is
 * reported only while there is nothing on screen yet, not every 30 s behind a working page.
 */
export function getMonitorOverview(options: { notify: boolean; signal?: AbortSignal }): Promise<MonitorOverview> {
  return apiData<MonitorOverview>('/api/monitor/overview', {
    // "Today" starts at the viewer's midnight.
    query: { tz: viewerTimeZone() },
    overlay: false,
    notify: options.notify,
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

function viewerTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** How long an overview is shown without asking again when a page mounts. */
const OVERVIEW_FRESH_MS = 5_000;

/** The overview asked ahead of the page that shows it (boot, for an address opened directly): the page finds it fresh. */
export function prefetchMonitorOverview(): Promise<void> {
  return queryClient.prefetchQuery({ queryKey: monitorKeys.overview, queryFn: ({ signal }) => getMonitorOverview({ signal, notify: false }), staleTime: OVERVIEW_FRESH_MS });
}


export function useMonitorOverview() {
  const client = useQueryClient();
  return useQuery({
    queryKey: monitorKeys.overview,
    queryFn: ({ signal }) => getMonitorOverview({ signal, notify: client.getQueryData(monitorKeys.overview) === undefined }),
    refetchInterval: OVERVIEW_REFETCH_MS,
    staleTime: OVERVIEW_FRESH_MS,
  });
}
