import type { LiveBus } from '../../live/bus';

/**
 * Says "user N's notification settings changed", after the commit, so their open alarm feeds,
 * on every instance, reload them at once.
 */
export function noticeSettingsChanged(bus: LiveBus, userId: number): void {
  bus.publish('noticeSettings', { userId });
}

export function onNoticeSettingsChanged(bus: LiveBus, listener: (userId: number) => void): () => void {
  return bus.subscribe('noticeSettings', ({ userId }) => listener(userId));
}
