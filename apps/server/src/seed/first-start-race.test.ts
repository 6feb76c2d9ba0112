import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPostgres, type Database } from '../db/client';
import { rawRows } from '../lib/raw-sql';
import { backend } from '../test/databases';
import { startTestApp, type TestContext } from '../test/harness';
import { firstStart } from './first-start';

/**
 * Instances started together on an empty database (docs/deploy.md): one creates the
 * administrator and the demo organisation, the others find them; none fails on a duplicate.
 * On PostgreSQL the second "instance" is a pool of its own; on the embedded database there is one
 * connection, and the two starts still interleave their statements.
 */
let ctx: TestContext;
let other: Database | null = null;
beforeAll(async () => {
  ctx = await startTestApp({ seed: false });
  if (backend() === 'postgres') other = await openPostgres(ctx.config.databaseUrl!);
});
afterAll(async () => {
  await other?.close();
  await ctx.close();
});

describe('first start of two instances at once', () => {
  it('seeds once', async () => {
    const config = { ...ctx.config, demo: 'on' as const };
    const results = await Promise.all([firstStart(ctx.db, config), firstStart(other?.db ?? ctx.db, config)]);
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    const [counts] = await rawRows<{ users: number; distributors: number; stations: number }>(
      ctx.db,
      sql`select (select count(*)::int from users) as users, (select count(*)::int from distributors) as distributors, (select count(*)::int from stations) as stations`,
    );
    expect(counts).toEqual({ users: 4, distributors: 1, stations: 12 });
  });
});
