/** Every query of this feature lives under this key, so a change refreshes lists and selects together. */
export const SETTINGS_MORE_KEY = ['settings-more'] as const;

export const moreKeys = {
  products: [...SETTINGS_MORE_KEY, 'product', 'list'] as const,
  productOptions: [...SETTINGS_MORE_KEY, 'product', 'options'] as const,
  tags: [...SETTINGS_MORE_KEY, 'tag', 'list'] as const,
  accounts: [...SETTINGS_MORE_KEY, 'account', 'list'] as const,
  stations: [...SETTINGS_MORE_KEY, 'station', 'list'] as const,
  station: (id: number) => [...SETTINGS_MORE_KEY, 'station', 'detail', id] as const,
  companyOptions: [...SETTINGS_MORE_KEY, 'company', 'options'] as const,
  areaOptions: (companyId: number) => [...SETTINGS_MORE_KEY, 'area', 'options', companyId] as const,
  companyUnits: (companyId: number) => [...SETTINGS_MORE_KEY, 'company', 'units', companyId] as const,
  atgStatus: (stationId: number) => [...SETTINGS_MORE_KEY, 'station', 'atg', stationId] as const,
};
