import { describe, it, expect } from 'vitest';
import { MENU_KEYS, ROLE_NAMES, menuListFor, type MenuKey } from './menus';
import { ACCOUNT_TYPES, type AccountType } from './organisation';

// Written out here rather than read from MENU_KEYS, so the table is checked against the spec: a
// distributor has every menu, in menu order, but the two that are the administrator's alone
// (tag and audit); the API tokens and webhooks pages (issue 38, not in the spec) end the menu.
const DISTRIBUTOR: MenuKey[] = ['home', 'open_close_report', 'leak_failure_analysis', 'wetstock_reconciliation', 'distributor', 'company', 'area', 'station', 'oil_type', 'user', 'device_param_manage'];
const ALL: MenuKey[] = [...DISTRIBUTOR, 'tag', 'audit', 'api_tokens', 'webhooks'];

describe('MENU_KEYS', () => {
  it('spec §6: administrator sees all routes — the 13 menu keys of the spec, the API tokens and the webhooks pages', () => {
    expect([...MENU_KEYS]).toEqual(ALL);
  });
});

describe('menuListFor', () => {
  const cases: Array<[string, AccountType, MenuKey[]]> = [
    ['administrator sees all routes', ACCOUNT_TYPES.admin, ALL],
    ['distributor: everything but tag and audit', ACCOUNT_TYPES.distributor, [...DISTRIBUTOR, 'api_tokens', 'webhooks']],
    [
      'company user: no user or product-type menus',
      ACCOUNT_TYPES.company,
      ['home', 'open_close_report', 'leak_failure_analysis', 'wetstock_reconciliation', 'company', 'area', 'station', 'device_param_manage', 'api_tokens', 'webhooks'],
    ],
    [
      'gas-station user: no company, user or product-type menus',
      ACCOUNT_TYPES.station,
      ['home', 'open_close_report', 'leak_failure_analysis', 'wetstock_reconciliation', 'station', 'device_param_manage'],
    ],
    [
      'account type 4 also loses leak failure analysis, station, home and open_close_report',
      ACCOUNT_TYPES.stationAttendant,
      ['device_param_manage'],
    ],
  ];
  it.each(cases)('spec §6: %s (exact list)', (_label, accountType, expected) => {
    expect(menuListFor(accountType)).toEqual(expected);
  });

  const absent: Array<[string, AccountType, MenuKey[]]> = [
    ['company user: no user or product-type menus', ACCOUNT_TYPES.company, ['user', 'oil_type']],
    ['gas-station user: no company, user or product-type menus', ACCOUNT_TYPES.station, ['company', 'user', 'oil_type']],
    [
      'account type 4: no company, user, product type, leak failure analysis, station, home, open_close_report',
      ACCOUNT_TYPES.stationAttendant,
      ['company', 'user', 'oil_type', 'leak_failure_analysis', 'station', 'home', 'open_close_report'],
    ],
  ];
  it.each(absent)('spec §6: %s (keys the spec removes are absent)', (_label, accountType, removed) => {
    const list = menuListFor(accountType);
    expect(removed.filter((key) => list.includes(key))).toEqual([]);
  });

  it('spec §6: station keeps leak_failure_analysis, station, home and open_close_report that type 4 loses', () => {
    const station = menuListFor(ACCOUNT_TYPES.station);
    const attendant = menuListFor(ACCOUNT_TYPES.stationAttendant);
    expect(station.filter((key) => !attendant.includes(key))).toEqual(['home', 'open_close_report', 'leak_failure_analysis', 'wetstock_reconciliation', 'station']);
  });

  it('spec §6: each call returns a fresh list (callers may not mutate shared state)', () => {
    const first = menuListFor(ACCOUNT_TYPES.admin);
    first.pop();
    expect(menuListFor(ACCOUNT_TYPES.admin)).toHaveLength(MENU_KEYS.length);
  });
});

describe('ROLE_NAMES', () => {
  it('spec §6: one role name per account type', () => {
    expect(ROLE_NAMES).toEqual({ 0: 'admin', 1: 'distributor', 2: 'company', 3: 'station', 4: 'station_attendant' });
  });
});
