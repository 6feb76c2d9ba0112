import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestContext } from '../test/harness';
import { numericArray, pgArray, preparedRows, rawRows, useGenericPlans } from './raw-sql';

// One database for the file's statements: none of them writes.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({ seed: false });
});
afterAll(() => ctx.close());

describe('pgArray', () => {
  it('writes numbers, nulls, booleans and quoted strings', () => {
    expect(pgArray([1, 2.5, null, -3])).toBe('{1,2.5,NULL,-3}');
    expect(pgArray([true, false])).toBe('{t,f}');
    expect(pgArray(['a b', 'c"d', 'e\\f', 'NULL', ''])).toBe('{"a b","c\\"d","e\\\\f","NULL",""}');
    expect(pgArray([])).toBe('{}');
    expect(() => pgArray([NaN])).toThrow(RangeError);
  });

  it('round-trips through the database exactly', async () => {
    const texts = ['a b', 'c"d', 'e\\f', 'NULL', '', 'ünï,{}'];
    const [row] = await rawRows<{ t: string[]; n: (number | null)[] }>(ctx.db, sql`select ${pgArray(texts)}::text[] as t, ${pgArray([1.25, null, 3])}::float8[] as n`);
    expect(row!.t).toEqual(texts);
    expect(row!.n).toEqual([1.25, null, 3]);
  });
});

describe('useGenericPlans', () => {
  it('plans generically for the rest of the transaction, and leaves the setting outside it as it was', async () => {
    const mode = async (db: typeof ctx.db) => (await rawRows<{ m: string }>(db, sql`select current_setting('plan_cache_mode') as m`))[0]!.m;
    const outside = await mode(ctx.db);
    expect(outside).not.toBe('force_generic_plan');
    await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as typeof ctx.db;
      await useGenericPlans(db);
      // Not for one statement only: for every statement after it in the transaction.
      await rawRows(db, sql`select 1`);
      expect(await mode(db)).toBe('force_generic_plan');
    });
    expect(await mode(ctx.db)).toBe(outside);
  });
});

describe('preparedRows', () => {
  it('answers as rawRows does, and on PostgreSQL prepares the statement once per connection', async () => {
    const statement = (n: number) => sql`select n * 2 as twice from unnest(${pgArray([n, n + 1])}::int[]) as t(n) order by n`;
    await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as typeof ctx.db;
      expect(await preparedRows<{ twice: number }>(db, statement(1))).toEqual([{ twice: 2 }, { twice: 4 }]);
      // The same text with other parameters: the same statement, its own answer.
      expect(await preparedRows<{ twice: number }>(db, statement(5))).toEqual([{ twice: 10 }, { twice: 12 }]);
      const prepared = await rawRows<{ name: string; statement: string }>(db, sql`select name, statement from pg_prepared_statements`);
      const ours = prepared.filter((p) => p.statement.includes('n * 2 as twice'));
      // PGlite runs it unnamed (drizzle ignores the name there); PostgreSQL keeps one named statement for both calls.
      expect(ours.length).toBe(process.env.TEST_BACKEND === 'postgres' ? 1 : 0);
      if (ours.length === 1) expect(ours[0]!.name).toMatch(/^u[\w-]{27}$/);
    });
  });
});

describe('numericArray', () => {
  it('round-trips integers, doubles to the last bit and NaN as NULL, binary on PostgreSQL and text on PGlite', async () => {
    const doubles = Float64Array.from([0.1 + 0.2, -1e-300, 1.7976931348623157e308, 15000.123456789, NaN, 42]);
    const ints = Int32Array.from([2147483647, -2147483648, 0, 7]);
    const smalls = Int16Array.from([32767, -32768, 3]);
    const check = async (db: typeof ctx.db) => {
      const f = numericArray(db, 'float8', doubles);
      expect(Buffer.isBuffer(f)).toBe(process.env.TEST_BACKEND === 'postgres');
      const [row] = await rawRows<{ f: (number | null)[]; i: number[]; s: number[] }>(
        db,
        sql`select ${f}::float8[] as f, ${numericArray(db, 'int4', ints)}::int[] as i, ${numericArray(db, 'int2', smalls)}::smallint[] as s`,
      );
      expect(row!.f).toEqual([0.1 + 0.2, -1e-300, 1.7976931348623157e308, 15000.123456789, null, 42]);
      expect(row!.i).toEqual([...ints]);
      expect(row!.s).toEqual([...smalls]);
    };
    await check(ctx.db);
    // Inside a transaction the session holds one client: the same encoding.
    await ctx.db.transaction((tx) => check(tx as unknown as typeof ctx.db));
    expect(() => numericArray(ctx.db, 'float8', [Infinity])).toThrow(RangeError);
    expect(() => numericArray(ctx.db, 'int4', [1.5])).toThrow(RangeError);
  });
});
