/**
 * A user's mail address (spec §3: the account's e-mail, the session user's mailAddress): one
 * rule for the account form and for the top bar's e-mail setting. A blank value means "no
 * address"; it is not a broken one.
 */
export const MAIL_ADDRESS_MAX = 255;

/**
 * The pattern zod's `z.email()` checks by default, which the account contract has always
 * used for `email`: dot-separated ASCII atoms, `@`, dot-separated labels, a top-level domain of
 * two letters or more. Kept identical so that an address one form accepts the other accepts
 * too (packages/contracts/src/mail-address.test.ts compares them).
 */
const MAIL_ADDRESS_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export type MailAddressProblem = 'tooLong' | 'invalid';

/** The stored form of an input: trimmed, and null when blank (no address). */
export function normalizeMailAddress(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/** What is wrong with an input, checked on its stored form; null when it may be stored (blank included). */
export function mailAddressProblem(value: string | null | undefined): MailAddressProblem | null {
  const address = normalizeMailAddress(value);
  if (address === null) return null;
  if (address.length > MAIL_ADDRESS_MAX) return 'tooLong';
  return MAIL_ADDRESS_PATTERN.test(address) ? null : 'invalid';
}
