import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { monthKey } from '@ullage/domain/reading-months';
import { rawRows } from '../lib/raw-sql';
import { databaseMigratedTo } from '../test/migrated-database';
import { storedSummaries, summariesFromRaw } from '../test/summaries';
import type { Database } from './client';
import { partitionsOf } from './partitions';

/**
 * Issue 21: an existing database, with readings in the one unpartitioned table of migrations
 * 0000–0019, migrates to month partitions (0020) without losing a row, and gets the summaries
 * its readings would have had from ingest.
 */
const LAST_BEFORE = 19;
let database: Database;
let close: () => Promise<void>;

// Three tanks over three months across a new year, every 10 minutes, and one reading from a
// device whose clock said 1999.
const T0 = Date.parse('2025-12-20T00:00:00Z');
const STEPS = 6 * 24 * 45;

beforeAll(async () => {
  ({ database, close } = await databaseMigratedTo(LAST_BEFORE, 'readings-migration'));
  await database.db.execute(sql`
    insert into tank_readings (tank_id, ts, station_id, type, product_height_mm, water_height_mm, temperature_c, volume_l, tc_volume_l, water_volume_l)
    select t, ${new Date(T0).toISOString()}::timestamptz + g * interval '10 minutes', 1, 2, 1000 + (g * t) % 700, 5, 10 + (g % 50) / 10.0, 20000 - (g * 3 + t) % 9000, 19900, case when g % 2 = 0 then null else 50 end
    from generate_series(0, ${STEPS - 1}) g, generate_series(1, 3) t`);
  await database.db.execute(sql`
    insert into tank_readings (tank_id, ts, station_id, type, product_height_mm, water_height_mm, temperature_c, volume_l, tc_volume_l, water_volume_l)
    values (2, '1999-12-31T23:59:00Z', 1, 2, 1, 2, 3, 4, 5, null)`);
}, 120_000);
afterAll(() => close?.());

const fingerprint = () =>
  rawRows<{ n: number; volume: number; water_nulls: number; first: string; last: string }>(
    database.db,
    sql`select count(*)::int as n, sum(volume_l)::float8 as volume, count(*) filter (where water_volume_l is null)::int as water_nulls,
          min(ts)::text as first, max(ts)::text as last from tank_readings`,
  ).then((rows) => rows[0]!);

describe('migrating an existing database to month partitions (0020)', () => {
  it('keeps every reading, each in the partition of its month', async () => {
    const before = await fingerprint();
    expect(before.n).toBe(STEPS * 3 + 1);
    await database.migrate();
    expect(await fingerprint()).toEqual(before);

    const placed = await rawRows<{ part: string; ts_ms: number }>(
      database.db,
      sql`select r.tableoid::regclass::text as part, extract(epoch from min(ts))::float8 * 1000 as ts_ms from tank_readings r group by 1`,
    );
    for (const p of placed) expect(p.part.replace(/^.*\./, '')).toBe(`tank_readings_p${monthKey(p.ts_ms)}`);
    const parts = await partitionsOf(database.db, 'tank_readings');
    // Months with readings, and only those (no 1999–2025 run of empty months), plus this month and two ahead.
    expect(parts).toEqual(expect.arrayContaining(['tank_readings_p199912', 'tank_readings_p202512', 'tank_readings_p202601', 'tank_readings_p202602', `tank_readings_p${monthKey(Date.now())}`]));
    expect(parts).not.toContain('tank_readings_p200001');
    expect(parts.length).toBeLessThanOrEqual(4 + 3);
    const [kind] = await rawRows<{ kind: string }>(database.db, sql`select relkind::text as kind from pg_class where oid = 'tank_readings'::regclass`);
    expect(kind!.kind).toBe('p');
  });

  it('gives the readings the hourly and daily summaries ingest would have kept', async () => {
    for (const tank of [1, 2, 3]) {
      const hourly = await summariesFromRaw(database.db, tank, 'hour');
      expect(hourly.length).toBe(tank === 2 ? 45 * 24 + 1 : 45 * 24);
      expect(await storedSummaries(database.db, tank, 'hour')).toEqual(hourly);
      expect(await storedSummaries(database.db, tank, 'day')).toEqual(await summariesFromRaw(database.db, tank, 'day'));
    }
  });

  it('leaves the covering key in place on every partition', async () => {
    const [key] = await rawRows<{ keys: number; all: number }>(
      database.db,
      sql`select indnkeyatts::int as keys, indnatts::int as "all" from pg_index where indexrelid = 'tank_readings_tank_id_ts_pk'::regclass`,
    );
    expect(key).toEqual({ keys: 2, all: 6 });
  });
});
