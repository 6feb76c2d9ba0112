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

const QUARTER_MS = 15 * 60_000;
/** Local hour at the start of each UTC quarter hour, per zone: formatting dates is the history's slowest step. */
const quarterHours = new Map<string, Map<number, number>>();

/**
 * Hours since local midnight, with minutes as a fraction (e.g. 8.5 is 08:30). Every zone's
 * offset is a multiple of 15 minutes and changes only on a quarter hour, so the hour at a
 * quarter's start plus the whole minutes since is exact.
 */
export function localHour(timezone: string, ms: number): number {
  const quarter = Math.floor(ms / QUARTER_MS);
  let zone = quarterHours.get(timezone);
  if (!zone) quarterHours.set(timezone, (zone = new Map()));
  let start = zone.get(quarter);
  if (start === undefined) {
    if (zone.size > 20_000) zone.clear(); // a long-running fleet: keep it small
    start = formatHour(timezone, quarter * QUARTER_MS);
    zone.set(quarter, start);
  }
  return start + Math.floor((ms - quarter * QUARTER_MS) / 60_000) / 60;
}

function formatHour(timezone: string, ms: number): number {
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

let isoMinute = NaN;
let isoPrefix = '';

/**
 * ISO 8601 in UTC, which the protocol's `offset: true` times accept: exactly `toISOString()`.
 * Every reading and sale has one, most within the minute of the one before: the minute's
 * prefix is kept and only the seconds written, several times faster than a Date each time.
 */
export function iso(ms: number): string {
  if (!(ms >= 0 && ms < 253_402_300_800_000)) return new Date(ms).toISOString(); // before 1970, after 9999, or not a time
  const whole = Math.floor(ms);
  const minute = Math.floor(whole / 60_000);
  if (minute !== isoMinute) {
    isoMinute = minute;
    isoPrefix = new Date(minute * 60_000).toISOString().slice(0, 17);
  }
  const inMinute = whole - minute * 60_000;
  const seconds = Math.floor(inMinute / 1000);
  const millis = inMinute - seconds * 1000;
  return `${isoPrefix}${seconds < 10 ? '0' : ''}${seconds}.${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
}

/**
 * The first time at or after `fromMs` that the station's wall clock shows `hour` (e.g. 1.5 for
 * 01:30), on a quarter hour; within two days, or null (a zone whose clock skips that hour).
 */
export function nextLocalTime(timezone: string, fromMs: number, hour: number): number | null {
  const first = Math.ceil(fromMs / QUARTER_MS) * QUARTER_MS;
  for (let ms = first; ms < first + 2 * DAY; ms += QUARTER_MS) if (localHour(timezone, ms) === hour) return ms;
  return null;
}
