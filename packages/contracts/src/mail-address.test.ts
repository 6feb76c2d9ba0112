import { describe, expect, it } from 'vitest';
import { mailAddressProblem } from '@ullage/domain/mail-address';
import { accountInput } from './settings-more';

/** The account form's `email` and the top bar's mail address must accept the same addresses. */
const accountAccepts = (email: string) => accountInput.shape.email.safeParse(email).success;

describe('the mail address rule agrees with the account contract', () => {
  it.each([
    'li.wei@example.com',
    'first.last+alarms@sub.example.co.uk',
    "o'brien_x-y@station-7.example.org",
    ' padded@example.org ',
    `${'a'.repeat(243)}@example.org`,
    `${'a'.repeat(244)}@example.org`,
    'not-an-address',
    'no-domain@',
    '@example.org',
    'two@@example.org',
    'dot.@example.org',
    'a..b@example.org',
    '.a@example.org',
    'tld@example.c',
    'nodot@localhost',
    'space in@example.org',
    'a@-example.org',
    'ünï@example.org',
    'a@b.co,c@d.co',
  ])('%j', (email) => {
    expect(mailAddressProblem(email) === null).toBe(accountAccepts(email));
  });
});
