import { zoneOffsetMs } from './zoned-time';

/**
 * The one rule for showing an alarm's (or any reading's) time: the station's own clock, as the
 * people at the station saw it, with the zone's offset at that instant beside it wherever
 * stations of several zones can appear together. Whatever the viewer's zone; lists still sort
 * by the instant itself.
 */
export interface StationClock {
  /** "2026-11-22" on the station's calendar. */
  date: string;
  /** "19:02:50", 24-hour. */
  time: string;
  /** "GMT+8", "GMT-5", "GMT+5:30", "GMT": the offset in force at that instant (DST included). */
  zone: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** A zone the runtime does not know is read as UTC (a typo in a station's settings must not blank its alarms). */
function knownZone(timeZone: string): string {
  try {
    formatter(timeZone);
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** "GMT+8" for an offset of 8 h; minutes only when the zone has them ("GMT+5:30"). */
export function offsetLabel(offsetMs: number): string {
  const minutes = Math.round(offsetMs / 60_000);
  if (minutes === 0) return 'GMT';
  const sign = minutes > 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `GMT${sign}${Math.floor(abs / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** The station clock at `iso` in `timeZone`; null for a missing or unreadable time. */
export function stationClock(iso: string | null | undefined, timeZone: string): StationClock | null {
  if (!iso) return null;
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return null;
  const zone = knownZone(timeZone);
  const parts = formatter(zone).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}:${get('second')}`, zone: offsetLabel(zoneOffsetMs(instant, zone)) };
}

/** "2026-11-22 19:02:50 GMT+8": date, time and zone in one text (exports, toasts, phone cards). */
export function stationDateTimeZone(iso: string | null | undefined, timeZone: string): string | null {
  const clock = stationClock(iso, timeZone);
  return clock ? `${clock.date} ${clock.time} ${clock.zone}` : null;
}
