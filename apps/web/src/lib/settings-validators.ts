import { LOGO_MAX_BYTES, LOGO_TYPES, isValidPhone } from '@ullage/domain/validation';
import type { MessageKey } from '../i18n/message-key';

/**
 * Spec §5 rules of the organisation forms, mirrored from the server so the user sees them
 * before saving. Each returns the message key of the first problem, or null.
 */

/** Distributor phone: digits and hyphen only. Empty is the required rule's business. */
export function phoneProblem(value: string | null | undefined): MessageKey | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  return isValidPhone(text) ? null : 'settingsOrg.rule.phoneDigits';
}

export interface LogoCandidate {
  name: string;
  type: string;
  size: number;
}

const LOGO_EXTENSIONS = /\.(jpe?g|png)$/i;

/** Distributor logo: jpeg, jpg or png, under 1 MB. */
export function logoProblem(file: LogoCandidate): MessageKey | null {
  const typeOk = (LOGO_TYPES as readonly string[]).includes(file.type.toLowerCase());
  if (!typeOk || !LOGO_EXTENSIONS.test(file.name)) return 'settingsOrg.logo.wrongType';
  if (file.size === 0) return 'settingsOrg.logo.empty';
  if (file.size >= LOGO_MAX_BYTES) return 'settingsOrg.logo.tooLarge';
  return null;
}

export interface TankTypeDraft {
  code?: string | null | undefined;
  oil?: string | null | undefined;
  maxVolumeL?: number | null | undefined;
  heightMm?: number | null | undefined;
}

/** Row indexes whose code (a tank's, a tank type's) repeats an earlier row's (compared trimmed, case-insensitively). */
export function duplicateCodeRows(rows: readonly ({ code?: string | null | undefined } | null | undefined)[]): number[] {
  const seen = new Set<string>();
  const duplicates: number[] = [];
  rows.forEach((row, index) => {
    const code = (row?.code ?? '').trim().toLowerCase();
    if (!code) return;
    if (seen.has(code)) duplicates.push(index);
    else seen.add(code);
  });
  return duplicates;
}

export const TANK_MAX_VOLUME_L = 1_000_000;
export const TANK_MAX_HEIGHT_MM = 10_000;
export const TANK_TYPES_MAX = 100;

/** Numbers the contract accepts: positive, at most the limit. */
export function positiveWithin(value: number | null | undefined, max: number): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= max;
}

/** Trimmed text, or null for an optional field left empty (the contract's `nullish`). */
export function optionalText(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  return text ? text : null;
}
