import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestContext } from '../test/harness';
import { pgArray, rawRows } from './raw-sql';

describe('pgArray', () => {
  it('writes numbers, nulls, booleans and quoted strings', () => {
    expect(pgArray([1, 2.5, null, -3])).toBe('{1,2.5,NULL,-3}');
    expect(pgArray([true, false])).toBe('{t,f}');
    expect(pgArray(['a b', 'c"d', 'e\\f', 'NULL', ''])).toBe('{"a b","c\\"d","e\\\\f","NULL",""}');
    expect(pgArray([])).toBe('{}');
    expect(() => pgArray([NaN])).toThrow(RangeError);
  });

  it('round-trips through the database exactly', async () => {
    const ctx: TestContext = await startTestApp({ seed: false });
    try {
      const texts = ['a b', 'c"d', 'e\\f', 'NULL', '', 'ünï,{}'];
      const [row] = await rawRows<{ t: string[]; n: (number | null)[] }>(ctx.db, sql`select ${pgArray(texts)}::text[] as t, ${pgArray([1.25, null, 3])}::float8[] as n`);
      expect(row!.t).toEqual(texts);
      expect(row!.n).toEqual([1.25, null, 3]);
    } finally {
      await ctx.close();
    }
  });
});
