import { ACCOUNT_TYPES } from '@ullage/domain/organisation';
import { granted } from '@ullage/domain/roles';

/**
 * What the signed-in account may do on the organisation settings pages: the actions of the role
 * table the server sent (getInfo `permissionList`), so the UI hides what would be refused with
 * 80003. The account type only says which organisation a form is locked to.
 */
export interface OrgViewer {
  accountType: number;
  /** The account's own distributor, company or station id (getInfo `orgId`). */
  orgId: number | null;
  /** getInfo `permissionList`: the role's actions (packages/domain/src/roles.ts). */
  permissionList: readonly string[];
}

export interface DistributorRights {
  create: boolean;
  delete: boolean;
  edit: (distributorId: number) => boolean;
}

export interface CompanyRights {
  manage: boolean;
  /** A distributor account creates companies only under its own distributor. */
  lockedDistributorId: number | null;
}

export interface AreaRights {
  manage: boolean;
  /** A company account manages only its own company's areas. */
  lockedCompanyId: number | null;
}

const isAdmin = (viewer: OrgViewer) => viewer.accountType === ACCOUNT_TYPES.admin;
const isDistributor = (viewer: OrgViewer) => viewer.accountType === ACCOUNT_TYPES.distributor;
const isCompany = (viewer: OrgViewer) => viewer.accountType === ACCOUNT_TYPES.company;

/** Nobody: before getInfo has answered. */
export const NO_VIEWER: OrgViewer = { accountType: -1, orgId: null, permissionList: [] };

export function distributorRights(viewer: OrgViewer): DistributorRights {
  const manage = granted(viewer.permissionList, 'distributor:manage');
  const edit = granted(viewer.permissionList, 'distributor:edit');
  return {
    create: manage,
    delete: manage,
    // A distributor account edits its own record; the administrator any.
    edit: (distributorId) => edit && (isAdmin(viewer) || viewer.orgId === distributorId),
  };
}

export function companyRights(viewer: OrgViewer): CompanyRights {
  return { manage: granted(viewer.permissionList, 'company:manage'), lockedDistributorId: isDistributor(viewer) ? viewer.orgId : null };
}

export function areaRights(viewer: OrgViewer): AreaRights {
  return { manage: granted(viewer.permissionList, 'area:manage'), lockedCompanyId: isCompany(viewer) ? viewer.orgId : null };
}
