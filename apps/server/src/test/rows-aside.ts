import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** The kept figures a test sets aside to compare against reading the readings alone. */
export type AsideTable = 'tank_day_books' | 'tank_day_heads';

/**
 * Runs `fn` with `table` emptied, then puts its rows back as they were (even when `fn` fails):
 * what the reports answer without those kept figures, for the same data.
 */
export async function withRowsAside<T>(db: Db, table: AsideTable, fn: () => Promise<T>): Promise<T> {
  const kept = sql.identifier(table);
  const aside = sql.identifier(`${table}_aside`);
  await db.execute(sql`create table ${aside} as select * from ${kept}`);
  await db.execute(sql`delete from ${kept}`);
  try {
    return await fn();
  } finally {
    await db.execute(sql`insert into ${kept} select * from ${aside}`);
    await db.execute(sql`drop table ${aside}`);
  }
}
