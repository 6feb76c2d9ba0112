import { createHash, randomBytes } from 'node:crypto';

// Session, captcha, CAS and device tokens are all made and stored this way: the database keeps
// only a token's hash.

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
