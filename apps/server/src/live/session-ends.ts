import type { LiveBus } from './bus';

/**
 * Says "sessions were ended" (logout, password change or reset, account disabled or deleted,
 * CAS single logout), once the change is committed, so open live streams, here and on the
 * other instances, check theirs at once instead of at their next periodic check.
 */
export function sessionsEnded(bus: LiveBus): void {
  bus.publish('sessionsEnded', {});
}

export function onSessionsEnded(bus: LiveBus, listener: () => void): () => void {
  return bus.subscribe('sessionsEnded', () => listener());
}
