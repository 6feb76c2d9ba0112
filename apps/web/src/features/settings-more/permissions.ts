import { granted, type Action } from '@ullage/domain/roles';
import type { OrgViewer } from '../../lib/org-permissions';

/**
 * Who may change what on the product, tag, account and station pages: the actions of the role
 * table the server sent (getInfo `permissionList`), so the UI hides what would be refused with
 * 80003. Everyone who sees a page may read it.
 */
export interface MoreRights {
  product: boolean;
  tag: boolean;
  account: boolean;
  station: boolean;
}

export function moreRights(viewer: OrgViewer | null): MoreRights {
  const may = (action: Action) => granted(viewer?.permissionList, action);
  return {
    product: may('product:manage'),
    tag: may('tag:manage'),
    account: may('user:manage'),
    station: may('station:manage'),
  };
}

/**
 * The account types a viewer may give: any but the administrator's to those who manage accounts
 * (`user:manage`), none to others (domain account-management.ts).
 */
export function grantableAccountTypes(viewer: OrgViewer | null): (1 | 2 | 3 | 4)[] {
  return granted(viewer?.permissionList, 'user:manage') ? [1, 2, 3, 4] : [];
}
