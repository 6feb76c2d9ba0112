import { createHash, randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'ullage_session';
export const CAPTCHA_COOKIE = 'ullage_captcha';

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
