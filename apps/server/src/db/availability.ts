import { pgCode } from '../lib/db-errors';

/**
 * Whether an error means "the database is not there right now" (a restart, a failover, a
 * network blip, a terminated backend), as against a fault in the statement or the data. Such
 * errors are answered 503 (try again), never 500, and tell `DatabaseAvailability` to watch.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = pgCode(error);
  // 08: connection exceptions; 57P01-57P03: admin shutdown, crash shutdown, cannot connect now;
  // 53300: too many connections (the server is up, but full: also try again).
  if (code !== undefined) return code.startsWith('08') || /^57P0[1-3]$/.test(code) || code === '53300';
  for (let current: unknown = error, depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { code: errno, message } = current as { code?: unknown; message?: unknown };
    if (typeof errno === 'string' && NETWORK_ERRNOS.has(errno)) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((m) => message.includes(m))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const NETWORK_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);
/** What pg says when a connection ends under it, or cannot be had in time. */
const CONNECTION_MESSAGES = ['Connection terminated', 'connection timeout', 'timeout exceeded when trying to connect', 'Client has encountered a connection error', 'Client was closed and is not queryable'];

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
  private readonly listeners = new Set<(up: boolean) => void>();

  constructor(
    private readonly deps: { ping: () => Promise<boolean>; log: AvailabilityLog; now?: () => number },
  ) {}

  get up(): boolean {
    return this.downSince === null;
  }

  /** Called with `false` when an outage begins and `true` when it ends. */
  onChange(listener: (up: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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
    for (const listener of this.listeners) listener(false);
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
    for (const listener of this.listeners) listener(true);
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }
}
