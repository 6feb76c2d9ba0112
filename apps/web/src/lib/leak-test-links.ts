import type { LeakTestResult } from '@ullage/domain/leak-detection';

/**
 * The leak-test page's address for one station's (or tank's) tests, a result only: where home and
 * the monitor link. The page reads it back (leakFiltersOfSearch in features/report-leak-test).
 */
export function leakTestLinkOf(place: { stationId?: number; tankId?: number; result?: LeakTestResult }, path = '/leak_test'): string {
  const params = new URLSearchParams();
  if (place.stationId !== undefined) params.set('stationId', String(place.stationId));
  if (place.tankId !== undefined) params.set('tankId', String(place.tankId));
  if (place.result !== undefined) params.set('result', place.result);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
