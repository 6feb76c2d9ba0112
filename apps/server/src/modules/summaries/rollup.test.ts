import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { SUMMARY_CHUNKS, summaryChunk } from '@ullage/domain/summary-plan';
import { rawRows } from '../../lib/raw-sql';
import { signIn, apiGet, ADMIN_PASSWORD, startTestApp, testDeviceKey, type TestContext } from '../../test/harness';
import { backend } from '../../test/databases';
import { storedSummaries, summariesFromRaw, type SummaryRow } from '../../test/summaries';
import { SUMMARY_LOCK } from './rollup-job';

/**
 * Issue 36: ingest merges only late readings into the summaries; the summaries job rolls up each
 * hour from the raw readings once it ended an hour ago, and each UTC day from its hours; readers
 * read what is not rolled up yet raw. At every step the long-term trend equals the raw readings'
 * means, and after each roll-up the stored rows equal what the raw rows give.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const H0 = Date.parse('2026-11-20T06:00:00Z');
const CODE = 'NWP-DX03';
let now = H0 + 2 * HOUR + 10 * 60_000;
let ctx: TestContext;
let cookie: string;
let tankId: number;
let stationId: number;

beforeAll(async () => {
  ctx = await startTestApp({ clock: () => new Date(now) });
  cookie = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
  const [row] = await rawRows<{ id: number; station_id: number }>(ctx.db, sql`select t.id, t.station_id from tanks t join stations s on s.id = t.station_id where s.code = ${CODE} and t.code = '1'`);
  ({ id: tankId, station_id: stationId } = row!);
  // As a database migrated at 06:00 that morning: what came before is summarised, the rest is not yet.
  await ctx.db.execute(sql`update summary_marks set hourly_until = ${new Date(H0).toISOString()}::timestamptz, daily_until = ${new Date(H0 - 6 * HOUR).toISOString()}::timestamptz`);
});
afterAll(() => ctx.close());

const reading = (tsMs: number, i: number) => ({ tank: '1', ts: new Date(tsMs).toISOString(), productHeightMm: 1000 + (i % 97), waterHeightMm: 3 + (i % 5), temperatureC: 14 + (i % 9) / 10, volumeL: 20_000 - i * 7 });
async function send(readings: object[]) {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/device/v1/stations/${CODE}/report`, payload: { readings }, headers: { authorization: `Bearer ${testDeviceKey(CODE)}` } });
  expect(res.json().data).toMatchObject({ refused: [] });
  return res.json().data as { accepted: number };
}
const rows = (bucket: 'hour' | 'day') => storedSummaries(ctx.db, tankId, bucket);
const raw = (bucket: 'hour' | 'day') => summariesFromRaw(ctx.db, tankId, bucket);
const at = (rowsOf: SummaryRow[], iso: string) => rowsOf.find((r) => r.bucket === new Date(iso).toISOString());
const marks = () => rawRows<{ h: string; d: string }>(ctx.db, sql`select distinct hourly_until::text as h, daily_until::text as d from summary_marks`);

/** The long-term trend of the tank over the days around the readings, and the raw readings' hourly means it must equal. */
async function trendAndRaw() {
  const from = H0 - 7 * DAY;
  const to = H0 + 7 * DAY;
  const q = `stationId=${stationId}&tankId=${tankId}&from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`;
  const answer = (await apiGet<{ readings: number; bucketSeconds: number; ts: number[]; volumeL: number[]; temperatureC: number[] }>(ctx.app, `/api/report/history/trend?${q}`, cookie)).data!;
  const means = await rawRows<{ ts: string; v: number; c: number; n: number }>(
    ctx.db,
    sql`select date_bin(${answer.bucketSeconds} * interval '1 second', ts, timestamptz '2000-01-01T00:00:00Z') as ts, avg(volume_l) as v, avg(temperature_c) as c, count(*)::int as n
        from tank_readings where tank_id = ${tankId} and ts >= ${new Date(from).toISOString()}::timestamptz and ts < ${new Date(to).toISOString()}::timestamptz group by 1 order by 1`,
  );
  return {
    trend: { readings: answer.readings, ts: answer.ts, volumeL: answer.volumeL, temperatureC: answer.temperatureC },
    raw: {
      readings: means.reduce((a, m) => a + m.n, 0),
      ts: means.map((m) => new Date(m.ts).getTime()),
      volumeL: means.map((m) => Math.round(Number(m.v) * 10) / 10),
      temperatureC: means.map((m) => Math.round(Number(m.c) * 100) / 100),
    },
  };
}

