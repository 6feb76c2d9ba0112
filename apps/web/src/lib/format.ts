import { temperatureFromC, volumeFromLitres } from '@ullage/domain/units';

/**
 * Every number a station manager reads on the monitor pages, formatted in one place: by the
 * interface language (Intl) and by the company's units (spec §9). Inputs are SI as the API
 * sends them (mm, litres, °C); `null` (no reading yet) becomes the missing placeholder.
 * Intl's unit styles localise the unit too ("12,346 L", "12,346升", "12.346 l").
 */

type Value = number | null | undefined;

export interface MonitorFormat {
  locale: string;
  /** Litres → the company's unit, with its unit name. */
  volume(litres: Value, volumeUnit: number | null | undefined): string;
  /** A rate in litres per hour (a leak rate) → the company's volume unit per hour, two decimals. */
  rate(litresPerHour: Value, volumeUnit: number | null | undefined): string;
  /** A duration in hours, one decimal at most ("12.5 hr"). */
  hours(h: Value): string;
  /** Millimetres, one decimal at most. */
  height(mm: Value): string;
  /** °C → the company's unit, one decimal. */
  temperature(celsius: Value, tempUnit: number | null | undefined): string;
  /** A fill level given as 0–100. */
  percent(pct: Value): string;
  /** A plain count. */
  count(n: Value): string;
  /** A map's degree label, up to two decimals. */
  degrees(n: number): string;
  /** Date and time, in `timeZone` when given (a station's own clock), else the viewer's. */
  dateTime(iso: string | null | undefined, timeZone?: string): string;
  /** The date in words, for a clock ("Sunday, 1 March 2026"). */
  date(iso: string | null | undefined, timeZone?: string): string;
  /** Time of day only, e.g. for today's alarms. */
  time(iso: string | null | undefined, timeZone?: string): string;
  /** "3 minutes ago", relative to `now`. */
  relative(iso: string | null | undefined, now: number): string;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, options);
    } catch {
      // An IANA name this browser does not know: the viewer's own zone rather than nothing.
      const { timeZone: _ignored, ...rest } = options;
      format = new Intl.DateTimeFormat(locale, rest);
    }
    dateFormats.set(key, format);
  }
  return format;
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  return format;
}

const isNumber = (value: Value): value is number => typeof value === 'number' && Number.isFinite(value);

function parseTime(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Relative-time steps: up to a minute in seconds, up to an hour in minutes, and so on. */
const RELATIVE_STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', Infinity],
];

export function makeMonitorFormat(locale: string, missing: string): MonitorFormat {
  return {
    locale,
    volume(litres, volumeUnit) {
      if (!isNumber(litres)) return missing;
      const unit = volumeUnit === 1 || volumeUnit == null ? 'liter' : 'gallon';
      return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 0 }).format(
        volumeFromLitres(litres, volumeUnit),
      );
    },
    rate(litresPerHour, volumeUnit) {
      if (!isNumber(litresPerHour)) return missing;
      const unit = volumeUnit === 1 || volumeUnit == null ? 'liter-per-hour' : 'gallon-per-hour';
      // Two decimals always, so a column of rates lines up; a gain rounded to nothing is 0, not −0.
      return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'negative' }).format(
        volumeFromLitres(litresPerHour, volumeUnit),
      );
    },
    hours(h) {
      if (!isNumber(h)) return missing;
      return numberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'short', maximumFractionDigits: 1 }).format(h);
    },
    height(mm) {
      if (!isNumber(mm)) return missing;
      return numberFormat(locale, { style: 'unit', unit: 'millimeter', unitDisplay: 'short', maximumFractionDigits: 1 }).format(mm);
    },
    temperature(celsius, tempUnit) {
      if (!isNumber(celsius)) return missing;
      const unit = tempUnit === 1 || tempUnit == null ? 'celsius' : 'fahrenheit';
      return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(
        temperatureFromC(celsius, tempUnit),
      );
    },
    percent(pct) {
      if (!isNumber(pct)) return missing;
      return numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(pct / 100);
    },
    count(n) {
      if (!isNumber(n)) return missing;
      return numberFormat(locale, { maximumFractionDigits: 0 }).format(n);
    },
    degrees(n) {
      return numberFormat(locale, { maximumFractionDigits: 2 }).format(n);
    },
    dateTime(iso, timeZone) {
      const date = parseTime(iso);
      if (!date) return missing;
      return dateFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(date);
    },
    date(iso, timeZone) {
      const date = parseTime(iso);
      if (!date) return missing;
      return dateFormat(locale, { dateStyle: 'full', ...(timeZone ? { timeZone } : {}) }).format(date);
    },
    time(iso, timeZone) {
      const date = parseTime(iso);
      if (!date) return missing;
      return dateFormat(locale, { timeStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(date);
    },
    relative(iso, now) {
      const date = parseTime(iso);
      if (!date) return missing;
      // A device clock a little ahead of the browser's is not "in 3 seconds": readings are never from the future.
      let value = Math.min((date.getTime() - now) / 1000, 0);
      const format = relativeFormat(locale);
      for (const [unit, size] of RELATIVE_STEPS) {
        if (Math.abs(value) < size) return format.format(Math.round(value), unit);
        value /= size;
      }
      return format.format(Math.round(value), 'day');
    },
  };
}

/**
 * The volume unit for figures that add up several stations (home totals, products): the
 * stations' own unit when they all share one, litres when they are mixed.
 */
export function commonVolumeUnit(stations: readonly { volumeUnit: number }[]): number {
  const first = stations[0]?.volumeUnit ?? 1;
  const normalised = (unit: number) => (unit === 1 || unit == null ? 1 : unit);
  return stations.every((station) => normalised(station.volumeUnit) === normalised(first)) ? normalised(first) : 1;
}

/** A fill level as a 0–1 fraction clamped for drawing (a gauge never overflows its outline). */
export function fillFraction(part: Value, whole: Value): number {
  if (!isNumber(part) || !isNumber(whole) || whole <= 0) return 0;
  return Math.min(1, Math.max(0, part / whole));
}
