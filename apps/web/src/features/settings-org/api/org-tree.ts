import { useQuery } from '@tanstack/react-query';
import type { OrgNode } from '@ullage/contracts/auth';
import { apiData } from '../../../lib/api-client';
import { orgKeys } from './keys';

/** GET /api/org/tree: the distributors and companies the caller sees, for the selects. */
export function getOrgTree(): Promise<OrgNode[]> {
  return apiData<OrgNode[]>('/api/org/tree', { overlay: false });
}

export function useOrgTree() {
  return useQuery({ queryKey: orgKeys.tree, queryFn: getOrgTree, staleTime: 60_000 });
}
