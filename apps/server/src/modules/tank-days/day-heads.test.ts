import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf, dayWindow } from '@ullage/domain/station-day';
import { rawRows } from '../../lib/raw-sql';
import { ADMIN_PASSWORD, deviceReport, signIn, startTestApp, type TestContext } from '../../test/harness';
import { withRowsAside } from '../../test/rows-aside';
import { tanksToBook } from './books-repo';
import { LATE_READING_MS } from '../forecast/profile-marks';
import { figureHeads, HEAD_LAG_MS, headUntilMs } from './day-heads';
import { readTankDays } from './figures';

/**
 * The running day read from its kept head and the readings after it (issue 35): the daily
 * report's row of today is the same as reading the whole day, a head moved on reads only the
 * readings since its end, and late data makes the head unread. One tank of a demo station whose
 * day began at least four hours ago (Shanghai or Madrid, whichever it is), read every 5 minutes
 * since its midnight, silent 25 minutes early in the day (a gap in the head) and 20 minutes
 * across the head's end, ten minutes back (a gap the join must find).
 */
let ctx: TestContext;
let cookie = '';
let tankId = 0;
let stationId = 0;
const MINUTE = 60_000;
// On the readings' 5-minute grid, so the head's end (ten minutes back) is too.
const NOW = Math.floor(Date.now() / (5 * MINUTE)) * 5 * MINUTE;
const station = (['NWP-SZ02', 'NWP-MD06'] as const).find((code) => {
  const zone = code === 'NWP-SZ02' ? 'Asia/Shanghai' : 'Europe/Madrid';
  const window = dayWindow(dayOf(NOW, zone), zone);
  return NOW - window.startMs > 4 * 60 * MINUTE && window.endMs - NOW > 30 * MINUTE;
})!;
const ZONE = station === 'NWP-SZ02' ? 'Asia/Shanghai' : 'Europe/Madrid';
const DAY = dayWindow(dayOf(NOW, ZONE), ZONE);
const UNTIL = headUntilMs(NOW);
const iso = (ms: number) => new Date(ms).toISOString();
const reading = (tsMs: number) => ({ tank: '1', ts: iso(tsMs), productHeightMm: 1_500, waterHeightMm: 5, temperatureC: 18, volumeL: 20_000 - (tsMs - DAY.startMs) / MINUTE, tcVolumeL: 20_000 });

async function send(readings: object[]) {
  const res = await deviceReport(ctx.app, station, { readings });
  expect(res.json().data.refused).toEqual([]);
}

interface Row {
  tankId: number;
  start: object | null;
  end: object | null;
  firstReadingAt: string | null;
  lastReadingAt: string | null;
  gapCount: number;
  gaps: { from: string; to: string }[];
}
async function today(): Promise<Row> {
  const json = (await ctx.app.inject({ method: 'GET', url: `/api/report/inventory/daily/list?fromDay=${DAY.day}&q=${station}&pageSize=100`, headers: { cookie, language: 'en' } })).json() as { code: number; data: { list: Row[] } };
  expect(json.code).toBe(1000);
  return json.data.list.find((r) => r.tankId === tankId)!;
}

/** The same row with no head: the whole day read. */
async function whole(): Promise<Row> {
  return withRowsAside(ctx.db, 'tank_day_heads', today);
}

/** Heads figured at `atMs`, as the book job does every minute; the marks of the readings sent before are older than ten seconds by then. */
async function figure(atMs = NOW) {
  await ctx.db.execute(sql`delete from forecast_profile_marks where station_id = ${stationId}`);
  return figureHeads(ctx.db, await tanksToBook(ctx.db, [tankId]), atMs, (days) => readTankDays(ctx.db, days));
}

