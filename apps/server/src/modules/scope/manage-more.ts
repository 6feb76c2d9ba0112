import { ACCOUNT_TYPES } from '@ullage/domain/organisation';
import { canManageAccount, manageableAccountTypes, type AccountPlace } from '@ullage/domain/account-management';
import type { AuthUser } from '../auth/session-repo';
import { forbidden } from '../../plugins/errors';

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
