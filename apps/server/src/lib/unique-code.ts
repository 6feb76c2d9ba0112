import { and, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/**
 * Whether a code is taken in a table whose codes are unique without regard to case (companies,
 * products, stations), leaving out the row being edited. One rule for every such table.
 */
export async function codeTaken(db: Db, table: PgTable, columns: { id: AnyPgColumn; code: AnyPgColumn }, code: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: columns.id })
    .from(table)
    .where(and(sql`lower(${columns.code}) = lower(${code})`, exceptId === undefined ? undefined : sql`${columns.id} <> ${exceptId}`))
    .limit(1);
  return rows.length > 0;
}