const headUntil = async () => Number((await rawRows<{ until_ms: number }>(ctx.db, sql`select (extract(epoch from until_ts) * 1000)::float8 as until_ms from tank_day_heads where tank_id = ${tankId}`))[0]!.until_ms);
/** A reading written behind the ingest's back (no mark), closing the early gap (30 → 40 → 55: 10 and 15 minutes): only a head read before it hides it. */
const HIDDEN = DAY.startMs + 40 * MINUTE;
const writeHidden = () =>
  ctx.db.execute(sql`insert into tank_readings (tank_id, ts, station_id, type, product_height_mm, water_height_mm, temperature_c, volume_l, tc_volume_l)
    values (${tankId}, ${iso(HIDDEN)}::timestamptz, ${stationId}, 1, 1500, 5, 18, 19960, 20000)`);
/** Deleting it marks the station (a trigger): no head read before is read again. */
const deleteHidden = () => ctx.db.execute(sql`delete from tank_readings where tank_id = ${tankId} and ts = ${iso(HIDDEN)}::timestamptz`);

beforeAll(async () => {
  ctx = await startTestApp();
  cookie = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
  const [tank] = await rawRows<{ id: number; station_id: number }>(ctx.db, sql`select t.id, t.station_id from tanks t join stations s on s.id = t.station_id where s.code = ${station} and t.code = '1'`);
  tankId = tank!.id;
  stationId = tank!.station_id;
  const times: number[] = [];
  for (let t = DAY.startMs; t < NOW - MINUTE; t += 5 * MINUTE) {
    const inHeadGap = t > DAY.startMs + 30 * MINUTE && t < DAY.startMs + 55 * MINUTE;
    const acrossTheEnd = t > UNTIL - 15 * MINUTE && t < UNTIL + 5 * MINUTE;
    if (!inHeadGap && !acrossTheEnd) times.push(t);
  }
  for (let i = 0; i < times.length; i += 100) await send(times.slice(i, i + 100).map(reading));
}, 60_000);
afterAll(() => ctx?.close());

describe('the running day from its head', () => {
  it('gives today’s row exactly as reading the whole day: both gaps, the first and last readings', async () => {
    expect(UNTIL).toBe(NOW - HEAD_LAG_MS);
    expect(await figure()).toBeGreaterThan(0);
    expect(await headUntil()).toBe(UNTIL);
    const row = await today();
    expect(row.gapCount).toBe(2);
    expect(row.gaps[1]).toEqual({ from: iso(UNTIL - 15 * MINUTE), to: iso(UNTIL + 5 * MINUTE) });
    expect(row.firstReadingAt).toBe(iso(DAY.startMs));
    expect(row).toEqual(await whole());
  });

  it('is what the report reads: a reading written behind the ingest’s back (no mark) is not seen until the head goes', async () => {
    await writeHidden();
    expect((await today()).gapCount).toBe(2);
    expect((await whole()).gapCount).toBe(1);
    await deleteHidden();
    expect(await today()).toEqual(await whole());
  });

  it('moves on from its end, reading only the readings since: the same row as the whole day', async () => {
    // Five minutes earlier its end lies inside the silence across the end; moved on, the join still finds that gap.
    await figure(NOW - 5 * MINUTE);
    expect(await headUntil()).toBe(UNTIL - 5 * MINUTE);
    await writeHidden();
    expect(await figure()).toBe(1);
    expect(await headUntil()).toBe(UNTIL);
    // Read before the hidden reading, the head's part of the day was not read again.
    const row = await today();
    expect(row.gapCount).toBe(2);
    expect(row.gaps[1]).toEqual({ from: iso(UNTIL - 15 * MINUTE), to: iso(UNTIL + 5 * MINUTE) });
    expect((await whole()).gapCount).toBe(1);
    await deleteHidden();
    expect(await today()).toEqual(await whole());
  });

  it('ends ten minutes back, twice the lateness that marks a reading: a reading behind its end either marks it or was there when it was read', () => {
    expect(HEAD_LAG_MS).toBeGreaterThanOrEqual(2 * LATE_READING_MS);
  });

  it('is not read after a late reading through the device API: the report has it at once', async () => {
    await figure();
    expect((await today()).gapCount).toBe(2);
    await send([reading(DAY.startMs + 45 * MINUTE)]);
    const row = await today();
    expect(row.gapCount).toBe(1);
    expect(row).toEqual(await whole());
  });
});
