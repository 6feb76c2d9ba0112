import { describe, expect, it } from 'vitest';
import { actionsOf } from '@ullage/domain/roles';
import { grantableAccountTypes, moreRights } from './permissions';

/** A signed-in viewer as getInfo describes it: its role's row of the table as permissionList. */
const viewer = (accountType: number, orgId: number | null = 1) => ({ accountType, orgId, permissionList: actionsOf(accountType) });

describe('settings rights', () => {
  it('follows the role table', () => {
    const rights = (accountType: number) => moreRights(viewer(accountType));
    expect(rights(0)).toEqual({ product: true, tag: true, account: true, station: true });
    expect(rights(1)).toEqual({ product: true, tag: false, account: true, station: true });
    // Spec §6: company users have no user or product-type menus.
    expect(rights(2)).toEqual({ product: false, tag: false, account: false, station: true });
    expect(rights(3)).toEqual({ product: false, tag: false, account: false, station: false });
    expect(rights(4)).toEqual({ product: false, tag: false, account: false, station: false });
    expect(moreRights(null)).toEqual({ product: false, tag: false, account: false, station: false });
  });

  it('reads the permission list the server sent, not the account type', () => {
    expect(moreRights({ accountType: 0, orgId: null, permissionList: [] })).toEqual({ product: false, tag: false, account: false, station: false });
    expect(moreRights({ accountType: 4, orgId: 2, permissionList: ['station:manage'] }).station).toBe(true);
  });

  it('gives any account type but the administrator’s to those who manage accounts, none to others', () => {
    expect(grantableAccountTypes(viewer(0, null))).toEqual([1, 2, 3, 4]);
    expect(grantableAccountTypes(viewer(1, 4))).toEqual([1, 2, 3, 4]);
    expect(grantableAccountTypes(viewer(2, 5))).toEqual([]);
    expect(grantableAccountTypes(viewer(3, 5))).toEqual([]);
    expect(grantableAccountTypes(null)).toEqual([]);
  });
});
