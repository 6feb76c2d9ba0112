import { stationDateTime } from './station-time';

/** "08:00:05" in the station's own clock. */
export function timeOfDay(iso: string, timeZone: string): string {
  return stationDateTime(iso, timeZone)?.slice(11) ?? '';
}

/** A gap's length as m:ss or h:mm:ss: a gap of 15:01 must not read as 15 minutes. */
export function gapLength(from: string, to: string): string {
  const total = Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A variance with its sign: "+120 L" is a gain, "−80 L" a loss. */
export function signed(formatted: string, value: number): string {
  return value > 0 ? `+${formatted}` : formatted;
}

/** A date inside a sentence, isolated left to right (else Arabic text flips "2026-11-23" into "23-11-2026"). */
export const ltr = (text: string) => `\u2066${text}\u2069`;
