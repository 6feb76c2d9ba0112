import { describe, expect, it } from 'vitest';
import { actionsOf } from '@ullage/domain/roles';
import { areaRights, companyRights, distributorRights, NO_VIEWER } from './org-permissions';

/** A signed-in viewer as getInfo describes it: its role's row of the table as permissionList. */
const as = (accountType: number, orgId: number | null) => ({ accountType, orgId, permissionList: actionsOf(accountType) });

describe('organisation rights', () => {
  it('the administrator does everything and is locked to nothing', () => {
    const admin = as(0, null);
    const d = distributorRights(admin);
    expect([d.create, d.delete, d.edit(7)]).toEqual([true, true, true]);
    expect(companyRights(admin)).toEqual({ manage: true, lockedDistributorId: null });
    expect(areaRights(admin)).toEqual({ manage: true, lockedCompanyId: null });
  });

  it('a distributor account edits only its own distributor and manages companies under it', () => {
    const viewer = as(1, 4);
    const d = distributorRights(viewer);
    expect([d.create, d.delete, d.edit(4), d.edit(5)]).toEqual([false, false, true, false]);
    expect(companyRights(viewer)).toEqual({ manage: true, lockedDistributorId: 4 });
    expect(areaRights(viewer)).toEqual({ manage: true, lockedCompanyId: null });
  });

  it('a company account reads companies and manages its own areas', () => {
    const viewer = as(2, 9);
    expect(distributorRights(viewer).edit(9)).toBe(false);
    expect(companyRights(viewer).manage).toBe(false);
    expect(areaRights(viewer)).toEqual({ manage: true, lockedCompanyId: 9 });
  });

  it('station accounts only read', () => {
    for (const accountType of [3, 4]) {
      const viewer = as(accountType, 2);
      expect(companyRights(viewer).manage).toBe(false);
      expect(areaRights(viewer).manage).toBe(false);
      expect(distributorRights(viewer).create).toBe(false);
    }
  });

  it('nobody, before getInfo answers, may do nothing', () => {
    expect(distributorRights(NO_VIEWER).edit(1)).toBe(false);
    expect(companyRights(NO_VIEWER).manage).toBe(false);
    expect(areaRights(NO_VIEWER).manage).toBe(false);
  });
});
