import { createHash } from 'node:crypto';
import { sql, type Query, type SQL } from 'drizzle-orm';
import pg, { type QueryResultRow } from 'pg';
import type { Db } from '../db/client';

/** Rows of a raw statement; node-postgres and PGlite both answer `{ rows }`. */
export async function rawRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A timestamp column's whole epoch milliseconds (float8), cut toward the past as `new Date()`
 * cuts: date_part's seconds are within a microsecond's fraction of the exact instant, so half a
 * microsecond added before the floor gives the exact millisecond. For columns read by the
 * thousand: PostgreSQL's text of a timestamp costs microseconds to parse in Node, and
 * `extract(epoch …)` is exact but numeric, four times date_part's cost in the database.
 */
export const epochMs = (column: string): string => `floor(date_part('epoch', ${column}) * 1000 + 0.0005)`;

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
 * once per connection under a name made from its text: the server then does not parse it again
 * on every call, which was a third of its CPU for a device report's statements
 * (bench/ingest.ts). It is still planned for each call's parameters (client.ts says why), unless
 * the transaction asks otherwise (useGenericPlans). On PGlite, where drizzle ignores the name, it is
 * `rawRows`.
 */
export async function preparedRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const internal = db as unknown as DrizzleInternals;
  const query = internal.dialect.sqlToQuery(statement);
  const client = nodePgClient(db);
  if (client) {
    // Straight to node-postgres, reading values as drizzle's driver does: its prepared query
    // (a new object with two type tables, tracing spans and a cache wrapper for every call) was
    // most of drizzle's share of the device path's CPU, a tenth of the server's.
    const result = await client.query<T & QueryResultRow>({ name: nameOf(query.sql), text: query.sql, values: query.params, types: READ_AS_DRIZZLE });
    return result.rows;
  }
  const result = (await internal.session.prepareQuery(query, undefined, nameOf(query.sql), false).execute()) as { rows: T[] };
  return result.rows;
}

/**
 * The values drizzle's node-postgres driver leaves as PostgreSQL's text in a raw statement's rows
 * (drizzle-orm/node-postgres/session.js): timestamps with and without zone, dates, intervals and
 * their arrays, and numeric arrays. Everything else is parsed as node-postgres does.
 */
const TEXT_TYPES = new Set([1184, 1114, 1082, 1186, 1185, 1115, 1182, 1187, 1231]);
const asText = (value: string) => value;
const READ_AS_DRIZZLE = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (TEXT_TYPES.has(oid) ? asText : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser,
};

/**
 * Puts the rest of the transaction under generic plans: PostgreSQL then plans each named
 * statement once per connection and reuses that plan, instead of planning it again for every
 * call's parameters (the pool's setting, client.ts). For statements whose plans cannot depend
 * on their parameters, planning is pure cost: the device path's inserts and key look-ups take
 * their values as arrays, which no plan sees into, and planning them for every group was a
 * sixth of PostgreSQL's work on that path (bench/ingest.ts). The setting ends with the
 * transaction (SET LOCAL). `alongside` is evaluated in the same round trip (ingest takes its
 * transaction's locks there).
 */
export async function useGenericPlans(db: Db, alongside: SQL = sql`null`): Promise<void> {
  await preparedRows(db, sql`select set_config('plan_cache_mode', 'force_generic_plan', true), ${alongside} as alongside`);
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

/** Element types of the numeric columns a statement unnests, by their PostgreSQL type oid and byte width. */
const ELEMENTS = { int2: { oid: 21, bytes: 2 }, int4: { oid: 23, bytes: 4 }, float8: { oid: 701, bytes: 8 } } as const;
export type NumericElement = keyof typeof ELEMENTS;

/**
 * A numeric column as one array parameter (cast `::int[]`, `::smallint[]`, `::float8[]` to
 * match `element`), NaN standing for NULL. On node-postgres it goes in PostgreSQL's binary
 * array format: no number is printed here or parsed there, which for a device report's
 * thirteen columns was a tenth of the server's CPU and the array parsing a twentieth of the
 * database's (bench/ingest.ts). PGlite takes the text literal (`pgArray`).
 */
export function numericArray(db: Db, element: NumericElement, values: ArrayLike<number>): string | Buffer {
  let nulls = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) nulls++;
    else if (!Number.isFinite(v)) throw new RangeError(`not a finite number: ${v}`);
    else if (element !== 'float8' && !Number.isInteger(v)) throw new RangeError(`not an integer: ${v}`);
  }
  if (!takesBinary(db)) {
    const list: (number | null)[] = new Array(values.length);
    for (let i = 0; i < values.length; i++) list[i] = Number.isNaN(values[i]!) ? null : values[i]!;
    return pgArray(list);
  }
  const { oid, bytes } = ELEMENTS[element];
  // Header: dimensions, has-nulls flag, element type; the one dimension's length and lower bound;
  // then each element as its length (-1: NULL) and big-endian bytes.
  const out = Buffer.allocUnsafe(20 + values.length * 4 + (values.length - nulls) * bytes);
  out.writeInt32BE(1, 0);
  out.writeInt32BE(nulls > 0 ? 1 : 0, 4);
  out.writeUInt32BE(oid, 8);
  out.writeInt32BE(values.length, 12);
  out.writeInt32BE(1, 16);
  let at = 20;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) {
      out.writeInt32BE(-1, at);
      at += 4;
      continue;
    }
    out.writeInt32BE(bytes, at);
    if (element === 'float8') out.writeDoubleBE(v, at + 4);
    else if (element === 'int4') out.writeInt32BE(v, at + 4);
    else out.writeInt16BE(v, at + 4);
    at += 4 + bytes;
  }
  return out;
}

/** The node-postgres pool or transaction's client behind `db`; null on PGlite. */
function nodePgClient(db: Db): pg.Pool | pg.Client | null {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Pool || client instanceof pg.Client ? client : null;
}

/** node-postgres (a pool, or a transaction's client) sends a Buffer parameter in binary; PGlite is given text. */
function takesBinary(db: Db): boolean {
  return nodePgClient(db) !== null;
}
