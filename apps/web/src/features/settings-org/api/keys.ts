import { ORG_TREE_KEY, SETTINGS_ORG_KEY } from '../../../lib/org-tree';

export { SETTINGS_ORG_KEY };

export const orgKeys = {
  distributors: [...SETTINGS_ORG_KEY, 'distributor', 'list'] as const,
  companies: [...SETTINGS_ORG_KEY, 'company', 'list'] as const,
  areas: [...SETTINGS_ORG_KEY, 'area', 'list'] as const,
  tree: ORG_TREE_KEY,
};
