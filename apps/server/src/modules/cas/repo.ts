import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

/** The account linked to a CAS user name (compared without case, as user names are). */
export async function findUserByCasUser(db: Db, casUser: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, disabled: users.disabled })
    .from(users)
    .where(sql`lower(${users.casUser}) = lower(${casUser})`)
    .limit(2);
  return row;
}

export async function ticketUsed(db: Db, ticket: string): Promise<boolean> {
  const rows = await db.select({ one: sql<number>`1` }).from(sessions).where(eq(sessions.casTicket, ticket)).limit(1);
  return rows.length > 0;
}

/** Single logout: ends the session the ticket opened; answers how many ended (0 or 1). */
export async function endSessionOfTicket(db: Db, ticket: string): Promise<number> {
  const ended = await db.delete(sessions).where(eq(sessions.casTicket, ticket)).returning({ tokenHash: sessions.tokenHash });
  return ended.length;
}
