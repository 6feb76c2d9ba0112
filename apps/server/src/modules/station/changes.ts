import type { LiveBus } from '../../live/bus';

/**
 * Says "station N changed" (it is new, its fields or tanks, its device key, or it is gone)
 * after the change is committed, so caches of station data on every instance (ingest's device
 * lookup, the Veeder-Root poller's list of consoles) drop it at once. While the bus is down,
 * other instances see the change when their cache entry expires.
 */
export function stationChanged(bus: LiveBus, stationId: number): void {
  bus.publish('station', { stationId });
}

export function onStationChanged(bus: LiveBus, listener: (stationId: number) => void): () => void {
  return bus.subscribe('station', ({ stationId }) => listener(stationId));
}
