/**
 * Wall-clock time in an IANA zone → the instant. Consoles and gauges print local time with no
 * offset (Veeder-Root `YYMMDDHHmm`); the station's zone says which instant that was.
 */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second?: number;
}

const DAY_MS = 86_400_000;

// Making an Intl.DateTimeFormat costs far more than using one: reports ask for thousands of offsets.
const formatters = new Map<string, Intl.DateTimeFormat>();

function offsetByIntl(instant: number, timeZone: string): number {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - Math.floor(instant / 1000) * 1000;
}

const HOUR_MS = 3_600_000;
/** Offsets by zone and UTC hour, for hours with one offset throughout; bounded, cleared when full. */
const hourOffsets = new Map<string, Map<number, number>>();
const MAX_CACHED_HOURS = 200_000;
let cachedHours = 0;

/**
 * The zone's offset from UTC at an instant, in ms (UTC+8 → 8 h). formatToParts costs some 10 µs,
 * and an export of a fleet's month asks it for every time cell (a million a file): the offset of
 * a UTC hour is kept once its first and last second agree — zones change offset at most once in
 * an hour, so then it holds for the whole hour. An hour in which the offset changes is asked of
 * Intl each time, as before.
 */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const hour = Math.floor(instant / HOUR_MS);
  let ofZone = hourOffsets.get(timeZone);
  const kept = ofZone?.get(hour);
  if (kept !== undefined) return kept;
  const start = offsetByIntl(hour * HOUR_MS, timeZone);
  const end = offsetByIntl(hour * HOUR_MS + HOUR_MS - 1000, timeZone);
  if (start !== end) return offsetByIntl(instant, timeZone);
  if (cachedHours >= MAX_CACHED_HOURS) {
    hourOffsets.clear();
    cachedHours = 0;
    ofZone = undefined;
  }
  if (!ofZone) hourOffsets.set(timeZone, (ofZone = new Map()));
  ofZone.set(hour, start);
  cachedHours++;
  return start;
}

/**
 * The instant a wall time names in `timeZone`. Offsets change at most once within a day, so
 * the offsets a day before and a day after are the only candidates. In the hour a DST change
 * repeats, the earlier instant is taken; in the hour it skips, the time is read with the
 * offset before the change (02:30 on a spring-forward night is 03:30).
 */
export function zonedTimeToUtc(wall: WallTime, timeZone: string): Date {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second ?? 0);
  const before = naive - zoneOffsetMs(naive - DAY_MS, timeZone);
  const after = naive - zoneOffsetMs(naive + DAY_MS, timeZone);
  const valid = [before, after].filter((instant) => naive - instant === zoneOffsetMs(instant, timeZone));
  return new Date(valid.length > 0 ? Math.min(...valid) : before);
}

/**
 * The header an export request names the viewer's zone in: times that belong to no station
 * (when a company or an account was created) are written in the viewer's clock, as the page
 * shows them.
 */
export const VIEWER_ZONE_HEADER = 'time-zone';

/** An IANA zone name this runtime knows, else UTC (a header is the client's word, not ours). */
export function knownZoneOr(name: string | undefined, fallback = 'UTC'): string {
  if (!name || name.length > 64) return fallback;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return fallback;
  }
}
