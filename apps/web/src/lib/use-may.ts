import { useCallback } from 'react';
import { granted, type Action } from '@ullage/domain/roles';
import { useSessionUser } from './session-user';

/**
 * Whether the signed-in account may take an action of the role table (packages/domain/src/
 * roles.ts), as the server said in getInfo's `permissionList`: a button, a row action or a form
 * is shown only when it is. False until getInfo has answered.
 */
export function useMay(): (action: Action) => boolean {
  const permissionList = useSessionUser().data?.permissionList;
  return useCallback((action: Action) => granted(permissionList, action), [permissionList]);
}
