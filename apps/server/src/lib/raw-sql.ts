import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Rows of a raw statement; node-postgres and PGlite both answer `{ rows }`. */
export async function rawRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A PostgreSQL array literal (`{1,2,NULL}`, `{"a b","c\"d"}`) to pass as one text parameter
 * and cast (`::int[]`). Both drivers take text the same way; their own array encodings
 * differ (PGlite refuses nulls in them), and one parameter per column keeps batch inserts
 * to one short statement.
 */
export function pgArray(values: readonly (string | number | boolean | null)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (i > 0) out += ',';
    if (v === null) out += 'NULL';
    else if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new RangeError(`not a finite number: ${v}`);
      out += v;
    } else if (typeof v === 'boolean') out += v ? 't' : 'f';
    else out += `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  }
  return out + '}';
}
