import { CODES } from '@ullage/contracts/codes';
import type { MessageKey } from '../i18n/en';

/** One problem with one field: the field and the rule (a message key) it breaks. */
export interface FieldRule {
  field: string;
  rule: MessageKey;
  params?: Record<string, string | number>;
  /** When the field's name alone is ambiguous (`code` of a company, not the login code). */
  labelKey?: MessageKey;
}

/**
 * A refusal the client should see: a spec §8 code and a message key that the envelope
 * plugin localises by the request's language.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly data?: Record<string, unknown>,
    readonly info?: unknown,
  ) {
    super(messageKey);
  }
}

export class ValidationError extends AppError {
  constructor(readonly fields: FieldRule[]) {
    super(CODES.validation, 'validation.format');
  }
}

export const notFound = () => new AppError(CODES.notFound, 'common.notFound');
export const forbidden = (key: MessageKey = 'common.forbidden') => new AppError(CODES.forbidden, key);
export const notLoggedIn = () => new AppError(CODES.sessionInvalid, 'auth.notLoggedIn');

/** Throws a ValidationError when any rule failed; a no-op otherwise. */
export function assertValid(problems: FieldRule[]): void {
  if (problems.length > 0) throw new ValidationError(problems);
}
