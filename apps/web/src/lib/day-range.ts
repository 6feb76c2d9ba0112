import { DELIVERY_RANGE_MAX_DAYS } from '@ullage/domain/delivery-figures';

/**
 * The delivery range of the phone pages: whole days in the phone's own zone, [from, to).
 * Presets cover what is asked most (today, the last 7 or 30 days); a custom range is two
 * dates, both included. Shared: the phone reports' filter sheets read their date fields the same way.
 */
export const RANGE_PRESETS = ['today', '7d', '30d'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

const PRESET_DAYS: Record<RangePreset, number> = { today: 1, '7d': 7, '30d': 30 };

/** The phone opens on the last 30 days, as the desktop delivery page does. */
export const DEFAULT_PRESET: RangePreset = '30d';

export interface Range {
  from: string;
  to: string;
}

function midnight(date: Date, addDays = 0): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + addDays);
}

/** The last `days` days, today included. */
export function presetRange(preset: RangePreset, now: Date): Range {
  const to = midnight(now, 1);
  return { from: midnight(now, 1 - PRESET_DAYS[preset]).toISOString(), to: to.toISOString() };
}

/** Which preset a range is, or null for a custom one. */
export function presetOf(range: Range, now: Date): RangePreset | null {
  return RANGE_PRESETS.find((preset) => {
    const candidate = presetRange(preset, now);
    return candidate.from === range.from && candidate.to === range.to;
  }) ?? null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of an instant, in the phone's zone (what a date input shows). */
export function localDate(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function parseLocalDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return date.getDate() === Number(m[3]) ? date : null;
}

/**
 * Two dates of date inputs, both included, as [from, to); null when one is missing, they are
 * reversed, or they span more than the delivery list allows (a year).
 */
export function rangeOfDates(first: string, last: string): Range | null {
  const from = parseLocalDate(first);
  const end = parseLocalDate(last);
  if (!from || !end || end < from) return null;
  const to = midnight(end, 1);
  if (to.getTime() - from.getTime() > DELIVERY_RANGE_MAX_DAYS * 86_400_000) return null;
  return { from: from.toISOString(), to: to.toISOString() };
}

/** The last day a range includes, for the second date input. */
export function lastDateOf(range: Range): string {
  return localDate(new Date(Date.parse(range.to) - 1).toISOString());
}

/** The place's range, or the default one. */
export function rangeOr(place: { from?: string | undefined; to?: string | undefined }, now: Date): Range {
  if (place.from && place.to && Date.parse(place.from) < Date.parse(place.to)) return { from: place.from, to: place.to };
  return presetRange(DEFAULT_PRESET, now);
}
