/**
 * Display units of spec §9. Storage is SI (mm, litres, °C); a company chooses how its people
 * read temperatures (tempUnit 1 or unset: °C, otherwise °F) and volumes (volumeUnit 1 or
 * unset: litres, otherwise US gallons). Convert only at the edge, in one place: here.
 */
export const LITRES_PER_US_GALLON = 3.785411784;
export const MM_PER_INCH = 25.4;

export function isCelsius(tempUnit: number | null | undefined): boolean {
  return tempUnit === 1 || tempUnit == null;
}

export function isLitres(volumeUnit: number | null | undefined): boolean {
  return volumeUnit === 1 || volumeUnit == null;
}

/** °C → the company's temperature unit. */
export function temperatureFromC(celsius: number, tempUnit: number | null | undefined): number {
  return isCelsius(tempUnit) ? celsius : (celsius * 9) / 5 + 32;
}

/** Litres → the company's volume unit. */
export function volumeFromLitres(litres: number, volumeUnit: number | null | undefined): number {
  return isLitres(volumeUnit) ? litres : litres / LITRES_PER_US_GALLON;
}

/** The company's volume unit → litres: the inverse of volumeFromLitres (a volume, or a rate per hour). */
export function volumeToLitres(value: number, volumeUnit: number | null | undefined): number {
  return isLitres(volumeUnit) ? value : value * LITRES_PER_US_GALLON;
}

export function fahrenheitToC(f: number): number {
  return ((f - 32) * 5) / 9;
}

export function gallonsToLitres(gallons: number): number {
  return gallons * LITRES_PER_US_GALLON;
}

export function inchesToMm(inches: number): number {
  return inches * MM_PER_INCH;
}
