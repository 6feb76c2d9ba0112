import { eq, sql } from 'drizzle-orm';
import type { SavedNoticeEntry } from '@ullage/domain/notice-settings';
import type { Db } from '../../db/client';
import { userNoticeSettings, users } from '../../db/schema';

export async function savedSettings(db: Db, userId: number): Promise<{ mailSendFrq: number; entries: SavedNoticeEntry[] } | null> {
  const [row] = await db.select({ mailSendFrq: userNoticeSettings.mailSendFrq, entries: userNoticeSettings.entries }).from(userNoticeSettings).where(eq(userNoticeSettings.userId, userId));
  return row ? { mailSendFrq: row.mailSendFrq, entries: row.entries as SavedNoticeEntry[] } : null;
}

export async function saveSettings(db: Db, userId: number, mailSendFrq: number, entries: SavedNoticeEntry[]): Promise<void> {
  await db
    .insert(userNoticeSettings)
    .values({ userId, mailSendFrq, entries })
    .onConflictDoUpdate({ target: userNoticeSettings.userId, set: { mailSendFrq, entries, updatedAt: sql`now()` } });
}

export async function mailAddressOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
