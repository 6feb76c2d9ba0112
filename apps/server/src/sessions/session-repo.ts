// The session store: core, because the auth hook (plugins/auth.ts) and the live streams
// (live/session-watch.ts) read it on every call; modules/auth signs in and out through it.
import { and, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import { sessionTiming } from '@ullage/domain/session-idle';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import type { AccountType } from '@ullage/domain/organisation';
import type { AuthUser } from './auth-user';

export interface SessionRow {
  user: AuthUser;
  lastSeenAt: Date;
}

export async function insertSession(db: Db, row: { tokenHash: string; userId: number; idleMinutes: number; ip: string; userAgent: string | undefined; casTicket?: string }) {
  await db.insert(sessions).values({
    tokenHash: row.tokenHash,
    userId: row.userId,
    expiresAt: sql`now() + make_interval(secs => ${lifetimeSeconds(row.idleMinutes)})`,
    ip: row.ip,
    userAgent: row.userAgent?.slice(0, 500),
    casTicket: row.casTicket ?? null,
  });
}

/** The CAS ticket a session was opened with, or null for a password sign-in. */
export async function casTicketOf(db: Db, tokenHash: string): Promise<string | null> {
  const [row] = await db.select({ casTicket: sessions.casTicket }).from(sessions).where(eq(sessions.tokenHash, tokenHash));
  return row?.casTicket ?? null;
}

/** The users columns an AuthUser is made of (its password state aside): sessions and API tokens read them alike. */
export const authUserColumns = {
  id: users.id,
  username: users.username,
  accountType: users.accountType,
  distributorId: users.distributorId,
  companyId: users.companyId,
  stationId: users.stationId,
};

/** The live session of an enabled user, or undefined. */
export async function findLiveSession(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  const rows = await db
    .select({
      ...authUserColumns,
      mustChangePassword: users.mustChangePassword,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, sql`now()`), eq(users.disabled, false)))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  const { lastSeenAt, ...user } = row;
  return { user: { ...user, accountType: user.accountType as AccountType }, lastSeenAt };
}

/** Sliding idle expiry (the rule: sessionTiming). */
export async function touchSession(db: Db, tokenHash: string, idleMinutes: number) {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()`, expiresAt: sql`now() + make_interval(secs => ${lifetimeSeconds(idleMinutes)})` })
    .where(eq(sessions.tokenHash, tokenHash));
}

const lifetimeSeconds = (idleMinutes: number) => sessionTiming(idleMinutes).lifetimeMs / 1000;

/** Which of these sessions still stand: not ended, not expired, their user not disabled. */
export async function liveSessionHashes(db: Db, tokenHashes: string[]): Promise<Set<string>> {
  if (tokenHashes.length === 0) return new Set();
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.tokenHash, tokenHashes), gt(sessions.expiresAt, sql`now()`), eq(users.disabled, false)));
  return new Set(rows.map((r) => r.tokenHash));
}

export async function deleteSession(db: Db, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteOtherSessions(db: Db, userId: number, keepTokenHash: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)));
}

export async function deleteExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}
