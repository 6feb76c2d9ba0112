import { describe, expect, it } from 'vitest';
import { manageableAccountTypes } from './account-management';
import { menuListFor, type MenuKey } from './menus';
import { ACCOUNT_TYPES, type AccountType } from './organisation';
import { ACTIONS, ROLES, ROLE_TABLE, actionsOf, basisOf, granted, may, type Action } from './roles';

const { admin: A, distributor: D, company: C, station: S, stationAttendant: T } = ACCOUNT_TYPES;

/** The table as the issue asks for it, role by role (admin, distributor, company, station, type 4). */
const EXPECTED: Record<Action, [boolean, boolean, boolean, boolean, boolean]> = {
  'alarm:process': [true, true, true, true, false],
  'offline:process': [true, true, true, false, false],
  'delivery:ticket': [true, true, true, true, false],
  'device:command': [true, true, true, false, false],
  'station:manage': [true, true, true, false, false],
  'area:manage': [true, true, true, false, false],
  'company:manage': [true, true, false, false, false],
  'distributor:edit': [true, true, false, false, false],
  'distributor:manage': [true, false, false, false, false],
  'product:manage': [true, true, false, false, false],
  'user:manage': [true, true, false, false, false],
  'tag:manage': [true, false, false, false, false],
  'audit:read': [true, false, false, false, false],
  'token:manage': [true, true, true, false, false],
  'webhook:manage': [true, true, true, false, false],
};

describe('may: the role table', () => {
  const cells = ACTIONS.flatMap((action) => ROLES.map((role, i) => [action, role, EXPECTED[action][i]!] as const));
  it.each(cells)('%s by account type %i: %s', (action, role, allowed) => {
    expect(may(role, action)).toBe(allowed);
  });

  it('an unknown or missing role may do nothing', () => {
    for (const action of ACTIONS) {
      expect(may(undefined, action)).toBe(false);
      expect(may(9, action)).toBe(false);
      expect(may(-1, action)).toBe(false);
    }
  });

  it('every action has a row and every row names known roles only', () => {
    expect(Object.keys(ROLE_TABLE).sort()).toEqual([...ACTIONS].sort());
    for (const rule of Object.values(ROLE_TABLE)) {
      for (const role of [...rule.roles, ...rule.spec]) expect(ROLES).toContain(role);
    }
  });
});

describe('actionsOf: the permission list getInfo sends', () => {
  it.each([
    [A, [...ACTIONS]],
    [D, ['alarm:process', 'offline:process', 'delivery:ticket', 'device:command', 'station:manage', 'area:manage', 'company:manage', 'distributor:edit', 'product:manage', 'user:manage', 'token:manage', 'webhook:manage']],
    [C, ['alarm:process', 'offline:process', 'delivery:ticket', 'device:command', 'station:manage', 'area:manage', 'token:manage', 'webhook:manage']],
    [S, ['alarm:process', 'delivery:ticket']],
    [T, []],
  ] as const)('account type %i: %j', (role, expected) => {
    expect(actionsOf(role)).toEqual(expected);
  });

  it('is exactly the table: an action is listed if and only if may() allows it', () => {
    for (const role of ROLES) for (const action of ACTIONS) expect(actionsOf(role).includes(action)).toBe(may(role, action));
  });

  it('returns a fresh list', () => {
    actionsOf(A).pop();
    expect(actionsOf(A)).toHaveLength(ACTIONS.length);
  });
});

describe('granted: reading a permission list', () => {
  it('grants only what the list names', () => {
    expect(granted(['alarm:process'], 'alarm:process')).toBe(true);
    expect(granted(['alarm:process'], 'delivery:ticket')).toBe(false);
    expect(granted(undefined, 'alarm:process')).toBe(false);
    expect(granted([], 'audit:read')).toBe(false);
  });
});

describe('spec §6 decides these cells', () => {
  const refusedBySpec: [string, AccountType, Action][] = [
    ['company users have no user menu', C, 'user:manage'],
    ['company users have no product-type menu', C, 'product:manage'],
    ['station users have no company menu', S, 'company:manage'],
    ['station users have no user menu', S, 'user:manage'],
    ['station users have no product-type menu', S, 'product:manage'],
    ['account type 4 also loses the station menu', T, 'station:manage'],
    ['account type 4 also loses leak failure analysis (offline records)', T, 'offline:process'],
  ];
  it.each(refusedBySpec)('%s', (_label, role, action) => {
    expect(may(role, action)).toBe(false);
    expect(basisOf(role, action)).toBe('spec');
  });

  it('the administrator sees all routes: may do everything, by the spec', () => {
    for (const action of ACTIONS) {
      expect(may(A, action)).toBe(true);
      expect(basisOf(A, action)).toBe('spec');
    }
  });

  it('the cells the issue found in dispute are chosen, not the spec’s', () => {
    expect(basisOf(T, 'alarm:process')).toBe('chosen');
    expect(basisOf(S, 'device:command')).toBe('chosen');
    expect(basisOf(D, 'delivery:ticket')).toBe('chosen');
  });
});

describe('the table and the menus agree', () => {
  /** The page an action is taken from. Level alarms and delivery records have no menu key: every role has them. */
  const PAGE: Partial<Record<Action, MenuKey>> = {
    'offline:process': 'leak_failure_analysis',
    'device:command': 'device_param_manage',
    'station:manage': 'station',
    'area:manage': 'area',
    'company:manage': 'company',
    'distributor:edit': 'distributor',
    'distributor:manage': 'distributor',
    'product:manage': 'oil_type',
    'user:manage': 'user',
    'tag:manage': 'tag',
    'audit:read': 'audit',
    'webhook:manage': 'webhooks',
  };

  it.each(ROLES.flatMap((role) => ACTIONS.flatMap((action) => (PAGE[action] ? [[role, action, PAGE[action]] as const] : []))))(
    'account type %i, %s: allowed only with its page (%s) in the menu',
    (role, action, page) => {
      if (may(role, action)) expect(menuListFor(role)).toContain(page);
    },
  );

  it('pages that exist only to manage are in the menu exactly when the action is allowed', () => {
    for (const role of ROLES) {
      for (const [key, action] of [['user', 'user:manage'], ['oil_type', 'product:manage'], ['tag', 'tag:manage'], ['audit', 'audit:read'], ['webhooks', 'webhook:manage']] as const) {
        expect(menuListFor(role).includes(key), `${role} ${key}`).toBe(may(role, action));
      }
    }
  });

  it('only a role that manages accounts may give any account type', () => {
    for (const role of ROLES) expect(manageableAccountTypes(role).length > 0).toBe(may(role, 'user:manage'));
  });
});
