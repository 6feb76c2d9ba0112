import { describe, expect, it } from 'vitest';
import { canManageAccount, isProtectedAccount, manageableAccountTypes, type AccountPlace } from './account-management';
import { ACCOUNT_TYPES } from './organisation';

const admin: AccountPlace = { accountType: ACCOUNT_TYPES.admin, distributorId: null, companyId: null, stationId: null };
const distributor = (d: number): AccountPlace => ({ accountType: ACCOUNT_TYPES.distributor, distributorId: d, companyId: null, stationId: null });
const company = (d: number, c: number): AccountPlace => ({ accountType: ACCOUNT_TYPES.company, distributorId: d, companyId: c, stationId: null });
const station = (d: number, c: number, s: number, attendant = false): AccountPlace => ({
  accountType: attendant ? ACCOUNT_TYPES.stationAttendant : ACCOUNT_TYPES.station,
  distributorId: d,
  companyId: c,
  stationId: s,
});

describe('canManageAccount', () => {
  const cases: [string, AccountPlace, AccountPlace, boolean][] = [
    ['admin → distributor account', admin, distributor(1), true],
    ['admin → station attendant', admin, station(2, 3, 4, true), true],
    ['admin → the admin account', admin, admin, false],
    ['distributor → own distributor account', distributor(1), distributor(1), true],
    ['distributor → another distributor account', distributor(1), distributor(2), false],
    ['distributor → company account under it', distributor(1), company(1, 5), true],
    ['distributor → station account under it', distributor(1), station(1, 5, 9), true],
    ['distributor → station account elsewhere', distributor(1), station(2, 6, 9), false],
    ['distributor → admin', distributor(1), admin, false],
    // Spec §6: company users have no user menu, so they manage no accounts (issue 32).
    ['company → own company account', company(1, 5), company(1, 5), false],
    ['company → another company account', company(1, 5), company(1, 6), false],
    ['company → station of its own', company(1, 5), station(1, 5, 9), false],
    ['company → attendant of its own', company(1, 5), station(1, 5, 9, true), false],
    ['company → station elsewhere', company(1, 5), station(1, 6, 10), false],
    ['company → its distributor account', company(1, 5), distributor(1), false],
    ['station → its own station account', station(1, 5, 9), station(1, 5, 9), false],
    ['company without a company → anything', { ...company(1, 5), companyId: null }, station(1, 5, 9), false],
    ['distributor without a distributor → anything', { ...distributor(1), distributorId: null }, { ...company(1, 5), distributorId: null }, false],
  ];
  for (const [name, actor, target, expected] of cases) {
    it(`${name}: ${expected}`, () => expect(canManageAccount(actor, target)).toBe(expected));
  }
});

describe('manageableAccountTypes', () => {
  it.each([
    [ACCOUNT_TYPES.admin, [1, 2, 3, 4]],
    [ACCOUNT_TYPES.distributor, [1, 2, 3, 4]],
    [ACCOUNT_TYPES.company, []],
    [ACCOUNT_TYPES.station, []],
    [ACCOUNT_TYPES.stationAttendant, []],
  ] as const)('account type %i manages %j', (type, expected) => expect(manageableAccountTypes(type)).toEqual(expected));
});

describe('isProtectedAccount', () => {
  it.each([
    [7, { id: 7, username: 'me' }, true],
    [7, { id: 1, username: 'admin' }, true],
    [7, { id: 1, username: 'ADMIN' }, true],
    [7, { id: 8, username: 'someone' }, false],
  ])('actor %i, target %j: %s', (actorId, target, expected) => expect(isProtectedAccount(actorId, target)).toBe(expected));
});
