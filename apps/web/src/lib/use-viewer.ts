import { useSessionUser } from './session-user';
import type { OrgViewer } from './org-permissions';

/** The signed-in account as the permission rules see it; null until getInfo has answered. */
export function useViewer(): OrgViewer | null {
  const { data } = useSessionUser();
  return data ? { accountType: data.accountType, orgId: data.orgId, permissionList: data.permissionList } : null;
}
