/** Last-seen is written at most once a minute: writing it on every call would make every read a write. */
const TOUCH_AT_MOST_EVERY_MS = 60_000;
/** How often open live streams check that their session still stands, at the most. */
const STREAM_CHECK_AT_MOST_MS = 15_000;

export interface SessionTiming {
  /** A call this long after the last recorded one records it (last-seen and expiry). */
  touchAfterMs: number;
  /** How far after the recorded last-seen the session expires. */
  lifetimeMs: number;
  /** How often open live streams check that their session still stands. */
  streamCheckMs: number;
}

/**
 * The idle rule (README, SESSION_IDLE_MINUTES): a session used within the last idle period
 * never expires, and one left unused ends between idle and idle + touchAfter after its last call.
 * Last-seen is written only when touchAfter = min(1 minute, idle / 4) has passed, so it may lag
 * a call by up to touchAfter; the expiry is set that much further to make up for it.
 */
export function sessionTiming(idleMinutes: number): SessionTiming {
  const idleMs = idleMinutes * 60_000;
  const touchAfterMs = Math.min(TOUCH_AT_MOST_EVERY_MS, idleMs / 4);
  return { touchAfterMs, lifetimeMs: idleMs + touchAfterMs, streamCheckMs: Math.max(100, Math.min(STREAM_CHECK_AT_MOST_MS, touchAfterMs)) };
}
