import { SETTINGS_MORE_KEY } from '../../../lib/settings-more-key';

export { SETTINGS_MORE_KEY };

export const moreKeys = {
  products: [...SETTINGS_MORE_KEY, 'product', 'list'] as const,
  tags: [...SETTINGS_MORE_KEY, 'tag', 'list'] as const,
  accounts: [...SETTINGS_MORE_KEY, 'account', 'list'] as const,
  stations: [...SETTINGS_MORE_KEY, 'station', 'list'] as const,
  station: (id: number) => [...SETTINGS_MORE_KEY, 'station', 'detail', id] as const,
  companyOptions: [...SETTINGS_MORE_KEY, 'company', 'options'] as const,
  companyUnits: (companyId: number) => [...SETTINGS_MORE_KEY, 'company', 'units', companyId] as const,
  atgStatus: (stationId: number) => [...SETTINGS_MORE_KEY, 'station', 'atg', stationId] as const,
};
