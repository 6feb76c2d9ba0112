import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

describe('throttle', () => {
  it('runs the first call at once and folds a burst into one run at the end of the interval', () => {
    const action = vi.fn();
    const t = throttle(action, 5000);
    t.call();
    expect(action).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 20; i++) {
      vi.advanceTimersByTime(100);
      t.call();
    }
    expect(action).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2999);
    expect(action).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('never runs twice within the interval', () => {
    const runs: number[] = [];
    const t = throttle(() => runs.push(Date.now()), 5000);
    for (let ms = 0; ms < 30_000; ms += 250) {
      t.call();
      vi.advanceTimersByTime(250);
    }
    for (let i = 1; i < runs.length; i++) expect(runs[i]! - runs[i - 1]!).toBeGreaterThanOrEqual(5000);
    // 0, 5 s, … 30 s: the last call of the burst still runs, at the end of its interval.
    expect(runs.length).toBe(7);
  });

  it('runs at once again after a quiet interval', () => {
    const action = vi.fn();
    const t = throttle(action, 5000);
    t.call();
    vi.advanceTimersByTime(6000);
    t.call();
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('cancel drops the pending run', () => {
    const action = vi.fn();
    const t = throttle(action, 5000);
    t.call();
    t.call();
    t.cancel();
    vi.advanceTimersByTime(10_000);
    expect(action).toHaveBeenCalledTimes(1);
  });
});
