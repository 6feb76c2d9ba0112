import type { DataJumpListQuery } from '@ullage/contracts/data-jumps';
import type { Db } from '../../db/client';
import { pageOf } from '../../lib/list';
import { assertValid } from '../../plugins/errors';
import type { AuthUser } from '../../sessions/auth-user';
import { scopeOf } from '../scope/scope';
import { listDataJumps } from './repo';

/** The data jumps a user may see; a range whose start is not before its end is refused (spec §8). */
export async function findDataJumps(db: Db, user: AuthUser, query: DataJumpListQuery) {
  const backwards = query.from !== undefined && query.to !== undefined && Date.parse(query.from) >= Date.parse(query.to);
  assertValid(backwards ? [{ field: 'from', rule: 'rule.beforeEnd' }] : []);
  return listDataJumps(db, scopeOf(user), query, pageOf(query));
}
