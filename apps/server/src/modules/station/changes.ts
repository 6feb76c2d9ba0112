import { EventEmitter } from 'node:events';

/**
 * Says "station N changed" (it is new, its fields or tanks, its device key, or it is gone)
 * after the change is committed, so caches of station data in this process (ingest's device
 * lookup, the Veeder-Root poller's list of consoles) drop it at once. Other instances see the change when their cache entry expires.
 */
const emitter = new EventEmitter();
emitter.setMaxListeners(0);

export function stationChanged(stationId: number): void {
  emitter.emit('changed', stationId);
}

export function onStationChanged(listener: (stationId: number) => void): () => void {
  emitter.on('changed', listener);
  return () => emitter.off('changed', listener);
}
