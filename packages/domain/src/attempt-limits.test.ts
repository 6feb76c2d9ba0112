import { describe, expect, it } from 'vitest';
import { PASSWORD_CHECK, SIGN_IN, passwordCheckLimit, signInLimits } from './attempt-limits';

describe('attempt limits (docs/api.md "Attempt limits")', () => {
  it('sign-in: 5 per account and address in 15 min, 50 per address in 5 min, 20 per account in 15 min', () => {
    expect(SIGN_IN).toEqual({
      accountAtAddress: { max: 5, windowMinutes: 15, lockMinutes: 15 },
      address: { max: 50, windowMinutes: 5, lockMinutes: 5 },
      account: { max: 20, windowMinutes: 15, lockMinutes: 15 },
    });
    expect(PASSWORD_CHECK).toEqual({ max: 5, windowMinutes: 15, lockMinutes: 15 });
  });

  const cases: Array<[string, string, string[], string]> = [
    ['demo-company', '10.0.0.1', ['user-ip:demo-company@10.0.0.1', 'ip:10.0.0.1', 'user:demo-company'], 'user-ip:demo-company@10.0.0.1'],
    // The name is matched as sign-in matches it: trimmed, any case.
    ['  Demo-Company ', '10.0.0.1', ['user-ip:demo-company@10.0.0.1', 'ip:10.0.0.1', 'user:demo-company'], 'user-ip:demo-company@10.0.0.1'],
    ['admin', '2001:db8::1', ['user-ip:admin@2001:db8::1', 'ip:2001:db8::1', 'user:admin'], 'user-ip:admin@2001:db8::1'],
  ];
  it.each(cases)('sign-in of %j from %s counts under %j; a success clears only %s', (username, address, keys, cleared) => {
    const limits = signInLimits(username, address);
    expect(limits.all.map((l) => l.key)).toEqual(keys);
    expect(limits.clearedOnSuccess).toEqual([cleared]);
  });

  it('password checks count per account, whatever the session', () => {
    expect(passwordCheckLimit(42)).toEqual({ key: 'pwd-check:42', max: 5, windowMinutes: 15, lockMinutes: 15 });
  });
});
