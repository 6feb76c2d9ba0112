import { describe, expect, it } from 'vitest';
import { afterFailure, endpointGivesUp, isDelivered, retryDelayMs, RETRY_WINDOW_MS } from './webhook-retry';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;

describe('webhook retries (issue 38)', () => {
  it.each([
    [1, 5 * S],
    [2, 30 * S],
    [3, 2 * MIN],
    [4, 10 * MIN],
    [5, 30 * MIN],
    [6, H],
    [7, 2 * H],
    [30, 2 * H],
  ])('after %i failed attempts the next waits %i ms', (attempts, wait) => {
    expect(retryDelayMs(attempts)).toBe(wait);
  });

  it('retries within 24 hours of the event, then gives up', () => {
    const start = 1_000_000;
    const until = start + RETRY_WINDOW_MS;
    expect(afterFailure(1, start, until)).toEqual({ status: 'failed', nextAttemptMs: start + 5 * S });
    expect(afterFailure(8, until - 2 * H, until)).toEqual({ status: 'failed', nextAttemptMs: until });
    expect(afterFailure(8, until - 2 * H + 1, until)).toEqual({ status: 'gave_up' });
  });

  it('the attempts of a delivery that never succeeds: 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, then every 2 h, 18 in 24 h', () => {
    let now = 0;
    const times = [0];
    for (let attempts = 1; ; attempts++) {
      const next = afterFailure(attempts, now, RETRY_WINDOW_MS);
      if (next.status === 'gave_up') break;
      now = next.nextAttemptMs;
      times.push(now);
    }
    expect(times.slice(0, 8)).toEqual([0, 5 * S, 35 * S, 155 * S, 755 * S, 2555 * S, 6155 * S, 6155 * S + 2 * H]);
    expect(times.length).toBe(18);
    expect(times.at(-1)).toBeLessThanOrEqual(RETRY_WINDOW_MS);
  });

  it.each([
    [null, 10 * H, false],
    [0, 24 * H - 1, false],
    [0, 24 * H, true],
  ])('an endpoint failing since %s is disabled at %s: %s', (since, now, disabled) => {
    expect(endpointGivesUp(since, now)).toBe(disabled);
  });

  it.each([
    [200, true],
    [204, true],
    [299, true],
    [301, false],
    [304, false],
    [404, false],
    [500, false],
  ])('HTTP %i is delivered: %s', (status, delivered) => {
    expect(isDelivered(status)).toBe(delivered);
  });
});
