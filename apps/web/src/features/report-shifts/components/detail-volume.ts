import { volumeFromLitres } from '@ullage/domain/units';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * Volumes on the details page keep one decimal: the user adds them up by hand, and whole
 * litres rounded one by one would not add up to the sales shown.
 */
export function detailVolume(locale: string, litres: number | null | undefined, volumeUnit: number | null | undefined, missing: string, signed = false): string {
  if (litres === null || litres === undefined || !Number.isFinite(litres)) return missing;
  const unit = volumeUnit === 1 || volumeUnit == null ? 'liter' : 'gallon';
  const key = `${locale}|${unit}|${signed}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', minimumFractionDigits: 1, maximumFractionDigits: 1, ...(signed ? { signDisplay: 'exceptZero' as const } : {}) });
    formats.set(key, format);
  }
  return format.format(volumeFromLitres(litres, volumeUnit));
}