describe('summaries rolled up by their job (issue 36)', () => {
  it('does not summarise readings of hours not rolled up yet; the trend reads them raw', async () => {
    // Two hours of one reading a minute, from 06:00:30.
    expect((await send(Array.from({ length: 120 }, (_, i) => reading(H0 + 30_000 + i * 60_000, i)))).accepted).toBe(120);
    expect(await rows('hour')).toEqual([]);
    expect(await rows('day')).toEqual([]);
    const { trend, raw: fromRaw } = await trendAndRaw();
    expect(trend.readings).toBe(120);
    expect(trend).toEqual(fromRaw);
  });

  it('rolls up an hour once it ended an hour ago, as the raw rows give it, every chunk alike', async () => {
    expect(await ctx.app.summaries.runOnce()).toEqual({ hours: SUMMARY_CHUNKS, days: 0 });
    const fromRaw = await raw('hour');
    expect(await rows('hour')).toEqual([at(fromRaw, '2026-11-20T06:00Z')]);
    expect(at(fromRaw, '2026-11-20T06:00Z')).toMatchObject({ n: 60 });
    expect(await marks()).toEqual([{ h: '2026-11-20 07:00:00+00', d: '2026-11-20 00:00:00+00' }]);
    // Nothing more to do until the next hour is an hour old.
    expect(await ctx.app.summaries.runOnce()).toEqual({ hours: 0, days: 0 });
    const { trend, raw: means } = await trendAndRaw();
    expect(trend).toEqual(means);
  });

  it('merges a late reading into its rolled-up hour as it arrives, and leaves one of an hour not rolled up to the job', async () => {
    expect((await send([reading(H0 + 30 * 60_000 + 10_000, 500), reading(H0 + 90 * 60_000 + 10_000, 501), reading(H0 - 10 * 60_000, 502)])).accepted).toBe(3);
    const fromRaw = await raw('hour');
    expect(at(fromRaw, '2026-11-20T06:00Z')).toMatchObject({ n: 61 });
    // 05:00 (before the marks) and 06:00 (rolled up) are merged; 07:00 waits for the job.
    expect(await rows('hour')).toEqual([at(fromRaw, '2026-11-20T05:00Z'), at(fromRaw, '2026-11-20T06:00Z')]);
    const { trend, raw: means } = await trendAndRaw();
    expect(trend.readings).toBe(123);
    expect(trend).toEqual(means);
  });

  it('rolls up a UTC day from its hours once its last hour is rolled up', async () => {
    now = Date.parse('2026-11-21T00:59:00Z');
    expect(await ctx.app.summaries.runOnce()).toEqual({ hours: 16 * SUMMARY_CHUNKS, days: 0 });
    now = Date.parse('2026-11-21T01:05:00Z');
    expect(await ctx.app.summaries.runOnce()).toEqual({ hours: SUMMARY_CHUNKS, days: SUMMARY_CHUNKS });
    expect(await rows('hour')).toEqual(await raw('hour'));
    expect(await rows('day')).toEqual(await raw('day'));
    expect(await rows('day')).toEqual([expect.objectContaining({ bucket: '2026-11-20T00:00:00.000Z', n: 123 })]);
    expect(await marks()).toEqual([{ h: '2026-11-21 00:00:00+00', d: '2026-11-21 00:00:00+00' }]);
    const { trend, raw: means } = await trendAndRaw();
    expect(trend).toEqual(means);
  });

  it('a late reading of a rolled-up day is merged into its hour and its day', async () => {
    expect((await send([reading(H0 + 12 * HOUR, 600)])).accepted).toBe(1);
    expect(await rows('hour')).toEqual(await raw('hour'));
    expect(await rows('day')).toEqual(await raw('day'));
    expect((await rows('day'))[0]).toMatchObject({ n: 124 });
  });
});

describe.skipIf(backend() !== 'postgres')('the roll-up and a write in flight (PostgreSQL)', () => {
  it('waits for a write holding its chunk, and counts the reading that write committed', async () => {
    const hour = Date.parse('2026-11-21T00:00:00Z');
    const client = new pg.Client({ connectionString: ctx.config.databaseUrl });
    await client.connect();
    try {
      // As ingest writes an on-time reading: the chunk's lock shared, the reading, no merge.
      await client.query('begin');
      await client.query('select pg_advisory_xact_lock_shared($1, $2)', [SUMMARY_LOCK, summaryChunk(tankId)]);
      await client.query(
        `insert into tank_readings (tank_id, ts, station_id, type, product_height_mm, water_height_mm, temperature_c, volume_l, tc_volume_l, water_volume_l)
         values ($1, $2, $3, 2, 900, 4, 15, 9000, 8990, 40)`,
        [tankId, new Date(hour + 20 * 60_000).toISOString(), stationId],
      );
      now = hour + 2 * HOUR + 60_000;
      let done = false;
      const round = ctx.app.summaries.runOnce().then((r) => ((done = true), r));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(done).toBe(false);
      await client.query('commit');
      expect(await round).toEqual({ hours: SUMMARY_CHUNKS, days: 0 });
      expect(at(await rows('hour'), '2026-11-21T00:00Z')).toMatchObject({ n: 1, first_volume_l: 9000 });
    } finally {
      await client.end();
    }
  });
});
