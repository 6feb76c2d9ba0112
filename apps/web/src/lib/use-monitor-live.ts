import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveEvent, MonitorOverview, StationMonitor } from '@ullage/contracts/monitor';
import { useLiveEvents, type LiveState } from './live-events';
import { MONITOR_KEY, monitorKeys } from './monitor-keys';
import { patchOverview, patchStationMonitor } from './live-patch';
import { throttle } from './throttle';

/** The overview is refetched at most this often while events arrive. */
export const OVERVIEW_THROTTLE_MS = 5_000;

/**
 * Keeps the monitor queries current from the live feed: a station's tanks, sensors, status
 * and alarms are patched into the cache at once (no request), the overview takes what it can
 * and is refetched, throttled, for its sums. After a lost connection everything is refetched.
 */
export function useMonitorLive(stationId?: number, options: { refetchOverview?: boolean } = {}): LiveState {
  const client = useQueryClient();
  const refetchOverview = options.refetchOverview ?? true;
  const overviewRefetch = useMemo(
    () => throttle(() => void client.invalidateQueries({ queryKey: monitorKeys.overview }), OVERVIEW_THROTTLE_MS),
    [client],
  );
  useEffect(() => () => overviewRefetch.cancel(), [overviewRefetch]);

  const onEvent = (event: LiveEvent) => {
    client.setQueryData<StationMonitor>(monitorKeys.station(event.stationId), (old) => (old ? patchStationMonitor(old, event) : old));
    client.setQueryData<MonitorOverview>(monitorKeys.overview, (old) => (old ? patchOverview(old, event) : old));
    if (refetchOverview && event.type !== 'sensors') overviewRefetch.call();
  };
  return useLiveEvents(stationId, onEvent, {
    onReconnect: () => void client.invalidateQueries({ queryKey: MONITOR_KEY }),
  });
}
