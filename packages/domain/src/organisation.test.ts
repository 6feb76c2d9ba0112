import { describe, it, expect } from 'vitest';
import { ACCOUNT_TYPES, USER_TYPES, isAccountType, userTypeOfAccount, type AccountType, type UserType } from './organisation';

describe('organisation types', () => {
  it('spec §6: organisation types distributor, company, station (plus administrator); account type 4 exists', () => {
    expect(USER_TYPES).toEqual({ admin: 0, distributor: 1, company: 2, station: 3 });
    expect(ACCOUNT_TYPES).toEqual({ admin: 0, distributor: 1, company: 2, station: 3, stationAttendant: 4 });
  });
});

describe('userTypeOfAccount', () => {
  const cases: Array<[string, AccountType, UserType]> = [
    ['administrator', 0, 0],
    ['distributor', 1, 1],
    ['company', 2, 2],
    ['station', 3, 3],
    ['account type 4 (station attendant) belongs to a station', 4, 3],
  ];
  it.each(cases)('spec §6: account types are organisation types distributor, company, station — %s', (_label, accountType, userType) => {
    expect(userTypeOfAccount(accountType)).toBe(userType);
  });
});

describe('isAccountType', () => {
  const cases: Array<[unknown, boolean]> = [
    [0, true],
    [1, true],
    [2, true],
    [3, true],
    [4, true],
    [5, false],
    [-1, false],
    [1.5, false],
    ['1', false],
    [null, false],
    [undefined, false],
  ];
  it.each(cases)('spec §6: account types 0-4 only — isAccountType(%j) is %s', (value, expected) => {
    expect(isAccountType(value)).toBe(expected);
  });
});
