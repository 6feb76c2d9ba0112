import { canManageAccount, manageableAccountTypes, type AccountPlace } from '@ullage/domain/account-management';
import { may, type Action } from '@ullage/domain/roles';
import type { AuthUser } from '../../sessions/auth-user';
import { forbidden } from '../../plugins/errors';
import { scopeOf } from './scope';

/**
 * What a role may do is the role table's (packages/domain/src/roles.ts): each route names its
 * action in `config.may`, and the auth hook refuses every other role with 80003 before the
 * handler runs (plugins/auth.ts). Reading is decided by scope.ts. What is left here is what a
 * role cannot say: that a target named in a request lies under the caller's own organisation.
 */

/** The role table's answer for the caller, for code that decides without refusing (a flag in an answer). */
export function userMay(user: AuthUser, action: Action): boolean {
  return may(user.accountType, action);
}

/** A distributor account works under its own distributor only (companies, products); the administrator anywhere. */
export function assertUnderOwnDistributor(user: AuthUser, distributorId: number) {
  const scope = scopeOf(user);
  if (scope.kind === 'all') return;
  if (scope.kind === 'distributor') {
    if (scope.distributorId === distributorId) return;
    throw forbidden('settings.notYourDistributor');
  }
  throw forbidden();
}

/** The company lies within the caller's scope: under its distributor, or the company itself. */
export function assertOwnsCompany(user: AuthUser, company: { id: number; distributorId: number }) {
  const scope = scopeOf(user);
  if (scope.kind === 'all') return;
  if (scope.kind === 'distributor' && scope.distributorId === company.distributorId) return;
  if (scope.kind === 'company' && scope.companyId === company.id) return;
  throw forbidden();
}

/** Accounts of this type may be given by the caller at all (none unless the role manages accounts). */
export function assertCanManageAccountType(user: AuthUser, accountType: number) {
  if (!manageableAccountTypes(user.accountType).some((t) => t === accountType)) throw forbidden();
}

export function assertCanManageAccount(user: AuthUser, target: AccountPlace) {
  if (!canManageAccount(user, target)) throw forbidden();
}
