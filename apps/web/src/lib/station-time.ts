import { stationClock } from '@ullage/domain/station-clock';

/**
 * "2026-11-22 08:00:05" in a station's own time zone: alarms and readings are read as the
 * people at the station saw the clock, whatever the browser's zone (the server's exports
 * use the same form). The rule itself is `stationClock` (domain), shared with the server.
 */
export function stationDateTime(iso: string | null | undefined, timeZone: string): string | null {
  const clock = stationClock(iso, timeZone);
  return clock ? `${clock.date} ${clock.time}` : null;
}

/** Whole minutes, hours and days between two instants, for an alarm's duration ("2 d 3 h", "45 min"). */
export function durationParts(fromIso: string, toMs: number): { days: number; hours: number; minutes: number } {
  const total = Math.max(0, Math.floor((toMs - Date.parse(fromIso)) / 60_000));
  return { days: Math.floor(total / 1440), hours: Math.floor((total % 1440) / 60), minutes: total % 60 };
}
