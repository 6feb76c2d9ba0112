import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The language the user's e-mails are written in: the one they last used the app in (auth/routes.ts, at each page load). */
export async function rememberLanguage(db: Db, userId: number, language: string): Promise<void> {
  await db.execute(sql`update users set language = ${language} where id = ${userId} and language is distinct from ${language}`);
}
