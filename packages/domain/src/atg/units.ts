import { fahrenheitToC, LITRES_PER_US_GALLON, MM_PER_INCH } from '../units';

/**
 * The console's configured units (i51700, atg-protocol.md §2) and their conversion to what
 * Ullage stores (litres, mm, °C). Every measured value in a reply is in these units.
 *
 * Imperial mode: the manuals only say "Imperial gallons". That heights are then inches and
 * temperatures °F is an assumption (unverified), as is how fields 604/607 (capacity and
 * diameter, documented as gallons and inches) read in metric mode.
 */
export type ConsoleUnits = 'us' | 'metric' | 'imperial';

export const LITRES_PER_IMPERIAL_GALLON = 4.54609;

export function toLitres(value: number, units: ConsoleUnits): number;
export function toLitres(value: number | null, units: ConsoleUnits): number | null;
export function toLitres(value: number | null, units: ConsoleUnits): number | null {
  if (value === null) return null;
  if (units === 'us') return value * LITRES_PER_US_GALLON;
  if (units === 'imperial') return value * LITRES_PER_IMPERIAL_GALLON;
  return value;
}

export function toMillimetres(value: number, units: ConsoleUnits): number;
export function toMillimetres(value: number | null, units: ConsoleUnits): number | null;
export function toMillimetres(value: number | null, units: ConsoleUnits): number | null {
  if (value === null) return null;
  // Imperial: inches assumed (unverified).
  return units === 'metric' ? value : value * MM_PER_INCH;
}

export function toCelsius(value: number, units: ConsoleUnits): number;
export function toCelsius(value: number | null, units: ConsoleUnits): number | null;
export function toCelsius(value: number | null, units: ConsoleUnits): number | null {
  if (value === null) return null;
  // Imperial: °F assumed (unverified).
  return units === 'metric' ? value : fahrenheitToC(value);
}

/** The inverses, for fakes and tests that state a tank in SI and need console units. */
export function fromLitres(litres: number, units: ConsoleUnits): number {
  return litres / toLitres(1, units);
}

export function fromMillimetres(mm: number, units: ConsoleUnits): number {
  return mm / toMillimetres(1, units);
}

export function fromCelsius(celsius: number, units: ConsoleUnits): number {
  return units === 'metric' ? celsius : (celsius * 9) / 5 + 32;
}
