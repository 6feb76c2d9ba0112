import { describe, expect, it } from 'vitest';
import { MAIL_ADDRESS_MAX, mailAddressProblem, normalizeMailAddress } from './mail-address';

/** A valid address of exactly `length` characters. */
const addressOfLength = (length: number) => `${'a'.repeat(length - '@example.org'.length)}@example.org`;

describe('mailAddressProblem', () => {
  const cases: Array<[string | null | undefined, ReturnType<typeof mailAddressProblem>]> = [
    ['li.wei@example.com', null],
    ['first.last+alarms@sub.example.co.uk', null],
    ["o'brien_x-y@station-7.example.org", null],
    ['  padded@example.org  ', null],
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
    [addressOfLength(MAIL_ADDRESS_MAX), null],
    [addressOfLength(MAIL_ADDRESS_MAX + 1), 'tooLong'],
    ['not-an-address', 'invalid'],
    ['no-domain@', 'invalid'],
    ['@example.org', 'invalid'],
    ['two@@example.org', 'invalid'],
    ['dot.@example.org', 'invalid'],
    ['a..b@example.org', 'invalid'],
    ['.a@example.org', 'invalid'],
    ['tld@example.c', 'invalid'],
    ['nodot@localhost', 'invalid'],
    ['space in@example.org', 'invalid'],
    ['a@-example.org', 'invalid'],
    ['ünï@example.org', 'invalid'],
    ['a@b.co\n', null],
    ['a@b.co,c@d.co', 'invalid'],
  ];
  it.each(cases)('%j → %s', (value, problem) => {
    expect(mailAddressProblem(value)).toBe(problem);
  });
});

describe('normalizeMailAddress', () => {
  it('trims, and a blank value is no address', () => {
    expect(normalizeMailAddress('  li.wei@example.com ')).toBe('li.wei@example.com');
    expect(normalizeMailAddress(' ')).toBeNull();
    expect(normalizeMailAddress('')).toBeNull();
    expect(normalizeMailAddress(null)).toBeNull();
  });
});
