/**
 * Organisation tree: distributor → company → station → tank; areas group stations.
 * `userType` is the kind of organisation an account belongs to; `accountType` is the kind of
 * account, which decides the menus (spec §6).
 */
export const USER_TYPES = { admin: 0, distributor: 1, company: 2, station: 3 } as const;
export type UserType = (typeof USER_TYPES)[keyof typeof USER_TYPES];
export type UserTypeName = keyof typeof USER_TYPES;

/**
 * Account types. 4 is a station attendant: a station account restricted to monitoring,
 * reports and alarms (spec §6 "account type 4 also loses leak failure analysis and station").
 */
export const ACCOUNT_TYPES = {
  admin: 0,
  distributor: 1,
  company: 2,
  station: 3,
  stationAttendant: 4,
} as const;
export type AccountType = (typeof ACCOUNT_TYPES)[keyof typeof ACCOUNT_TYPES];
export type AccountTypeName = keyof typeof ACCOUNT_TYPES;

export function userTypeOfAccount(accountType: AccountType): UserType {
  switch (accountType) {
    case ACCOUNT_TYPES.admin:
      return USER_TYPES.admin;
    case ACCOUNT_TYPES.distributor:
      return USER_TYPES.distributor;
    case ACCOUNT_TYPES.company:
      return USER_TYPES.company;
    case ACCOUNT_TYPES.station:
    case ACCOUNT_TYPES.stationAttendant:
      return USER_TYPES.station;
  }
}

export function isAccountType(value: unknown): value is AccountType {
  return typeof value === 'number' && Object.values(ACCOUNT_TYPES).includes(value as AccountType);
}
