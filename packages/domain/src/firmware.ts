/**
 * Device upgrade files (spec §3 "device upgrade file", §5 "firmware version exactly 8 digits;
 * firmware file .bin or .exe", §9 "version 8 digits"). A file is authorised for upgrades during
 * its authorisation period (begin and end), or indefinitely when it has none.
 */
export const FIRMWARE_VERSION_DIGITS = 8;
const VERSION = /^\d{8}$/;

/** Exactly 8 ASCII digits, e.g. a date-stamped build `20261122`. */
export function isFirmwareVersion(version: string): boolean {
  return VERSION.test(version);
}

export const FIRMWARE_EXTENSIONS = ['bin', 'exe'] as const;
export type FirmwareExtension = (typeof FIRMWARE_EXTENSIONS)[number];

/** `bin` or `exe` from a file name (any letter case), or null for any other file. */
export function firmwareExtension(fileName: string): FirmwareExtension | null {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
  const extension = match?.[1]?.toLowerCase();
  return (FIRMWARE_EXTENSIONS as readonly string[]).includes(extension ?? '') ? (extension as FirmwareExtension) : null;
}

/** Upload limit: collector images are a few MB; this leaves room without letting one request fill the disk. */
export const FIRMWARE_MAX_BYTES = 64 * 1024 * 1024;
export const FIRMWARE_DESCRIPTION_MAX = 500;

/** Device types that take upgrades through Ullage (commands go only to devices of the file's type). */
export const FIRMWARE_DEVICE_TYPES = ['ullage-collector'] as const;

export interface AuthorisationPeriod {
  /** Both null: authorised indefinitely. */
  validFrom: Date | null;
  validTo: Date | null;
}

export type PeriodRule = 'required' | 'afterStart';
export interface PeriodProblem {
  field: 'validFrom' | 'validTo';
  rule: PeriodRule;
}

/** A period has both ends, the end after the begin; or neither (indefinite). */
export function periodProblems(period: AuthorisationPeriod): PeriodProblem[] {
  const { validFrom, validTo } = period;
  if (validFrom === null && validTo === null) return [];
  if (validFrom === null) return [{ field: 'validFrom', rule: 'required' }];
  if (validTo === null) return [{ field: 'validTo', rule: 'required' }];
  return validTo.getTime() > validFrom.getTime() ? [] : [{ field: 'validTo', rule: 'afterStart' }];
}

export type FirmwareStatus = 'pending' | 'authorised' | 'expired';

/** Before its period a file is pending, after it expired; without a period it is always authorised. */
export function firmwareStatus(period: AuthorisationPeriod, now: Date): FirmwareStatus {
  if (period.validFrom && now.getTime() < period.validFrom.getTime()) return 'pending';
  if (period.validTo && now.getTime() > period.validTo.getTime()) return 'expired';
  return 'authorised';
}

export const isAuthorised = (period: AuthorisationPeriod, now: Date) => firmwareStatus(period, now) === 'authorised';
