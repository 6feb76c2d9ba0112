/** Field rules of spec §5 that are not about passwords. */
export const USERNAME_MIN = 5;
export const MAX_TANKS_PER_STATION = 100;
export const COORDINATE_MAX_DECIMALS = 5;
export const PHOTO_MAX_BYTES = 250 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_TYPES = ['image/jpeg', 'image/png'] as const;

/** Distributor phone: digits and hyphen only. */
export function isValidPhone(phone: string): boolean {
  return /^[0-9-]+$/.test(phone);
}

/** Longitude/latitude: a finite number within range with at most five decimals. */
export function isValidCoordinate(value: string, kind: 'longitude' | 'latitude'): boolean {
  if (!/^-?\d{1,3}(\.\d{1,5})?$/.test(value.trim())) return false;
  const n = Number(value);
  const limit = kind === 'longitude' ? 180 : 90;
  return Number.isFinite(n) && Math.abs(n) <= limit;
}

/**
 * Uploaded file names may hold letters (any script, with their accents and vowel signs),
 * digits, spaces, dot, dash and underscore. macOS hands over names decomposed (e + ́), so
 * marks are allowed and the name is compared composed.
 */
export function isSafeFileName(name: string): boolean {
  const composed = name.normalize('NFC');
  return composed.length > 0 && composed.length <= 100 && /^[\p{L}\p{M}\p{N} ._-]+$/u.test(composed) && !composed.startsWith('.');
}

/** An IANA time zone name the runtime knows (`Asia/Shanghai`, `UTC`). */
export function isValidTimezone(name: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An IPv4 address or a host name (device and server addresses). */
export function isValidHost(value: string): boolean {
  const ipv4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
  const hostname = /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
  return ipv4.test(value) || (hostname.test(value) && !/^[\d.]+$/.test(value));
}
