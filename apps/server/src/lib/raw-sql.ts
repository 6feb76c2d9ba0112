import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Rows of a raw statement; node-postgres and PGlite both answer `{ rows }`. */
export async function rawRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}
