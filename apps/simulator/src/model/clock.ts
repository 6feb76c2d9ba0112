/**
 * Station-local wall time. Sales follow the clock on the station's wall, not UTC, so a fleet
 * spread over timezones peaks at different UTC hours (as the demo organisation should).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' });
    formatters.set(timezone, f);
  }
  return f;
}

/** Hours since local midnight, with minutes as a fraction (e.g. 8.5 is 08:30). */
export function localHour(timezone: string, ms: number): number {
  let hour = 0;
  let minute = 0;
  for (const part of formatter(timezone).formatToParts(ms)) {
    if (part.type === 'hour') hour = Number(part.value);
    else if (part.type === 'minute') minute = Number(part.value);
  }
  return hour + minute / 60;
}

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

/** ISO 8601 in UTC, which the protocol's `offset: true` times accept. */
export const iso = (ms: number) => new Date(ms).toISOString();
