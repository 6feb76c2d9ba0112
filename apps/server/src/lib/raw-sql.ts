import { createHash } from 'node:crypto';
import type { Query, SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Rows of a raw statement; node-postgres and PGlite both answer `{ rows }`. */
export async function rawRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/** The parts of drizzle's database object a named statement needs (the same `execute` takes, with a name). */
interface DrizzleInternals {
  dialect: { sqlToQuery(statement: SQL): Query };
  session: { prepareQuery(query: Query, fields: undefined, name: string | undefined, isResponseInArrayMode: boolean): { execute(): Promise<unknown> } };
}

/** Statement text → its name; bounded, so a caller whose text varies cannot grow it (or the server's statements) without end. */
const names = new Map<string, string>();
const MAX_NAMED = 256;

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `u${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}

/**
 * `rawRows` for a statement the device path runs many times a second with the same text (only
 * its parameters change; never text that varies with the data). On PostgreSQL it is prepared
 * once per connection under a name made from its text: the server then neither parses nor plans
 * it again on every call, which was a third of its CPU for a device report's statements
 * (bench/ingest.ts). On PGlite, where drizzle ignores the name, it is `rawRows`.
 */
export async function preparedRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const internal = db as unknown as DrizzleInternals;
  const query = internal.dialect.sqlToQuery(statement);
  const result = (await internal.session.prepareQuery(query, undefined, nameOf(query.sql), false).execute()) as { rows: T[] };
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
