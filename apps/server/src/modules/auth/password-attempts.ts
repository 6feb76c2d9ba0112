import { CODES } from '@ullage/contracts/codes';
import type { AttemptLimit } from '@ullage/domain/attempt-limits';
import type { Db } from '../../db/client';
import { AppError } from '../../plugins/errors';
import { clearFailures, lockedMinutesLeft, recordFailure } from './lockout-repo';
import { verifyPassword } from './passwords';

/**
 * A password checked within an attempt limit (docs/api.md "Attempt limits"): refused while the
 * limit's key is locked; a match clears its failures, a miss counts one. For other modules (the
 * user module checks a signed-in user's own password with it) in a file of its own: service.ts
 * imports the user module's service, which imports this.
 */
export async function verifyWithinLimit(db: Db, limit: AttemptLimit, passwordHash: string, pwd: string): Promise<boolean> {
  const minutes = await lockedMinutesLeft(db, [limit.key]);
  if (minutes > 0) throw new AppError(CODES.locked, 'auth.locked', { minutes });
  const matches = await verifyPassword(passwordHash, pwd);
  if (matches) await clearFailures(db, [limit.key]);
  else await recordFailure(db, [limit]);
  return matches;
}
