import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByName(db: Db, username: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`).limit(1);
  return rows[0];
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export async function countUsers(db: Db): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return rows[0]?.n ?? 0;
}

export async function insertUser(db: Db, row: typeof users.$inferInsert): Promise<UserRow> {
  const inserted = await db.insert(users).values(row).returning();
  return inserted[0]!;
}

export async function updatePassword(db: Db, id: number, passwordHash: string, passwordUnsafe: boolean) {
  await db.update(users).set({ passwordHash, passwordUnsafe, mustChangePassword: false, updatedAt: sql`now()` }).where(eq(users.id, id));
}

export async function setPasswordUnsafe(db: Db, id: number, passwordUnsafe: boolean) {
  await db.update(users).set({ passwordUnsafe }).where(eq(users.id, id));
}

export async function updatePhoto(db: Db, id: number, photo: string) {
  await db.update(users).set({ photo, updatedAt: sql`now()` }).where(eq(users.id, id));
}

export async function updateMailAddress(db: Db, id: number, email: string | null) {
  await db.update(users).set({ email, updatedAt: sql`now()` }).where(eq(users.id, id));
}
