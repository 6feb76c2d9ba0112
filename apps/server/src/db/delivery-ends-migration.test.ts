import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rawRows } from '../lib/raw-sql';
import { databaseMigratedTo } from '../test/migrated-database';
import type { Database } from './client';

/**
 * Issue 35: deliveries detected before migration 0031 get their start and end readings'
 * heights, water, temperatures and compensated volumes, as the ingest now keeps them; a
 * device's delivery keeps what the device reported, nulls included.
 */
const LAST_BEFORE = 30;
let database: Database;
let close: () => Promise<void>;

// This hour: a new database has the readings' partitions of this month and the two after it.
const T0 = Math.floor(Date.now() / 3_600_000) * 3_600_000;
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

beforeAll(async () => {
  ({ database, close } = await databaseMigratedTo(LAST_BEFORE, 'delivery-ends-migration'));
  // The least of an organisation the deliveries can belong to.
  await database.db.execute(sql`insert into distributors (id, name) overriding system value values (1, 'D')`);
  await database.db.execute(sql`insert into companies (id, distributor_id, code, name) overriding system value values (2, 1, 'C', 'C')`);
  await database.db.execute(sql`
    insert into stations (id, distributor_id, company_id, code, name, tax_number, timezone) overriding system value values (3, 1, 2, 'S', 'S', 'T', 'UTC')`);
  await database.db.execute(sql`
    insert into tanks (id, distributor_id, company_id, station_id, code, height_mm, volume_l) overriding system value
    values (7, 1, 2, 3, '1', 2000, 20000), (8, 1, 2, 3, '2', 2000, 20000), (9, 1, 2, 3, '3', 2000, 20000)`);
  await database.db.execute(sql`
    insert into tank_readings (tank_id, ts, station_id, type, product_height_mm, water_height_mm, temperature_c, volume_l, tc_volume_l)
    values (7, ${at(0)}, 3, 2, 500, 12, 14.5, 5000, 4990), (7, ${at(20)}, 3, 2, 900, 11, 16, 9000, 8970),
           (8, ${at(0)}, 3, 2, 300, 0, 20, 3000, 2990), (8, ${at(10)}, 3, 2, 600, 0, 21, 6000, 5980)`);
  await database.db.execute(sql`
    insert into deliveries (distributor_id, company_id, station_id, tank_id, source, started_at, start_volume_l, last_rise_at, end_volume_l, ended_at, start_height_mm)
    values (1, 2, 3, 7, 'detected', ${at(0)}, 5000, ${at(20)}, 9000, ${at(20)}, null),
           (1, 2, 3, 8, 'detected', ${at(0)}, 3000, ${at(10)}, 6000, null, null),
           (1, 2, 3, 9, 'device', ${at(0)}, 1000, ${at(30)}, 2000, ${at(30)}, 111)`);
}, 120_000);
afterAll(() => close?.());

const ends = () =>
  rawRows<Record<string, number | string | null>>(
    database.db,
    sql`select tank_id, start_height_mm, start_water_height_mm, start_temperature_c, start_tc_volume_l,
          end_height_mm, end_water_height_mm, end_temperature_c, end_tc_volume_l from deliveries order by tank_id`,
  );

describe('migration 0031: detected deliveries keep their end readings’ figures', () => {
  it('fills them from the readings at the start and at the last rise, open or ended, and leaves a device’s delivery as it was', async () => {
    const blank = { start_height_mm: null, start_water_height_mm: null, start_temperature_c: null, start_tc_volume_l: null, end_height_mm: null, end_water_height_mm: null, end_temperature_c: null, end_tc_volume_l: null };
    expect(await ends()).toEqual([
      { tank_id: 7, ...blank },
      { tank_id: 8, ...blank },
      { tank_id: 9, ...blank, start_height_mm: 111 },
    ]);
    await database.migrate();
    expect(await ends()).toEqual([
      { tank_id: 7, start_height_mm: 500, start_water_height_mm: 12, start_temperature_c: 14.5, start_tc_volume_l: 4990, end_height_mm: 900, end_water_height_mm: 11, end_temperature_c: 16, end_tc_volume_l: 8970 },
      // Open: its end is the reading of its last rise.
      { tank_id: 8, start_height_mm: 300, start_water_height_mm: 0, start_temperature_c: 20, start_tc_volume_l: 2990, end_height_mm: 600, end_water_height_mm: 0, end_temperature_c: 21, end_tc_volume_l: 5980 },
      { tank_id: 9, ...blank, start_height_mm: 111 },
    ]);
  });
});
