import { describe, expect, it } from 'vitest';
import { grantableAccountTypes, moreRights } from './permissions';

describe('settings rights', () => {
  it('follows the role table', () => {
    const rights = (accountType: number) => moreRights({ accountType, orgId: 1 });
    expect(rights(0)).toEqual({ product: true, tag: true, account: true, station: true });
    expect(rights(1)).toEqual({ product: true, tag: false, account: true, station: true });
    expect(rights(2)).toEqual({ product: false, tag: false, account: true, station: true });
    expect(rights(3)).toEqual({ product: false, tag: false, account: false, station: false });
    expect(rights(4)).toEqual({ product: false, tag: false, account: false, station: false });
    expect(moreRights(null)).toEqual({ product: false, tag: false, account: false, station: false });
  });

  it('gives account types at or below the viewer', () => {
    expect(grantableAccountTypes({ accountType: 0, orgId: null })).toEqual([1, 2, 3, 4]);
    expect(grantableAccountTypes({ accountType: 2, orgId: 5 })).toEqual([2, 3, 4]);
    expect(grantableAccountTypes({ accountType: 3, orgId: 5 })).toEqual([]);
  });
});
