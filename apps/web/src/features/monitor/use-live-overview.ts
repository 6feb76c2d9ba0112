import { useMonitorOverview } from '../../lib/monitor-overview';
import { useMonitorFormat } from '../../lib/use-monitor-format';
import { useMonitorLive } from '../../lib/use-monitor-live';
import { useOpenStation } from './use-open-station';

/**
 * What the pages over all of the viewer's stations (home, station picker, wall screen) start
 * from: the overview, kept live by the event feed; the viewer's number formats; and how a
 * station's monitor page is opened from it.
 */
export function useLiveOverview() {
  const format = useMonitorFormat();
  const openStation = useOpenStation();
  const live = useMonitorLive();
  const { data: overview, isError, refetch } = useMonitorOverview();
  return { format, openStation, live, overview, isError, refetch };
}
