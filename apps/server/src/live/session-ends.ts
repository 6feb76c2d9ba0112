import { EventEmitter } from 'node:events';

/**
 * Says "sessions were ended here" (logout, password change or reset, account disabled or
 * deleted, CAS single logout), once the change is committed, so open live streams check theirs
 * at once instead of at their next periodic check.
 */
const emitter = new EventEmitter();
emitter.setMaxListeners(0);

export function sessionsEnded(): void {
  emitter.emit('ended');
}

export function onSessionsEnded(listener: () => void): () => void {
  emitter.on('ended', listener);
  return () => emitter.off('ended', listener);
}
