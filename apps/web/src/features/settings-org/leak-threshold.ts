import { DEFAULT_LEAK_THRESHOLD_LPH } from '@ullage/domain/leak-detection';
import { volumeFromLitres, volumeToLitres } from '@ullage/domain/units';

/**
 * The company's leak-test threshold (issue 22) as its form shows it: kept in L/h, entered and
 * read in the company's volume unit per hour (spec §9: 1 litres, 2 US gallons), two decimals.
 * Rounding for the form must not move a threshold nobody touched: 0.76 L/h reads 0.20 gal/h,
 * and 0.20 gal/h saved as such would be 0.757 L/h.
 */
export const LEAK_THRESHOLD_MAX_LPH = 100;
/** The smallest threshold the form takes, in either unit. */
export const LEAK_THRESHOLD_MIN = 0.01;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** L/h → the figure the form shows in the company's unit. */
export function thresholdForForm(lph: number, volumeUnit: number | null | undefined): number {
  return round2(volumeFromLitres(lph, volumeUnit));
}

/** A new company's threshold, as the form shows it. */
export function defaultThresholdForForm(volumeUnit: number | null | undefined): number {
  return thresholdForForm(DEFAULT_LEAK_THRESHOLD_LPH, volumeUnit);
}

/** The largest threshold the form takes in a unit (the server's 100 L/h). */
export function thresholdMaxForForm(volumeUnit: number | null | undefined): number {
  return Math.floor(volumeFromLitres(LEAK_THRESHOLD_MAX_LPH, volumeUnit) * 100) / 100;
}

/**
 * The form's figure back to L/h. `savedLph`, the threshold the company has (or the default for a
 * new one), is kept as it is when the figure still reads as it did.
 */
export function thresholdFromForm(shown: number, volumeUnit: number | null | undefined, savedLph: number = DEFAULT_LEAK_THRESHOLD_LPH): number {
  if (shown === thresholdForForm(savedLph, volumeUnit)) return savedLph;
  return volumeToLitres(shown, volumeUnit);
}

/** When the unit changes on the form, the field follows: the same rate in the new unit. */
export function thresholdInUnit(shown: number, from: number | null | undefined, to: number | null | undefined, savedLph?: number): number {
  return thresholdForForm(thresholdFromForm(shown, from, savedLph), to);
}
