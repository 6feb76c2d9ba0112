import { describe, expect, it } from 'vitest';
import { areaRights, companyRights, distributorRights } from './permissions';

describe('organisation rights', () => {
  it('the administrator does everything and is locked to nothing', () => {
    const admin = { accountType: 0, orgId: null };
    const d = distributorRights(admin);
    expect([d.create, d.delete, d.edit(7)]).toEqual([true, true, true]);
    expect(companyRights(admin)).toEqual({ manage: true, lockedDistributorId: null });
    expect(areaRights(admin)).toEqual({ manage: true, lockedCompanyId: null });
  });

  it('a distributor account edits only its own distributor and manages companies under it', () => {
    const viewer = { accountType: 1, orgId: 4 };
    const d = distributorRights(viewer);
    expect([d.create, d.delete, d.edit(4), d.edit(5)]).toEqual([false, false, true, false]);
    expect(companyRights(viewer)).toEqual({ manage: true, lockedDistributorId: 4 });
    expect(areaRights(viewer)).toEqual({ manage: true, lockedCompanyId: null });
  });

  it('a company account reads companies and manages its own areas', () => {
    const viewer = { accountType: 2, orgId: 9 };
    expect(distributorRights(viewer).edit(9)).toBe(false);
    expect(companyRights(viewer).manage).toBe(false);
    expect(areaRights(viewer)).toEqual({ manage: true, lockedCompanyId: 9 });
  });

  it('station accounts only read', () => {
    for (const accountType of [3, 4]) {
      const viewer = { accountType, orgId: 2 };
      expect(companyRights(viewer).manage).toBe(false);
      expect(areaRights(viewer).manage).toBe(false);
      expect(distributorRights(viewer).create).toBe(false);
    }
  });
});
