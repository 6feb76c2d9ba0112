import { isDatabaseUnavailable } from '../lib/db-errors';

/** Wait before probe `attempt` (1, 2, …): 250 ms doubling to at most 2 s, so service returns within 2 s of the database. */
export function probeDelay(attempt: number): number {
  return Math.min(2_000, 250 * 2 ** Math.max(0, attempt - 1));
}

export interface AvailabilityLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/**
 * The database's reachability as this instance sees it. Any part that meets a connection error
 * reports it here (`failed`); the first report of an outage logs it once and starts probing with
 * `ping` on a capped backoff until the database answers again, which is logged once with the
 * outage's length. Meanwhile `/api/ready` says not ready, and requests that reach the database
 * are answered 503 (plugins/envelope.ts). The pool itself reconnects on the next query, so
 * nothing here holds a connection.
 */
export class DatabaseAvailability {
  private downSince: number | null = null;
  private attempt = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly deps: { ping: () => Promise<boolean>; log: AvailabilityLog; now?: () => number },
  ) {}

  get up(): boolean {
    return this.downSince === null;
  }

  /** Reports an error; only a connection error starts (or continues) an outage. Returns whether it was one. */
  failed(error: unknown): boolean {
    if (!isDatabaseUnavailable(error)) return false;
    this.unreachable(error);
    return true;
  }

  /** The database did not answer (a failed or timed-out ping): an outage begins, unless one is on. */
  unreachable(cause: unknown): void {
    if (this.downSince !== null || this.stopped) return;
    this.downSince = this.now();
    this.attempt = 0;
    const reason = cause instanceof Error ? cause.message : String(cause);
    this.deps.log.warn({ reason }, 'database unreachable: requests that need it answer 503 and /api/ready says not ready until it answers again');
    this.probeLater();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private probeLater() {
    if (this.stopped) return;
    this.attempt += 1;
    this.timer = setTimeout(() => void this.probe(), probeDelay(this.attempt));
    this.timer.unref();
  }

  private async probe() {
    if (this.stopped || this.downSince === null) return;
    if (!(await this.deps.ping().catch(() => false))) return this.probeLater();
    const seconds = Math.round((this.now() - this.downSince) / 100) / 10;
    this.downSince = null;
    this.deps.log.info({ outageSeconds: seconds }, 'database reachable again');
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }
}
