import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForecastRow } from '@ullage/contracts/forecast';
import { pgArray, rawRows } from '../../lib/raw-sql';
import { ADMIN_PASSWORD, signIn, startTestApp, type TestContext, apiGet, sendReadings } from '../../test/harness';

/**
 * Issue 34 items 2 and 3. NWP-SH01's three tanks, each made 2,000 mm / 20,000 L with a straight
 * table (10 L/mm), sell 25 L every quarter hour from 06:00 to 22:00 Shanghai time (100 L/h,
 * 1,600 L a day), nothing at night, and are read every 15 minutes up to now, Monday 00:00:
 *  - tank 1: 14 days from 15,000 L, a tanker of 13,400 L on day 7 at 03:00; 6,000 L now, its low
 *    alarm (300 mm, 3,000 L) 44 h away (forecast.test.ts works it out) — not running out today;
 *  - tank 2: 7 days from 15,200 L, 4,000 L now: 1,000 L to its low alarm by 06:00 + 10 h = 16 h;
 *  - tank 3: 5 days from 19,100 L, 11,100 L now, its low warning and low alarm removed: empty after
 *    Monday to Saturday (6 × 1,600 = 9,600 L) and 1,500 L on Sunday, 06:00 + 15 h: 165 h, 6.9 days.
 * The readings arrive as the demo's first start replays its history: oldest first, a day at a
 * time for the whole station, with the run-out job running between the days on the present clock.
 */
const SH_OFFSET = 8 * 3_600_000;
const H = 3_600_000;
const DAY = 24 * H;
const NOW = Date.parse('2026-11-01T16:00:00Z'); // Monday 2026-11-02 00:00 in Shanghai
let ctx: TestContext;
let admin = '';
let companyId = 0;
const tankIds: Record<string, number> = {};

interface Reading {
  tank: string;
  ts: string;
  productHeightMm: number;
  waterHeightMm: number;
  temperatureC: number;
  volumeL: number;
}

/** A tank's readings every 15 minutes over [NOW − days, NOW], from `startL`; a tanker of 2 × 6,700 L at 03:00 and 03:15 on day `tankerDay`. */
function readings(tank: string, days: number, startL: number, tankerDay?: number): Reading[] {
  const out: Reading[] = [];
  let volume = startL;
  for (let t = NOW - days * DAY; t <= NOW; t += 15 * 60_000) {
    const localMinute = Math.floor(((t + SH_OFFSET) % DAY) / 60_000);
    if (localMinute >= 360 && localMinute < 1320) volume -= 25;
    if (Math.floor((t - (NOW - days * DAY)) / DAY) === tankerDay && (localMinute === 180 || localMinute === 195)) volume += 6_700;
    out.push({ tank, ts: new Date(t).toISOString(), productHeightMm: volume / 10, waterHeightMm: 0, temperatureC: 18, volumeL: volume });
  }
  return out;
}

const rowOf = async (tank: string, query = '') => {
  const json = await apiGet<{ list: ForecastRow[] }>(ctx.app, `/api/forecast/list?tankId=${tankIds[tank]}&${query}`, admin);
  expect(json.code, json.msg).toBe(1000);
  return json.data.list[0];
};
const runOutAlarms = async () =>
  (await apiGet<{ list: { tankId: number; endedAt: string | null }[] }>(ctx.app, '/api/alarm/list?kind=level&code=62&pageSize=50', admin)).data.list;

