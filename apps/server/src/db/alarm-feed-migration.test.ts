import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rawRows } from '../lib/raw-sql';
import { databaseMigratedTo } from '../test/migrated-database';
import type { Database } from './client';

/**
 * Migration 0030: an alarm's place in the live feed moves from `alarms.feed_seq` to the
 * `alarm_feed` table. Places given before the upgrade are kept (a client's Last-Event-ID still
 * means what it did), the next alarm follows them, and a place is still given at commit.
 */
let database: Database;
let close: () => Promise<void>;
const placed: { id: number; seq: number }[] = [];

const alarm = (code: number) =>
  sql`insert into alarms (distributor_id, company_id, station_id, kind, tank_id, code, source, started_at)
      select distributor_id, company_id, id, 'level', null, ${code}, 'device', now() from stations returning id`;

beforeAll(async () => {
  ({ database, close } = await databaseMigratedTo(29, 'alarm-feed-migration'));
  const { db } = database;
  await db.execute(sql`insert into distributors (name) values ('D')`);
  await db.execute(sql`insert into companies (distributor_id, name, code) select id, 'C', 'C1' from distributors`);
  await db.execute(sql`insert into stations (distributor_id, company_id, name, code, tax_number, timezone) select distributor_id, id, 'S', 'S1', 'T', 'UTC' from companies`);
  // Each its own transaction: numbered as it commits.
  for (const code of [1, 2, 3]) await db.execute(alarm(code));
  placed.push(...(await rawRows<{ id: number; seq: number }>(db, sql`select id::int, feed_seq::int as seq from alarms order by id`)));
}, 120_000);
afterAll(() => close?.());

describe('migrating the alarm feed’s places to a table of their own (0030)', () => {
  it('keeps every place given before, then places the next alarm after them, at its commit', async () => {
    expect(placed.map((p) => p.seq)).toEqual([1, 2, 3]);
    await database.migrate();
    const { db } = database;
    expect(await rawRows<{ id: number; seq: number }>(db, sql`select alarm_id::int as id, seq::int from alarm_feed order by seq`)).toEqual(placed);
    const [column] = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from information_schema.columns where table_name = 'alarms' and column_name = 'feed_seq'`);
    expect(column!.n).toBe(0);

    const inside = await db.transaction(async (tx) => {
      const [row] = await rawRows<{ id: number }>(tx as unknown as typeof db, alarm(4));
      // Not placed before its transaction commits: an alarm visible in the feed has every earlier place visible too.
      const [feed] = await rawRows<{ n: number }>(tx as unknown as typeof db, sql`select count(*)::int as n from alarm_feed where alarm_id = ${row!.id}`);
      return { id: Number(row!.id), placedBeforeCommit: feed!.n };
    });
    expect(inside.placedBeforeCommit).toBe(0);
    expect(await rawRows<{ id: number; seq: number }>(db, sql`select alarm_id::int as id, seq::int from alarm_feed where seq > 3`)).toEqual([{ id: inside.id, seq: 4 }]);
  });
});
