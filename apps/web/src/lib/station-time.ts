/**
 * "2026-11-22 08:00:05" in a station's own time zone: alarms and readings are read as the
 * people at the station saw the clock, whatever the browser's zone (the server's exports
 * use the same form).
 */
export function stationDateTime(iso: string | null | undefined, timeZone: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatter(timeZone).formatToParts(date);
  } catch {
    parts = formatter('UTC').formatToParts(date);
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = cache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    cache.set(timeZone, f);
  }
  return f;
}

/** Whole minutes, hours and days between two instants, for an alarm's duration ("2 d 3 h", "45 min"). */
export function durationParts(fromIso: string, toMs: number): { days: number; hours: number; minutes: number } {
  const total = Math.max(0, Math.floor((toMs - Date.parse(fromIso)) / 60_000));
  return { days: Math.floor(total / 1440), hours: Math.floor((total % 1440) / 60), minutes: total % 60 };
}
