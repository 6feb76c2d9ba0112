/**
 * The console's `YYMMDDHHmm` timestamps (atg-protocol.md §2): 24-hour console-local time with
 * no seconds and no time zone, year 2000 + YY. Converting to an instant needs the station's
 * time zone, which is the caller's business.
 */
export interface ConsoleTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** Null for anything that is not a real date and time, including `?`-filled fields. */
export function parseConsoleTime(text: string): ConsoleTime | null {
  const m = /^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute] = [2000 + Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])];
  return isValidConsoleTime({ year, month, day, hour, minute }) ? { year, month, day, hour, minute } : null;
}

export function formatConsoleTime(parts: ConsoleTime): string {
  if (!isValidConsoleTime(parts) || parts.year < 2000 || parts.year > 2099) throw new RangeError(`not a console time (2000–2099): ${JSON.stringify(parts)}`);
  return [parts.year - 2000, parts.month, parts.day, parts.hour, parts.minute].map((n) => String(n).padStart(2, '0')).join('');
}

/** A real calendar date and time of day; any year (display reports print four digits, e.g. 1997). */
export function isValidConsoleTime(t: ConsoleTime): boolean {
  const whole = [t.year, t.month, t.day, t.hour, t.minute].every(Number.isInteger);
  return whole && t.month >= 1 && t.month <= 12 && t.day >= 1 && t.day <= daysInMonth(t.year, t.month) && t.hour >= 0 && t.hour <= 23 && t.minute >= 0 && t.minute <= 59;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
