import { ACCOUNT_TYPES } from '@ullage/domain/organisation';
import type { OrgViewer } from '../settings-org/permissions';

/**
 * Who may change what on the product, tag, account and station pages (the server enforces
 * the same; the UI hides what would be refused with 80003). Everyone who sees a page may read it.
 */
export interface MoreRights {
  product: boolean;
  tag: boolean;
  account: boolean;
  station: boolean;
}

export function moreRights(viewer: OrgViewer | null): MoreRights {
  const type = viewer?.accountType ?? -1;
  const admin = type === ACCOUNT_TYPES.admin;
  const distributor = type === ACCOUNT_TYPES.distributor;
  const company = type === ACCOUNT_TYPES.company;
  return {
    product: admin || distributor,
    tag: admin,
    account: admin || distributor || company,
    station: admin || distributor || company,
  };
}

/**
 * The account types a viewer may give: an administrator any of them; a distributor account
 * its own kind and below; a company account company, station and attendant accounts.
 */
export function grantableAccountTypes(viewer: OrgViewer | null): (1 | 2 | 3 | 4)[] {
  switch (viewer?.accountType) {
    case ACCOUNT_TYPES.admin:
    case ACCOUNT_TYPES.distributor:
      return [1, 2, 3, 4];
    case ACCOUNT_TYPES.company:
      return [2, 3, 4];
    default:
      return [];
  }
}
