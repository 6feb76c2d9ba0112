import { EventEmitter } from 'node:events';

/** Says "user N's notification settings changed", so their open alarm feeds reload them at once. */
const emitter = new EventEmitter();
emitter.setMaxListeners(0);

export function noticeSettingsChanged(userId: number): void {
  emitter.emit('changed', userId);
}

export function onNoticeSettingsChanged(listener: (userId: number) => void): () => void {
  emitter.on('changed', listener);
  return () => emitter.off('changed', listener);
}
