/** Every query of this feature lives under this key, so a change refreshes lists and selects together. */
export const SETTINGS_ORG_KEY = ['settings-org'] as const;

export const orgKeys = {
  distributors: [...SETTINGS_ORG_KEY, 'distributor', 'list'] as const,
  companies: [...SETTINGS_ORG_KEY, 'company', 'list'] as const,
  areas: [...SETTINGS_ORG_KEY, 'area', 'list'] as const,
  tree: [...SETTINGS_ORG_KEY, 'tree'] as const,
};
