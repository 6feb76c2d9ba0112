import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { partitionsOf, upkeepPartitions } from '../../db/partitions';
import { rawRows } from '../../lib/raw-sql';
import { startTestApp, testDeviceKey, type TestContext } from '../../test/harness';
import { summariesFromRaw, storedSummaries } from '../../test/summaries';

/**
 * Issue 21, years of readings: readings are stored in month partitions (migration 0020), made
 * ahead by the upkeep job and on demand by ingest; retention drops whole months only; the hourly
 * and daily summaries ingest keeps equal what the raw rows give, late and resent readings too.
 */
let ctx: TestContext;
const NOW = Date.parse('2026-11-27T10:00:00Z');
const CODE = 'NWP-DX03';

beforeAll(async () => {
  ctx = await startTestApp({ clock: () => new Date(NOW) });
});
afterAll(() => ctx.close());

const send = async (readings: object[]) => {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/device/v1/stations/${CODE}/report`, payload: { readings }, headers: { authorization: `Bearer ${testDeviceKey(CODE)}` } });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.refused).toEqual([]);
  return res.json().data as { accepted: number };
};
const reading = (tank: string, iso: string, volumeL: number, temperatureC = 15) => ({ tank, ts: iso, productHeightMm: volumeL / 10, waterHeightMm: 3, temperatureC, volumeL });

/** Where each reading of the station is stored: partition name → count. */
const placement = () =>
  rawRows<{ part: string; n: number }>(
    ctx.db,
    sql`select r.tableoid::regclass::text as part, count(*)::int as n from tank_readings r join stations s on s.id = r.station_id where s.code = ${CODE} group by 1 order by 1`,
  ).then((rows) => Object.fromEntries(rows.map((r) => [r.part.replace(/^.*\./, ''), r.n])));

describe('month partitions', () => {
  it('puts readings of several months each in its month, making months nobody made yet', async () => {
    const before = await partitionsOf(ctx.db, 'tank_readings');
    expect(before).not.toContain('tank_readings_p202608');
    // Every minute from 23:58 on the last day of a month to 00:01 on the first of the next, August to November.
    const edges = ['2026-08-31T23:58:00Z', '2026-08-31T23:59:00Z', '2026-09-01T00:00:00Z', '2026-09-01T00:01:00Z', '2026-09-30T23:59:00Z', '2026-10-01T00:00:00Z', '2026-11-27T09:00:00Z'];
    const sent = await send(edges.map((ts, i) => reading('1', ts, 10_000 - i * 10)));
    expect(sent.accepted).toBe(7);
    expect(await placement()).toEqual({ tank_readings_p202608: 2, tank_readings_p202609: 3, tank_readings_p202610: 1, tank_readings_p202611: 1 });
    expect(await partitionsOf(ctx.db, 'tank_hourly')).toEqual(expect.arrayContaining(['tank_hourly_p202608', 'tank_hourly_p202609']));
  });

  it('puts a late reading, older than the tank’s newest, in its own month', async () => {
    const sent = await send([reading('1', '2026-10-15T12:00:00Z', 9_000)]);
    expect(sent.accepted).toBe(1);
    expect((await placement()).tank_readings_p202610).toBe(2);
  });

  it('keeps summaries equal to what the raw rows give, after late and resent readings', async () => {
    // Tank 2: a morning of readings, sent newest hour first, then one late reading inside the
    // first hour (before its first), one after its last, and the whole morning again.
    const morning = Array.from({ length: 180 }, (_, i) => reading('2', new Date(Date.parse('2026-11-20T06:00:30Z') + i * 60_000).toISOString(), 20_000 - i * 7, 14 + (i % 9) / 10));
    await send(morning.slice(120));
    await send(morning.slice(60, 120));
    await send(morning.slice(0, 60));
    await send([reading('2', '2026-11-20T06:00:05Z', 25_000, 30), reading('2', '2026-11-20T06:59:59Z', 1_000, 2)]);
    expect((await send(morning)).accepted).toBe(0);

    const tank = await tankId('2');
    const fromRaw = await summariesFromRaw(ctx.db, tank, 'hour');
    expect(fromRaw).toHaveLength(3);
    expect(await storedSummaries(ctx.db, tank, 'hour')).toEqual(fromRaw);
    expect(await storedSummaries(ctx.db, tank, 'day')).toEqual(await summariesFromRaw(ctx.db, tank, 'day'));
    // The late readings became the first hour's first and last, and its extremes.
    expect(fromRaw[0]).toMatchObject({ n: 62, first_volume_l: 25_000, last_volume_l: 1_000, max_volume_l: 25_000, min_volume_l: 1_000, max_temperature_c: 30 });
  });

  it('keeps tank 1’s summaries across its months equal to the raw rows too', async () => {
    const tank = await tankId('1');
    expect(await storedSummaries(ctx.db, tank, 'hour')).toEqual(await summariesFromRaw(ctx.db, tank, 'hour'));
    expect(await storedSummaries(ctx.db, tank, 'day')).toEqual(await summariesFromRaw(ctx.db, tank, 'day'));
  });
});

describe('partition upkeep', () => {
  it('makes this month and the two after it ahead of time', async () => {
    const result = await upkeepPartitions(ctx.db, Date.parse('2027-02-10T00:00:00Z'), null);
    const parts = await partitionsOf(ctx.db, 'tank_readings');
    expect(parts).toEqual(expect.arrayContaining(['tank_readings_p202702', 'tank_readings_p202703', 'tank_readings_p202704']));
    expect(await partitionsOf(ctx.db, 'tank_hourly')).toEqual(expect.arrayContaining(['tank_hourly_p202704']));
    expect(result.dropped).toEqual([]);
    // A second round has nothing left to make.
    expect((await upkeepPartitions(ctx.db, Date.parse('2027-02-10T00:00:00Z'), null)).made).toBe(0);
  });

  it('leaves room on the summaries’ pages and keeps their keys narrow, so that ingest updates them in place (HOT)', async () => {
    // Migration 0022: a key that INCLUDEs a column ingest changes, or full pages, make every
    // summary update write index entries as well; the ingest bench counts n_tup_hot_upd.
    const options = await rawRows<{ relname: string; reloptions: string[] | null }>(
      ctx.db,
      sql`select relname, reloptions from pg_class where relname in ('tank_daily', 'tank_latest', 'tank_hourly_p202704', 'tank_readings_p202704') order by relname`,
    );
    expect(options.map((o) => [o.relname, o.reloptions])).toEqual([
      ['tank_daily', ['fillfactor=50']],
      ['tank_hourly_p202704', ['fillfactor=50']],
      ['tank_latest', ['fillfactor=50']],
      ['tank_readings_p202704', null],
    ]);
    const keys = await rawRows<{ indexdef: string }>(ctx.db, sql`select indexdef from pg_indexes where indexname in ('tank_daily_pk', 'tank_hourly_pk') order by indexname`);
    expect(keys.map((k) => k.indexdef.replace(/^.* USING /, ''))).toEqual(['btree (tank_id, day)', 'btree (tank_id, hour)']);
  });

  it('drops only whole months older than the retention, readings and hourly summaries, and keeps the daily ones', async () => {
    const tank = await tankId('1');
    const dailyBefore = await storedSummaries(ctx.db, tank, 'day');
    // Kept for 2 months on 27 November: September onward stays, August goes.
    const result = await upkeepPartitions(ctx.db, NOW, 2);
    expect(result.dropped.sort()).toEqual(['tank_hourly_p202608', 'tank_readings_p202608']);
    expect(await placement()).toEqual({ tank_readings_p202609: 3, tank_readings_p202610: 2, tank_readings_p202611: 182 + 1 });
    const [oldest] = await rawRows<{ ts: Date | string }>(ctx.db, sql`select min(ts) as ts from tank_readings where tank_id = ${tank}`);
    expect(new Date(oldest!.ts).toISOString()).toBe('2026-09-01T00:00:00.000Z');
    expect(await storedSummaries(ctx.db, tank, 'day')).toEqual(dailyBefore);
    // Nothing more to drop on the same day.
    expect((await upkeepPartitions(ctx.db, NOW, 2)).dropped).toEqual([]);
  });

  it('makes a dropped month again when a device sends a reading of it', async () => {
    expect((await send([reading('3', '2026-08-15T00:00:00Z', 5_000)])).accepted).toBe(1);
    expect((await placement()).tank_readings_p202608).toBe(1);
  });
});

async function tankId(code: string): Promise<number> {
  const [row] = await rawRows<{ id: number }>(ctx.db, sql`select t.id from tanks t join stations s on s.id = t.station_id where s.code = ${CODE} and t.code = ${code}`);
  return row!.id;
}
