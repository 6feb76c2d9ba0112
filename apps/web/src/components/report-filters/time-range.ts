/** A range picker's pair as the endpoint's [from, to); a cleared picker clears both. */
export function withRange<F extends { from?: string | undefined; to?: string | undefined }>(filters: F, range: readonly [Date, Date] | null): F {
  if (!range) return { ...filters, from: undefined, to: undefined };
  return { ...filters, from: range[0].toISOString(), to: range[1].toISOString() };
}

const DAY = 86_400_000;

/**
 * The last `days` days up to the end of today (UTC), as the endpoints' [from, to): the window the
 * delivery, power-off, offline and data-jump pages open on (most questions are about recent days).
 */
export function lastDaysToEndOfToday(days: number, now = Date.now()): { from: string; to: string } {
  const end = Math.ceil(now / DAY) * DAY;
  return { from: new Date(end - days * DAY).toISOString(), to: new Date(end).toISOString() };
}
