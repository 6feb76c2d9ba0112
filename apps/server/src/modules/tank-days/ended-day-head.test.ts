import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayWindow } from '@ullage/domain/station-day';
import { rawRows } from '../../lib/raw-sql';
import { ADMIN_PASSWORD, deviceReport, signIn, startTestApp, type TestContext } from '../../test/harness';
import { withRowsAside } from '../../test/rows-aside';
import { tanksToBook } from './books-repo';
import { figureHeads, headDayOf } from './day-heads';
import { readTankDays } from './figures';

/**
 * A day that has ended but is not yet final (its book is written an hour after its end) read
 * from its kept head and the readings after it (issue 35): in these runs the daily report read
 * 203 such days whole, 1,440 readings each, on every call. NWP-MD06 (Europe/Madrid, UTC+1 in
 * November), the clock at 23:30 UTC on 20 November: Madrid's 20th ended half an hour ago, its
 * 21st began then. Tank 1 read every 5 minutes through the 20th, silent 25 minutes early in the
 * day (a gap in the head) and 20 minutes across 22:00 UTC; the head reaches the day's end.
 */
const ZONE = 'Europe/Madrid';
const MINUTE = 60_000;
const NOW = Date.parse('2026-11-20T23:30:00Z');
const DAY = dayWindow('2026-11-20', ZONE);
const SILENT = Date.parse('2026-11-20T22:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const reading = (tsMs: number) => ({ tank: '1', ts: iso(tsMs), productHeightMm: 1_500, waterHeightMm: 5, temperatureC: 18, volumeL: 20_000 - (tsMs - DAY.startMs) / MINUTE, tcVolumeL: 20_000 });
let ctx: TestContext;
let clockMs = NOW;
let cookie = '';
let tankId = 0;
let stationId = 0;

interface Row {
  tankId: number;
  day: string;
  firstReadingAt: string | null;
  lastReadingAt: string | null;
  gapCount: number;
  gaps: { from: string; to: string }[];
}
async function ended(): Promise<Row> {
  const json = (await ctx.app.inject({ method: 'GET', url: `/api/report/inventory/daily/list?fromDay=${DAY.day}&toDay=${DAY.day}&q=NWP-MD06&pageSize=100`, headers: { cookie, language: 'en' } })).json() as { code: number; data: { list: Row[] } };
  expect(json.code).toBe(1000);
  return json.data.list.find((r) => r.tankId === tankId)!;
}
const whole = () => withRowsAside(ctx.db, 'tank_day_heads', ended);

beforeAll(async () => {
  ctx = await startTestApp({ clock: () => new Date(clockMs) });
  cookie = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
  const [tank] = await rawRows<{ id: number; station_id: number }>(ctx.db, sql`select t.id, t.station_id from tanks t join stations s on s.id = t.station_id where s.code = 'NWP-MD06' and t.code = '1'`);
  tankId = tank!.id;
  stationId = tank!.station_id;
  const times: number[] = [];
  for (let t = DAY.startMs; t < DAY.endMs; t += 5 * MINUTE) {
    const inHeadGap = t > DAY.startMs + 30 * MINUTE && t < DAY.startMs + 55 * MINUTE;
    const acrossTheEnd = t > SILENT - 10 * MINUTE && t < SILENT + 10 * MINUTE;
    if (!inHeadGap && !acrossTheEnd) times.push(t);
  }
  for (let i = 0; i < times.length; i += 100) {
    const res = await deviceReport(ctx.app, 'NWP-MD06', { readings: times.slice(i, i + 100).map(reading) });
    expect(res.json().data.refused).toEqual([]);
  }
  // The book job's heads round at NOW; the marks of the readings sent are older than ten seconds by then.
  await ctx.db.execute(sql`delete from forecast_profile_marks where station_id = ${stationId}`);
}, 60_000);
afterAll(() => ctx?.close());

describe('a day ended but not yet final, from its head', () => {
  it('the head is kept for the ended day in the hour after its end, and for no day in the hour after that', () => {
    expect(headDayOf(ZONE, NOW)).toMatchObject({ day: '2026-11-20', startMs: DAY.startMs });
    // 00:30 UTC: the 20th is final (its book), the 21st is an hour and a half old (no whole hour behind the last).
    expect(headDayOf(ZONE, NOW + 60 * MINUTE)).toBeNull();
    // 01:30 UTC: the 21st's own head.
    expect(headDayOf(ZONE, NOW + 120 * MINUTE)).toMatchObject({ day: '2026-11-21' });
  });

  it('gives the ended day’s row exactly as reading it whole, and is what the report reads', async () => {
    expect(await figureHeads(ctx.db, await tanksToBook(ctx.db, [tankId]), NOW, (days) => readTankDays(ctx.db, days))).toBe(1);
    const [head] = await rawRows<{ day: string; until_ms: number }>(ctx.db, sql`select day::text as day, (extract(epoch from until_ts) * 1000)::float8 as until_ms from tank_day_heads where tank_id = ${tankId}`);
    expect([head!.day, Number(head!.until_ms)]).toEqual([DAY.day, DAY.endMs]);
    const row = await ended();
    expect(row.gapCount).toBe(2);
    expect(row.gaps[1]).toEqual({ from: iso(SILENT - 10 * MINUTE), to: iso(SILENT + 10 * MINUTE) });
    expect(row.firstReadingAt).toBe(iso(DAY.startMs));
    expect(row.lastReadingAt).toBe(iso(DAY.endMs - 5 * MINUTE));
    expect(row).toEqual(await whole());
    // A reading written behind the ingest's back (no mark) closing the early gap: only the head hides it.
    await ctx.db.execute(sql`insert into tank_readings (tank_id, ts, station_id, type, product_height_mm, water_height_mm, temperature_c, volume_l, tc_volume_l)
      values (${tankId}, ${iso(DAY.startMs + 40 * MINUTE)}::timestamptz, ${stationId}, 1, 1500, 5, 18, 19960, 20000)`);
    expect((await ended()).gapCount).toBe(2);
    expect((await whole()).gapCount).toBe(1);
    // Whole, it is not moved again.
    expect(await figureHeads(ctx.db, await tanksToBook(ctx.db, [tankId]), NOW + 5 * MINUTE, (days) => readTankDays(ctx.db, days))).toBe(0);
  });

  it('still stands for the ended day once it is final, until the book job has written its book', async () => {
    // 00:31 UTC: the 20th is final, and no book of it is written (no job runs here). The head is
    // read, not the whole day: it still hides the reading written behind the ingest's back.
    clockMs = NOW + 61 * MINUTE;
    expect(headDayOf(ZONE, clockMs)).toBeNull();
    expect((await ended()).gapCount).toBe(2);
    expect((await whole()).gapCount).toBe(1);
  });
});
