/**
 * Runs `action` at most once every `intervalMs`, however often `call` is made: the first call
 * runs at once, calls within the interval collapse into one run at its end. Live events can
 * arrive many times a second; the overview they invalidate is refetched at that pace at most.
 */
export interface Throttle {
  call(): void;
  cancel(): void;
}

export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function throttle(action: () => void, intervalMs: number, clock: Clock = realClock): Throttle {
  let lastRun = -Infinity;
  let pending: unknown = null;
  const run = () => {
    pending = null;
    lastRun = clock.now();
    action();
  };
  return {
    call() {
      if (pending !== null) return;
      const wait = lastRun + intervalMs - clock.now();
      if (wait <= 0) run();
      else pending = clock.setTimeout(run, wait);
    },
    cancel() {
      if (pending !== null) clock.clearTimeout(pending);
      pending = null;
    },
  };
}
