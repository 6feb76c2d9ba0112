import { ACCOUNT_TYPES } from '@ullage/domain/organisation';

/**
 * What the signed-in account may do on the organisation settings pages (the server enforces
 * the same; the UI hides what would be refused with 80003).
 */
export interface OrgViewer {
  accountType: number;
  /** The account's own distributor, company or station id (getInfo `orgId`). */
  orgId: number | null;
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

export function distributorRights(viewer: OrgViewer): DistributorRights {
  return {
    create: isAdmin(viewer),
    delete: isAdmin(viewer),
    edit: (distributorId) => isAdmin(viewer) || (isDistributor(viewer) && viewer.orgId === distributorId),
  };
}

export function companyRights(viewer: OrgViewer): CompanyRights {
  const manage = isAdmin(viewer) || isDistributor(viewer);
  return { manage, lockedDistributorId: isDistributor(viewer) ? viewer.orgId : null };
}

export function areaRights(viewer: OrgViewer): AreaRights {
  const manage = isAdmin(viewer) || isDistributor(viewer) || isCompany(viewer);
  return { manage, lockedCompanyId: isCompany(viewer) ? viewer.orgId : null };
}
