/** PostgreSQL error codes, whether the error comes from pg, PGlite, or wrapped by drizzle. */
export function pgCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgCode(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => pgCode(error) === '23503';

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
