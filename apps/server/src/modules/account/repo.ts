import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@ullage/contracts/list';
import type { Db } from '../../db/client';
import { companies, distributors, sessions, stations, users } from '../../db/schema';
import { equalsIfGiven, orderOf, pageOf, searchOf } from '../../lib/list';
import { utcText } from '../../lib/utc-text';
import { COMPANY_SCOPE, DISTRIBUTOR_SCOPE, STATION_SCOPE } from '../scope/columns';
import { scopeFilter, type Scope } from '../scope/scope';

/** A list's paging, sorting and search (lib/list.ts reads them), and this list's own filters. */
export interface AccountFilter extends ListQuery {
  accountType?: number;
  companyId?: number;
  status?: 'enabled' | 'disabled';
  id?: number;
}

/**
 * Accounts are read by the scope of who may manage them: a company account sees its
 * company's accounts, a distributor account those under it; administrator accounts carry
 * no organisation and so only the administrator sees them. Station accounts manage no
 * accounts and see none.
 */
function accountScope(scope: Scope): SQL | undefined {
  if (scope.kind === 'station') return sql`false`;
  return scopeFilter(scope, { distributorId: users.distributorId, companyId: users.companyId });
}

/** The unit an account belongs to, by its type: 1 distributor, 2 company, 3 and 4 station. */
const unitId = sql<number | null>`case ${users.accountType} when 1 then ${users.distributorId} when 2 then ${users.companyId} when 3 then ${users.stationId} when 4 then ${users.stationId} end`;
const unitName = sql<string | null>`case ${users.accountType} when 1 then ${distributors.name} when 2 then ${companies.name} when 3 then ${stations.name} when 4 then ${stations.name} end`;

const columns = {
  id: users.id,
  username: users.username,
  nickname: users.nickname,
  accountType: users.accountType,
  unitId,
  unitName,
  distributorId: users.distributorId,
  companyId: users.companyId,
  stationId: users.stationId,
  email: users.email,
  casUser: users.casUser,
  disabled: users.disabled,
  passwordUnsafe: users.passwordUnsafe,
  createdAt: utcText(users.createdAt),
};

export async function listAccounts(db: Db, scope: Scope, filter: AccountFilter) {
  const where = and(
    accountScope(scope),
    // Service accounts (issue 38) are machines', listed on the API tokens page.
    eq(users.service, false),
    searchOf(filter.q, users.username, users.nickname, users.email),
    equalsIfGiven(users.accountType, filter.accountType),
    equalsIfGiven(users.companyId, filter.companyId),
    filter.status ? eq(users.disabled, filter.status === 'disabled') : undefined,
    equalsIfGiven(users.id, filter.id),
  );
  const order = orderOf(filter, { username: users.username, nickname: users.nickname, accountType: users.accountType, createdAt: users.createdAt }, asc(users.username), users.id);
  const { limit, offset } = pageOf(filter);
  const [list, total] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .leftJoin(distributors, eq(distributors.id, users.distributorId))
      .leftJoin(companies, eq(companies.id, users.companyId))
      .leftJoin(stations, eq(stations.id, users.stationId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { list, total: total[0]?.n ?? 0 };
}

export async function findAccount(db: Db, scope: Scope, id: number) {
  return (await listAccounts(db, scope, { id, page: 1, pageSize: 1 })).list[0];
}

export interface UnitPlace {
  distributorId: number;
  companyId: number | null;
  stationId: number | null;
}

/** The organisation keys of a unit the caller can see, by account type; undefined when it cannot. */
export async function unitInScope(db: Db, scope: Scope, accountType: number, id: number): Promise<UnitPlace | undefined> {
  if (accountType === 1) {
    const rows = await db
      .select({ distributorId: distributors.id })
      .from(distributors)
      .where(and(scopeFilter(scope, DISTRIBUTOR_SCOPE), eq(distributors.id, id)));
    return rows[0] && { distributorId: rows[0].distributorId, companyId: null, stationId: null };
  }
  if (accountType === 2) {
    const rows = await db
      .select({ distributorId: companies.distributorId, companyId: companies.id })
      .from(companies)
      .where(and(scopeFilter(scope, COMPANY_SCOPE), eq(companies.id, id)));
    return rows[0] && { ...rows[0], stationId: null };
  }
  const rows = await db
    .select({ distributorId: stations.distributorId, companyId: stations.companyId, stationId: stations.id })
    .from(stations)
    .where(and(scopeFilter(scope, STATION_SCOPE), eq(stations.id, id)));
  return rows[0];
}

export async function usernameTaken(db: Db, username: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, exceptId === undefined ? undefined : sql`${users.id} <> ${exceptId}`))
    .limit(1);
  return rows.length > 0;
}

export interface AccountValues extends UnitPlace {
  username: string;
  nickname: string;
  accountType: number;
  email: string | null;
  casUser: string | null;
}

export async function insertAccount(db: Db, values: AccountValues & { passwordHash: string; passwordUnsafe: boolean }): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export async function updateAccount(db: Db, id: number, values: Partial<AccountValues> & { disabled?: boolean; passwordHash?: string; passwordUnsafe?: boolean; mustChangePassword?: boolean }) {
  await db.update(users).set({ ...values, updatedAt: sql`now()` }).where(eq(users.id, id));
}

/** Ends every session of the account at once. */
export async function endSessions(db: Db, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteAccount(db: Db, id: number) {
  await db.delete(users).where(eq(users.id, id));
}
