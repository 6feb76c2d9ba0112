import { isValidAtgPollSeconds, isValidAtgSecurityCode } from '@ullage/domain/atg-settings';
import { isValidCoordinate, USERNAME_MIN } from '@ullage/domain/validation';
import { ACCOUNT_PASSWORD_MIN } from '@ullage/domain/password';
import type { MessageKey } from '../../i18n/message-key';

/** Spec §5 rules of the station and account forms; each answers a message key or null. */

/** Longitude or latitude as text: empty is allowed, otherwise a number in range with at most five decimals. */
export function coordinateProblem(value: string | null | undefined, kind: 'longitude' | 'latitude'): MessageKey | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  return isValidCoordinate(text, kind) ? null : kind === 'longitude' ? 'settingsMore.station.longitudeInvalid' : 'settingsMore.station.latitudeInvalid';
}

/** The console's poll interval: whole seconds from 10 to 3600; empty is the default (60). */
export function atgPollSecondsProblem(value: number | null | undefined): MessageKey | null {
  if (value === null || value === undefined) return null;
  return isValidAtgPollSeconds(value) ? null : 'settingsMore.atg.pollSecondsInvalid';
}

/** The console's security code: exactly 6 letters or digits; empty is none. */
export function atgSecurityCodeProblem(value: string | null | undefined): MessageKey | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  return isValidAtgSecurityCode(text) ? null : 'settingsMore.atg.securityCodeInvalid';
}

export function usernameProblem(value: string | null | undefined): MessageKey | null {
  const text = (value ?? '').trim();
  if (!text) return 'settingsMore.account.usernameRequired';
  return text.length < USERNAME_MIN ? 'settingsMore.account.usernameShort' : null;
}

export function passwordProblem(value: string | null | undefined): MessageKey | null {
  const text = value ?? '';
  if (!text) return 'settingsMore.account.passwordRequired';
  return text.length < ACCOUNT_PASSWORD_MIN ? 'settingsMore.account.passwordShort' : null;
}

/** #rrggbb, what the product colour must be. */
export function isHexColour(value: unknown): value is string {
  return typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value);
}

/** Every IANA time zone the browser knows, with UTC first; a small list when it knows none. */
export function timeZones(): string[] {
  let zones: string[] = [];
  try {
    zones = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  } catch {
    zones = [];
  }
  if (!zones.length) zones = ['Asia/Shanghai', 'Europe/Madrid', 'America/Mexico_City', 'Asia/Dubai'];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}
