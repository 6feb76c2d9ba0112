import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ACCOUNT_TYPES } from '@ullage/domain/organisation';
import type { Db } from '../../db/client';
import { apiTokens, companies, distributors, serviceAccounts, users } from '../../db/schema';
import { utcText } from '../../lib/utc-text';
import type { AuthUser } from '../../sessions/auth-user';

/**
 * A service account belongs to exactly the organisation of the person who made it; the people
 * of that organisation see and manage it, and the administrator sees every one. Unlike the
 * reports, a distributor does not see its companies' accounts: each organisation keeps its own
 * machines' keys.
 */
function ownOrganisation(user: AuthUser): SQL {
  switch (user.accountType) {
    case ACCOUNT_TYPES.admin:
      return sql`true`;
    case ACCOUNT_TYPES.distributor:
      return user.distributorId === null ? sql`false` : and(eq(users.accountType, ACCOUNT_TYPES.distributor), eq(users.distributorId, user.distributorId))!;
    case ACCOUNT_TYPES.company:
      return user.companyId === null ? sql`false` : and(eq(users.accountType, ACCOUNT_TYPES.company), eq(users.companyId, user.companyId))!;
    default:
      return sql`false`;
  }
}

const maker = alias(users, 'maker');

export async function listServiceAccounts(db: Db, user: AuthUser, id?: number) {
  return db
    .select({
      id: serviceAccounts.id,
      userId: serviceAccounts.userId,
      name: serviceAccounts.name,
      description: serviceAccounts.description,
      accountType: users.accountType,
      organisation: sql<string | null>`coalesce(${companies.name}, ${distributors.name})`,
      createdAt: utcText(serviceAccounts.createdAt),
      createdBy: maker.username,
    })
    .from(serviceAccounts)
    .innerJoin(users, eq(users.id, serviceAccounts.userId))
    .leftJoin(distributors, eq(distributors.id, users.distributorId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(maker, eq(maker.id, serviceAccounts.createdBy))
    .where(and(ownOrganisation(user), id === undefined ? undefined : eq(serviceAccounts.id, id)))
    .orderBy(asc(sql`lower(${serviceAccounts.name})`), asc(serviceAccounts.id));
}

export async function tokensOf(db: Db, serviceAccountIds: number[]) {
  if (serviceAccountIds.length === 0) return [];
  return db
    .select({
      id: apiTokens.id,
      serviceAccountId: apiTokens.serviceAccountId,
      name: apiTokens.name,
      hint: apiTokens.hint,
      scopes: apiTokens.scopes,
      expiresAt: utcText(apiTokens.expiresAt),
      createdAt: utcText(apiTokens.createdAt),
      createdBy: maker.username,
      lastUsedAt: utcText(apiTokens.lastUsedAt),
      lastUsedIp: apiTokens.lastUsedIp,
      revokedAt: utcText(apiTokens.revokedAt),
      expired: sql<boolean>`coalesce(${apiTokens.expiresAt} <= now(), false)`,
    })
    .from(apiTokens)
    .leftJoin(maker, eq(maker.id, apiTokens.createdBy))
    .where(inArray(apiTokens.serviceAccountId, serviceAccountIds))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

export async function nameTaken(db: Db, user: AuthUser, name: string): Promise<boolean> {
  const rows = await db
    .select({ id: serviceAccounts.id })
    .from(serviceAccounts)
    .innerJoin(users, eq(users.id, serviceAccounts.userId))
    .where(and(ownOrganisation(user), sql`lower(${serviceAccounts.name}) = lower(${name})`))
    .limit(1);
  return rows.length > 0;
}

/** Makes the account's users row (a role and an organisation, no password) and the account. */
export async function insertServiceAccount(db: Db, maker: AuthUser, values: { username: string; name: string; description: string | null }): Promise<number> {
  const [account] = await db
    .insert(users)
    .values({
      username: values.username,
      nickname: values.name,
      // Not an argon2 hash: no password verifies against it (and sign-in refuses service rows).
      passwordHash: '!',
      accountType: maker.accountType,
      distributorId: maker.distributorId,
      companyId: maker.companyId,
      stationId: maker.stationId,
      service: true,
    })
    .returning({ id: users.id });
  const [row] = await db
    .insert(serviceAccounts)
    .values({ userId: account!.id, name: values.name, description: values.description, createdBy: maker.id })
    .returning({ id: serviceAccounts.id });
  return row!.id;
}

/**
 * Removes the account and its tokens. Its users row stays, disabled, because the audit log and
 * processed alarms name it; it can never act again.
 */
export async function deleteServiceAccount(db: Db, id: number, userId: number) {
  await db.delete(serviceAccounts).where(eq(serviceAccounts.id, id));
  await db.update(users).set({ disabled: true, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

export async function insertToken(
  db: Db,
  values: { serviceAccountId: number; name: string; tokenHash: string; hint: string; scopes: string[]; expiresInDays: number | null; createdBy: number },
): Promise<number> {
  const [row] = await db
    .insert(apiTokens)
    .values({
      serviceAccountId: values.serviceAccountId,
      name: values.name,
      tokenHash: values.tokenHash,
      hint: values.hint,
      scopes: values.scopes,
      expiresAt: values.expiresInDays === null ? null : sql`now() + make_interval(days => ${values.expiresInDays})`,
      createdBy: values.createdBy,
    })
    .returning({ id: apiTokens.id });
  return row!.id;
}

/** Revokes a live token of the account; false when there is none by that id. */
export async function revokeToken(db: Db, serviceAccountId: number, tokenId: number): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.serviceAccountId, serviceAccountId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}
