import { ACCOUNT_TYPES } from '@ullage/domain/organisation';
import { canManageAccount, manageableAccountTypes, type AccountPlace } from '@ullage/domain/account-management';
import type { AuthUser } from '../auth/session-repo';
import { forbidden } from '../../plugins/errors';

/**
 * Who may change which settings (spec §6, issue 3). Reading is decided by scope.ts; these
 * decide writing, after the target has been found inside the caller's scope.
 */
export function assertCanManageDistributors(user: AuthUser, distributorId?: number) {
  if (user.accountType === ACCOUNT_TYPES.admin) return;
  // A distributor account edits its own record; creating and deleting distributors is the platform's.
  if (user.accountType === ACCOUNT_TYPES.distributor && distributorId !== undefined && user.distributorId === distributorId) return;
  throw forbidden();
}

export function assertCanManageCompanies(user: AuthUser, distributorId: number) {
  if (user.accountType === ACCOUNT_TYPES.admin) return;
  if (user.accountType === ACCOUNT_TYPES.distributor) {
    if (user.distributorId === distributorId) return;
    throw forbidden('settings.notYourDistributor');
  }
  throw forbidden();
}

/** Areas: the administrator, and distributor or company accounts for companies in their scope. */
export function assertCanManageAreas(user: AuthUser) {
  if (user.accountType === ACCOUNT_TYPES.admin || user.accountType === ACCOUNT_TYPES.distributor || user.accountType === ACCOUNT_TYPES.company) return;
  throw forbidden();
}

/**
 * Whether the caller's kind of account manages stations anywhere: a station account only reads
 * its own, and is not shown what only managing needs (the console's security code).
 */
export function managesStations(user: AuthUser): boolean {
  return user.accountType === ACCOUNT_TYPES.admin || user.accountType === ACCOUNT_TYPES.distributor || user.accountType === ACCOUNT_TYPES.company;
}

/** Stations: the administrator, a distributor account under its distributor, a company account in its company. */
export function assertCanManageStations(user: AuthUser, company: { id: number; distributorId: number }) {
  if (user.accountType === ACCOUNT_TYPES.admin) return;
  if (user.accountType === ACCOUNT_TYPES.distributor && user.distributorId === company.distributorId) return;
  if (user.accountType === ACCOUNT_TYPES.company && user.companyId === company.id) return;
  throw forbidden();
}

/**
 * Write rights of the settings in settings-more (products, tags, accounts); manage.ts holds
 * those of the organisation tree. Reading is decided by scope.ts.
 */

/** Products: the administrator any; a distributor account its own distributor's; nobody else. */
export function assertCanManageProducts(user: AuthUser, distributorId: number) {
  if (user.accountType === ACCOUNT_TYPES.admin) return;
  if (user.accountType === ACCOUNT_TYPES.distributor) {
    if (user.distributorId === distributorId) return;
    throw forbidden('settings.notYourDistributor');
  }
  throw forbidden();
}

/** Tags are the platform's dictionary: the administrator's only. */
export function assertAdministrator(user: AuthUser) {
  if (user.accountType !== ACCOUNT_TYPES.admin) throw forbidden();
}

/** Accounts of this type may be created or given by the caller at all. */
export function assertCanManageAccountType(user: AuthUser, accountType: number) {
  if (!manageableAccountTypes(user.accountType).some((t) => t === accountType)) throw forbidden();
}

export function assertCanManageAccount(user: AuthUser, target: AccountPlace) {
  if (!canManageAccount(user, target)) throw forbidden();
}
