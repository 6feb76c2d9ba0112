import { ACCOUNT_TYPES, type AccountType } from './organisation';
import { may } from './roles';

/**
 * Who may manage which accounts (spec §6, issue 3). An account's place is its type and the
 * organisation keys it carries; a station account carries its company and distributor too,
 * a company account its distributor, so one comparison decides.
 */
export interface AccountPlace {
  accountType: AccountType;
  distributorId: number | null;
  companyId: number | null;
  stationId: number | null;
}

/**
 * The account types each kind of account may create, edit or remove: none for those the role
 * table (roles.ts) refuses `user:manage` — company and station accounts have no user menu.
 */
export function manageableAccountTypes(actorType: AccountType): readonly AccountType[] {
  if (!may(actorType, 'user:manage')) return [];
  // Nobody creates an administrator: the platform has one.
  return [ACCOUNT_TYPES.distributor, ACCOUNT_TYPES.company, ACCOUNT_TYPES.station, ACCOUNT_TYPES.stationAttendant];
}

/**
 * The administrator manages every account but the administrator's; a distributor account
 * those under its distributor; company and station accounts none.
 */
export function canManageAccount(actor: AccountPlace, target: AccountPlace): boolean {
  if (!manageableAccountTypes(actor.accountType).includes(target.accountType)) return false;
  switch (actor.accountType) {
    case ACCOUNT_TYPES.admin:
      return true;
    case ACCOUNT_TYPES.distributor:
      return actor.distributorId !== null && target.distributorId === actor.distributorId;
    default:
      return false;
  }
}

/** The platform's own administrator account is never disabled, removed or reset from settings. */
export const ADMIN_USERNAME = 'admin';

/** Disabling, deleting or resetting is refused on one's own account and on the administrator's. */
export function isProtectedAccount(actorId: number, target: { id: number; username: string }): boolean {
  return target.id === actorId || target.username.toLowerCase() === ADMIN_USERNAME;
}
