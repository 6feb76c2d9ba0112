/**
 * When a failed webhook delivery is tried again (issue 38): exponential backoff, then every two
 * hours, for 24 hours from the event; then it is given up. An endpoint whose deliveries have all
 * failed for that long is disabled.
 */

/** Waits after the 1st, 2nd, … failed attempt; after the last, RETRY_EVERY_MS. Ascending. */
export const RETRY_DELAYS_MS: readonly number[] = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000];
export const RETRY_EVERY_MS = 2 * 3_600_000;
/** How long a delivery is retried, and how long an endpoint may fail before it is disabled. */
export const RETRY_WINDOW_MS = 24 * 3_600_000;

/** The wait after `attempts` failed attempts (1 or more). */
export function retryDelayMs(attempts: number): number {
  return RETRY_DELAYS_MS[Math.max(0, attempts - 1)] ?? RETRY_EVERY_MS;
}

export type AfterFailure = { status: 'failed'; nextAttemptMs: number } | { status: 'gave_up' };

/** What becomes of a delivery whose attempt number `attempts` failed at `nowMs`: a retry before `retryUntilMs`, or given up. */
export function afterFailure(attempts: number, nowMs: number, retryUntilMs: number): AfterFailure {
  const next = nowMs + retryDelayMs(attempts);
  return next <= retryUntilMs ? { status: 'failed', nextAttemptMs: next } : { status: 'gave_up' };
}

/** Whether an endpoint failing since `failingSinceMs` (every attempt since then failed) is disabled at `nowMs`. */
export function endpointGivesUp(failingSinceMs: number | null, nowMs: number): boolean {
  return failingSinceMs !== null && nowMs - failingSinceMs >= RETRY_WINDOW_MS;
}

/** Whether an HTTP status answers a delivery as received: any 2xx (a redirect is not followed). */
export function isDelivered(statusCode: number): boolean {
  return statusCode >= 200 && statusCode < 300;
}
