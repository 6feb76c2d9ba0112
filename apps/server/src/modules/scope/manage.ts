import { ACCOUNT_TYPES } from '@ullage/domain/organisation';
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

/** Stations: the administrator, a distributor account under its distributor, a company account in its company. */
export function assertCanManageStations(user: AuthUser, company: { id: number; distributorId: number }) {
  if (user.accountType === ACCOUNT_TYPES.admin) return;
  if (user.accountType === ACCOUNT_TYPES.distributor && user.distributorId === company.distributorId) return;
  if (user.accountType === ACCOUNT_TYPES.company && user.companyId === company.id) return;
  throw forbidden();
}