beforeAll(async () => {
  ctx = await startTestApp({ clock: () => new Date(NOW) });
  admin = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
  for (const r of await rawRows<{ id: number; code: string; company_id: number }>(ctx.db, sql`select t.id, t.code, t.company_id from tanks t join stations s on s.id = t.station_id where s.code = 'NWP-SH01'`)) {
    tankIds[r.code] = r.id;
    companyId = r.company_id;
  }
  const ids = [tankIds['1']!, tankIds['2']!, tankIds['3']!];
  await ctx.db.execute(sql`update tanks set height_mm = 2000, volume_l = 20000, strapping = '[{"heightMm":0,"volumeL":0},{"heightMm":2000,"volumeL":20000}]'::jsonb,
    low_oil_warn_mm = 500, low_oil_alarm_mm = 300, high_oil_warn_mm = 1900, high_oil_alarm_mm = 1950 where id = any(${pgArray(ids)}::int[])`);
  await ctx.db.execute(sql`update tanks set low_oil_warn_mm = null, low_oil_alarm_mm = null where id = ${tankIds['3']}`);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('the run-out alarm judges the present, not a replay of the past (issue 34 item 2)', () => {
  it('opens nothing while old readings are replayed, then opens for the tank that runs out now', async () => {
    const all = [...readings('1', 14, 15_000, 7), ...readings('2', 7, 15_200), ...readings('3', 5, 19_100)].sort((a, b) => a.ts.localeCompare(b.ts));
    expect(all.filter((r) => r.tank === '2').at(-1)!.volumeL).toBe(4_000);
    for (let day = 14; day >= 1; day--) {
      // The day [NOW − day, NOW − day + 1 d), the last one up to and with NOW.
      const from = new Date(NOW - day * DAY).toISOString();
      const to = new Date(NOW - (day - 1) * DAY).toISOString();
      await sendReadings(ctx.app, 'NWP-SH01', all.filter((r) => r.ts >= from && (day === 1 ? r.ts <= to : r.ts < to)));
      const round = await ctx.app.runOutForecast.runOnce();
      // A week ago tank 1 was a day from its low alarm, and tank 2 days from it: states the tanks have left.
      if (day > 1) expect({ day, opened: round.opened }).toEqual({ day, opened: 0 });
      else expect(round.opened).toBe(1);
    }
    expect((await runOutAlarms()).map((a) => [a.tankId, a.endedAt])).toEqual([[tankIds['2'], null]]);
    expect(await rowOf('2')).toMatchObject({ hoursToLowAlarm: 16, hoursToRunOut: 16, runOutTarget: 'lowAlarm' });
    expect(await rowOf('1')).toMatchObject({ hoursToLowAlarm: 44, hoursToRunOut: 44 });
  });
});

describe('a tank without a low alarm runs out when it is empty (issue 34 item 3)', () => {
  it('answers its time to empty, and that no low threshold is set', async () => {
    expect(await rowOf('3')).toMatchObject({
      volumeL: 11_100,
      lowWarningSet: false,
      lowAlarmSet: false,
      hoursToLowWarning: null,
      hoursToLowAlarm: null,
      hoursToEmpty: 165,
      runOutTarget: 'empty',
      hoursToRunOut: 165,
      runOutAt: new Date(NOW + 165 * H).toISOString(),
      basis: { source: 'derived', weeks: 0, days: 5 },
    });
    expect(await rowOf('1')).toMatchObject({ lowWarningSet: true, lowAlarmSet: true, runOutTarget: 'lowAlarm', hoursToRunOut: 44, runOutAt: new Date(NOW + 44 * H).toISOString() });
  });

  it('is among the tanks running out within a horizon, soonest first', async () => {
    const json = await apiGet<{ list: ForecastRow[] }>(ctx.app, `/api/forecast/list?stationId=${(await rowOf('1'))!.stationId}&withinHours=168`, admin);
    expect(json.data.list.map((r) => r.tankId)).toEqual([tankIds['2'], tankIds['1'], tankIds['3']]);
  });

  it('opens the run-out alarm when it is forecast empty within the horizon', async () => {
    // A week's horizon: tank 3 empty in 165 h, tank 1 at its low alarm in 44 h.
    await ctx.db.execute(sql`update companies set run_out_horizon_hours = 168 where id = ${companyId}`);
    expect((await ctx.app.runOutForecast.runOnce()).opened).toBe(2);
    expect((await runOutAlarms()).filter((a) => a.endedAt === null).map((a) => a.tankId).sort((a, b) => a - b)).toEqual([tankIds['1'], tankIds['2'], tankIds['3']].sort((a, b) => a! - b!));
  });
});
