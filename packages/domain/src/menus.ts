import { ACCOUNT_TYPES, type AccountType } from './organisation';

/**
 * Menu keys that routes carry (spec §2). A route without a menu key is visible to every
 * signed-in user; a route with one only when the key is in the user's menu list.
 */
export const MENU_KEYS = [
  'home',
  'open_close_report',
  'leak_failure_analysis',
  // Wetstock reconciliation (issue 23): an analysis, seen by whoever sees leak failure analysis.
  'wetstock_reconciliation',
  'distributor',
  'company',
  'area',
  'station',
  'oil_type',
  'user',
  'device_param_manage',
  'tag',
  'audit',
  // Service accounts and API tokens (issue 38): the organisations that manage their own settings.
  'api_tokens',
  // Webhook endpoints (issue 38): the same organisations, by the role table's webhook:manage.
  'webhooks',
] as const;
export type MenuKey = (typeof MENU_KEYS)[number];

const WITHOUT: Record<AccountType, readonly MenuKey[]> = {
  // Administrator: sees all routes.
  [ACCOUNT_TYPES.admin]: [],
  // Tags are the platform's own dictionary and the audit log its record of changes: only
  // the administrator has them.
  [ACCOUNT_TYPES.distributor]: ['tag', 'audit'],
  // Spec §6: company users have no user or product-type menus. Distributors and tags sit
  // above a company, so a company account cannot manage them either.
  [ACCOUNT_TYPES.company]: ['user', 'oil_type', 'distributor', 'tag', 'audit'],
  // Spec §6: station users have no company, user or product-type menus; distributors,
  // areas and tags belong to the organisations above a station.
  [ACCOUNT_TYPES.station]: ['company', 'user', 'oil_type', 'distributor', 'area', 'tag', 'audit', 'api_tokens', 'webhooks'],
  // Spec §6: account type 4 also loses leak failure analysis and station, and the home and
  // open_close_report routes.
  [ACCOUNT_TYPES.stationAttendant]: [
    'company',
    'user',
    'oil_type',
    'distributor',
    'area',
    'tag',
    'audit',
    'api_tokens',
    'webhooks',
    'leak_failure_analysis',
    'wetstock_reconciliation',
    'station',
    'home',
    'open_close_report',
  ],
};

/** The menu list the server returns in getInfo; the web app only hides what this excludes. */
export function menuListFor(accountType: AccountType): MenuKey[] {
  const hidden = new Set(WITHOUT[accountType]);
  return MENU_KEYS.filter((key) => !hidden.has(key));
}

export const ROLE_NAMES: Record<AccountType, string> = {
  [ACCOUNT_TYPES.admin]: 'admin',
  [ACCOUNT_TYPES.distributor]: 'distributor',
  [ACCOUNT_TYPES.company]: 'company',
  [ACCOUNT_TYPES.station]: 'station',
  [ACCOUNT_TYPES.stationAttendant]: 'station_attendant',
};
