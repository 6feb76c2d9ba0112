import type { AccountType } from '@ullage/domain/organisation';

/**
 * The signed-in user of a request (plugins/auth.ts sets it from the session). Core, not a
 * feature's: every module's service takes it to check access and scope.
 */
export interface AuthUser {
  id: number;
  username: string;
  accountType: AccountType;
  distributorId: number | null;
  companyId: number | null;
  stationId: number | null;
  /** A reset password that must be changed before anything else is allowed. */
  mustChangePassword: boolean;
}
