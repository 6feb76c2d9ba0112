import { useQuery } from '@tanstack/react-query';
import type { OrgNode } from '@ullage/contracts/auth';
import { apiData } from './api-client';

/**
 * Every organisation query lives under this key (the settings pages' lists and the tree the
 * filters read), so a change made in settings refreshes the selects too.
 */
export const SETTINGS_ORG_KEY = ['settings-org'] as const;
export const ORG_TREE_KEY = [...SETTINGS_ORG_KEY, 'tree'] as const;

/** GET /api/org/tree: the distributors and companies the caller sees, for the selects. */
export function getOrgTree(): Promise<OrgNode[]> {
  return apiData<OrgNode[]>('/api/org/tree', { overlay: false });
}

export function useOrgTree() {
  return useQuery({ queryKey: ORG_TREE_KEY, queryFn: getOrgTree, staleTime: 60_000 });
}
