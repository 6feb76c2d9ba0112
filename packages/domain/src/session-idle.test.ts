import { describe, expect, it } from 'vitest';
import { sessionTiming } from './session-idle';

describe('sessionTiming (README SESSION_IDLE_MINUTES)', () => {
  const cases: Array<[number, number, number, number]> = [
    // idle minutes, touch after, lifetime, stream check (ms)
    [120, 60_000, 120 * 60_000 + 60_000, 15_000],
    [4, 60_000, 4 * 60_000 + 60_000, 15_000],
    [2, 30_000, 2 * 60_000 + 30_000, 15_000],
    [1, 15_000, 60_000 + 15_000, 15_000],
    [0.1, 1_500, 6_000 + 1_500, 1_500],
  ];
  it.each(cases)('idle %s min: last-seen written after %s ms, expiry %s ms after it, streams checked every %s ms', (idle, touch, lifetime, check) => {
    expect(sessionTiming(idle)).toEqual({ touchAfterMs: touch, lifetimeMs: lifetime, streamCheckMs: check });
  });

  it('a call at any moment leaves the session at least the idle period: last-seen lags by at most touchAfter, which the lifetime adds', () => {
    for (const idle of [0.1, 1, 2, 5, 120]) {
      const { touchAfterMs, lifetimeMs } = sessionTiming(idle);
      // Worst case: the call comes just before a write is due.
      const lastSeen = 0;
      const call = touchAfterMs;
      expect(lastSeen + lifetimeMs - call).toBeGreaterThanOrEqual(idle * 60_000);
    }
  });
});
