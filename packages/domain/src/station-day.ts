import { zonedTimeToUtc } from './zoned-time';

/**
 * Report days are the station's own (issue 6): a day runs from the station's local midnight to
 * the next, so it is 23 or 25 hours long across a DST change. Days are named 'YYYY-MM-DD'.
 */
export interface DayWindow {
  day: string;
  startMs: number;
  endMs: number;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written YYYY-MM-DD (no 30 February). */
export function isDay(day: string): boolean {
  const m = DAY.exec(day);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** Days already stepped: a week of a thousand stations' shifts steps the same few days thousands of times. */
const nextDays = new Map<string, string>();

/** The day after `day` (calendar arithmetic, no zone involved). */
export function nextDay(day: string): string {
  let next = nextDays.get(day);
  if (next === undefined) {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    if (nextDays.size >= 10_000) nextDays.clear();
    nextDays.set(day, next);
  }
  return next;
}

/** [local midnight of `day`, local midnight of the next day) in `timeZone`, as instants. */
export function dayWindow(day: string, timeZone: string): DayWindow {
  // Reports and ingest ask for the same few days of the same few zones thousands of times, and
  // each answer costs several Intl lookups: kept (frozen, as they are shared) up to a bound.
  const key = `${timeZone}\n${day}`;
  const known = windows.get(key);
  if (known) return known;
  const window = Object.freeze(computeDayWindow(day, timeZone));
  if (windows.size >= MAX_KEPT_WINDOWS) windows.clear();
  windows.set(key, window);
  return window;
}

const MAX_KEPT_WINDOWS = 20_000;
const windows = new Map<string, DayWindow>();

function computeDayWindow(day: string, timeZone: string): DayWindow {
  if (!isDay(day)) throw new RangeError(`Not a day: ${day}`);
  const wall = (d: string) => {
    const [year, month, dayOfMonth] = d.split('-').map(Number) as [number, number, number];
    return zonedTimeToUtc({ year, month, day: dayOfMonth, hour: 0, minute: 0 }, timeZone).getTime();
  };
  return { day, startMs: wall(day), endMs: wall(nextDay(day)) };
}

/**
 * The earliest instant `day` begins in any time zone: its midnight at UTC+14 (Kiribati), 14 hours
 * before its UTC midnight. An instant before it falls on an earlier day wherever it is read.
 */
export function earliestDayStartMs(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) - 14 * 3_600_000;
}

/** The days from `first` to `last`, both included. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let d = first; d <= last; d = nextDay(d)) days.push(d);
  return days;
}

/** The station-local day an instant falls on. */
export function dayOf(instantMs: number, timeZone: string): string {
  // Making an Intl.DateTimeFormat costs ~100 times using one (ingest asks once a reading of a past day).
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA formats dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(new Date(instantMs));
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
