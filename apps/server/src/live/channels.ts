import type { PublishedEvent } from './published-event';

/**
 * What the live bus carries, by channel. Each is published after its change is committed, by
 * whichever instance made it, and heard by every instance (bus.ts). Payloads cross the wire
 * as JSON: plain data only.
 */
export interface LiveChannels {
  /** A monitor event of a station (inventory, sensors, status, alarm), for the live feeds. */
  event: PublishedEvent;
  /** A user's notification settings changed: their open alarm feeds reload them. */
  noticeSettings: { userId: number };
  /**
   * A station changed (new, its fields or tanks, its device key, a tank parameter a device
   * command applied, or it is gone): caches of station data drop it.
   */
  station: { stationId: number };
  /**
   * Sessions were ended (logout, password change or reset, account disabled or deleted, CAS
   * single logout): open live streams check theirs at once rather than at their next check.
   */
  sessionsEnded: Record<string, never>;
  /**
   * An instance says it is there (every PRESENCE_EVERY_MS, and when its bus comes up, asking the
   * others to answer at once: `hello`). The bus keeps it to itself: it tells each instance
   * whether any other hears its monitor events (bus.ts).
   */
  presence: { hello: boolean };
}

export type LiveChannel = keyof LiveChannels;

export const LIVE_CHANNELS: readonly LiveChannel[] = ['event', 'noticeSettings', 'station', 'sessionsEnded', 'presence'];
