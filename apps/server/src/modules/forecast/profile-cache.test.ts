import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForecastRow } from '@ullage/contracts/forecast';
import { rawRows } from '../../lib/raw-sql';
import { ADMIN_PASSWORD, apiGet, sendReadings, signIn, startTestApp, testDeviceKey, type TestContext } from '../../test/harness';
import { countingStatements } from '../../test/count-statements';
import { clearOldMarks, keptProfiles } from './profile-cache';
import { forecastsOf, waitsFor } from './service';

/**
 * Issue 35: the forecast list reads each tank's sales profile kept for the hour, and data of an
 * earlier hour or a settings change makes the database forget it (migration 0028), so the
 * figures are always those a computation from the data gives. NWP-SH01 tank 1 sends seven days
 * of readings, 25 L sold every quarter hour from 06:00 to 22:00 UTC; tank 2 is metered, 50 L at
 * half past every hour.
 */
const H = 3_600_000;
const NOW = Date.parse('2026-11-02T00:20:00Z');
const HOUR_END = Math.floor(NOW / H) * H;
let ctx: TestContext;
let admin = '';
let station = 0;
const tank: Record<'1' | '2', number> = { '1': 0, '2': 0 };

const list = async () => {
  const json = await apiGet<{ list: ForecastRow[] }>(ctx.app, `/api/forecast/list?stationId=${station}&pageSize=50`, admin);
  expect(json.code, json.msg).toBe(1000);
  return json.data.list.sort((a, b) => a.tankId - b.tankId);
};
const kept = async () => rawRows<{ tank_id: number; hour_end: Date | string }>(ctx.db, sql`select tank_id, hour_end from forecast_profiles where station_id = ${station} order by tank_id`);
const marks = async () => (await rawRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from forecast_profile_marks where station_id = ${station}`))[0]!.n;
/** As a minute later: the marks of the writes so far are older than any computation from now on. */
const aMinuteLater = () => ctx.db.execute(sql`update forecast_profile_marks set forgotten_at = forgotten_at - interval '1 minute'`);
/** A device report to NWP-SH01, as the station sends it. */
const report = async (body: object) => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/device/v1/stations/NWP-SH01/report', headers: { authorization: `Bearer ${testDeviceKey('NWP-SH01')}` }, payload: body });
  expect(res.json()).toMatchObject({ code: 1000, data: { refused: [] } });
};
/** The list as a computation from the data alone gives it: nothing kept. */
const computedAfresh = async () => {
  await ctx.db.execute(sql`delete from forecast_profiles`);
  return list();
};

beforeAll(async () => {
  ctx = await startTestApp({ clock: () => new Date(NOW) });
  admin = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
  for (const r of await rawRows<{ id: number; code: '1' | '2'; station_id: number }>(ctx.db, sql`select t.id, t.code, t.station_id from tanks t join stations s on s.id = t.station_id where s.code = 'NWP-SH01' and t.code in ('1', '2')`)) {
    tank[r.code] = r.id;
    station = r.station_id;
  }
  await ctx.db.execute(sql`update stations set timezone = 'UTC' where id = ${station}`);
  await ctx.db.execute(sql`update tanks set height_mm = 2000, volume_l = 20000, strapping = '[{"heightMm":0,"volumeL":0},{"heightMm":2000,"volumeL":20000}]'::jsonb,
    low_oil_warn_mm = 500, low_oil_alarm_mm = 300 where id in (${tank['1']}, ${tank['2']})`);
  const readings: object[] = [];
  let volume = 19_000;
  for (let t = NOW - 7 * 24 * H; t <= NOW; t += 15 * 60_000) {
    const minute = Math.floor((t % (24 * H)) / 60_000);
    if (minute >= 360 && minute < 1320) volume -= 25;
    readings.push({ tank: '1', ts: new Date(t).toISOString(), productHeightMm: volume / 10, waterHeightMm: 0, temperatureC: 18, volumeL: volume });
  }
  readings.push({ tank: '2', ts: new Date(NOW).toISOString(), productHeightMm: 1000, waterHeightMm: 0, temperatureC: 18, volumeL: 10_000 });
  await sendReadings(ctx.app, 'NWP-SH01', readings);
  await ctx.db.execute(sql`insert into metered_sales (station_id, target, tank_id, sale_key, ts, volume_l)
    select ${station}, ${`t${tank['2']}`}, ${tank['2']}, 'k' || g, ${new Date(NOW - 7 * 24 * H).toISOString()}::timestamptz + (g * interval '1 hour') + interval '30 minutes', 50
    from generate_series(0, 7 * 24 - 1) g`);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('sales profiles kept for the hour', () => {
  it('keeps each tank’s profile as of the hour and answers the same from it', async () => {
    await ctx.db.execute(sql`delete from forecast_profiles`);
    await aMinuteLater();
    const first = await list();
    expect(first.find((r) => r.tankId === tank['1'])).toMatchObject({ basis: { source: 'derived', weeks: 1 } });
    expect(first.find((r) => r.tankId === tank['2'])).toMatchObject({ basis: { source: 'metered', weeks: 1 }, next24hSalesL: 1_200 });
    const rows = await kept();
    expect(rows.map((r) => r.tank_id)).toEqual(expect.arrayContaining([tank['1'], tank['2']]));
    expect(rows.every((r) => new Date(r.hour_end).getTime() === HOUR_END)).toBe(true);
    expect((await keptProfiles(ctx.db, [tank['1'], tank['2']], HOUR_END)).size).toBe(2);
    expect(await list()).toEqual(first);
  });

  it('forgets a tank’s profile when a reading of an earlier hour arrives: the figures are those of the data', async () => {
    const before = (await list()).find((r) => r.tankId === tank['1'])!;
    // Last Monday at 11:52 (the week's only Monday 11:00, which the next 24 hours repeat): 200 L
    // under the 11:50 reading, so that hour sold 200 L more (and 12:00's rise back makes it unknown).
    const late = NOW - 7 * 24 * H - 20 * 60_000 + 11 * H + 52 * 60_000;
    const [at1150] = await rawRows<{ volume_l: number }>(ctx.db, sql`select volume_l from tank_readings where tank_id = ${tank['1']} and ts = ${new Date(late - 2 * 60_000).toISOString()}::timestamptz`);
    const volumeL = at1150!.volume_l - 200;
    await sendReadings(ctx.app, 'NWP-SH01', [{ tank: '1', ts: new Date(late).toISOString(), productHeightMm: volumeL / 10, waterHeightMm: 0, temperatureC: 18, volumeL }]);
    expect(await keptProfiles(ctx.db, [tank['1'], tank['2']], HOUR_END)).toEqual(new Map());
    const after = (await list()).find((r) => r.tankId === tank['1'])!;
    expect(after.next24hSalesL).not.toBe(before.next24hSalesL);
    expect(after).toEqual((await computedAfresh()).find((r) => r.tankId === tank['1']));
  });

  it('forgets a metered tank’s profile when a sale of an earlier hour arrives', async () => {
    const before = (await list()).find((r) => r.tankId === tank['2'])!;
    await report({ sales: [{ tank: '2', id: 'late-1', ts: new Date(NOW - 7 * 24 * H + 5 * H).toISOString(), volumeL: 4000 }] });
    const after = (await list()).find((r) => r.tankId === tank['2'])!;
    expect(after.next24hSalesL).toBeGreaterThan(before.next24hSalesL!);
    expect(after).toEqual((await computedAfresh()).find((r) => r.tankId === tank['2']));
  });

  it('forgets the station’s profiles when a tank’s settings change', async () => {
    await aMinuteLater();
    await list();
    expect((await keptProfiles(ctx.db, [tank['1'], tank['2']], HOUR_END)).size).toBe(2);
    await ctx.db.execute(sql`update tanks set product_id = product_id where id = ${tank['2']}`);
    expect((await keptProfiles(ctx.db, [tank['1'], tank['2']], HOUR_END)).size).toBe(0);
  });

  it('is not forgotten by data of the hour under way, and not read when computed within ten seconds after a mark', async () => {
    await list();
    await ctx.db.execute(sql`delete from forecast_profile_marks`);
    // A reading and a sale of the hour under way (the server's clock: 00:20): nothing marked.
    await report({
      readings: [{ tank: '2', ts: new Date(NOW - 60_000).toISOString(), productHeightMm: 1000, waterHeightMm: 0, temperatureC: 18, volumeL: 10_000 }],
      sales: [{ tank: '2', id: 'now-1', ts: new Date(NOW - 60_000).toISOString(), volumeL: 30 }],
    });
    expect(await marks()).toBe(0);
    expect((await keptProfiles(ctx.db, [tank['1'], tank['2']], HOUR_END)).size).toBe(2);
    // A writer whose transaction marked the station five seconds before a computation began may commit after it read the data.
    await ctx.db.execute(sql`insert into forecast_profile_marks (station_id, forgotten_at) select station_id, computed_at - interval '5 seconds' from forecast_profiles where tank_id = ${tank['1']}`);
    expect((await keptProfiles(ctx.db, [tank['1'], tank['2']], HOUR_END)).size).toBe(0);
  });

  /** Two tanks' forecasts computed by one caller from no kept profiles, with the statements it ran counted. */
  async function computedAlone() {
    const ids = [tank['1'], tank['2']];
    const order = { fillPct: 90, deliverAtMs: NOW + 24 * H };
    await ctx.db.execute(sql`delete from forecast_profiles`);
    await aMinuteLater();
    const alone = countingStatements(ctx.db);
    const expected = await forecastsOf(alone.db, ids, NOW, order);
    return { ids, order, alone, expected };
  }

  it('computes them once when several callers ask at once: the others wait, then read what it kept', async () => {
    const { ids, order, alone, expected } = await computedAlone();
    expect(expected.map((f) => f.profile)).not.toContain(null);
    await ctx.db.execute(sql`delete from forecast_profiles`);
    const together = countingStatements(ctx.db);
    const answers = await Promise.all([1, 2, 3].map(() => forecastsOf(together.db, ids, NOW, order)));
    for (const answer of answers) expect(answer).toEqual(expected);
    // One computes, as alone; each of the other two reads its tanks and the kept profiles, then
    // those again once the first is done (each computing too would be three times alone).
    expect(together.statements.length).toBeLessThanOrEqual(alone.statements.length + 2 * 3);
    expect(alone.statements.length).toBeGreaterThan(2 * 3);
  });

  it('reads them again rather than computing when a computation ends while its own read of the kept ones is under way', async () => {
    const { ids, order, alone, expected } = await computedAlone();
    await ctx.db.execute(sql`delete from forecast_profiles`);
    // The second caller's read of the kept profiles runs at once but answers only after the
    // first caller kept what it computed: it read before them, as on a busy machine.
    let keptByFirst = () => {};
    const kept = new Promise<void>((resolve) => (keptByFirst = resolve));
    let reads = 0;
    const dialect = new PgDialect();
    const slowed = new Proxy(ctx.db, {
      get(target, name, receiver) {
        if (name !== 'execute') return Reflect.get(target, name, receiver) as unknown;
        return async (q: Parameters<typeof target.execute>[0]) => {
          const text = dialect.sqlToQuery(q as SQL).sql;
          const result = await target.execute(q);
          if (text.trimStart().startsWith('insert into forecast_profiles ')) keptByFirst();
          else if (text.includes('from forecast_profiles p') && ++reads === 2) {
            await kept;
            await new Promise((resolve) => setImmediate(resolve));
          }
          return result;
        };
      },
    });
    const together = countingStatements(slowed);
    const answers = await Promise.all([1, 2].map(() => forecastsOf(together.db, ids, NOW, order)));
    for (const answer of answers) expect(answer).toEqual(expected);
    // The second reads its tanks, the kept profiles, then those again (computing too would be twice alone).
    expect(reads).toBe(3);
    expect(together.statements.length).toBe(alone.statements.length + 3);
  });

  it('a few tanks compute their own rather than wait for a computation over many', () => {
    // A station's monitor beside the run-out job's round over 5,000 tanks; a company's home (518
    // of 1,034 tanks) beside the administrator's; the administrators of one fleet beside each other.
    expect(waitsFor(4, 5_000)).toBe(false);
    expect(waitsFor(518, 1_034)).toBe(true);
    expect(waitsFor(500, 1_034)).toBe(false);
    expect(waitsFor(1_034, 1_034)).toBe(true);
    expect(waitsFor(5_000, 4)).toBe(true);
  });

  it('keeps marks only while a profile they judge can be read: the run-out job clears those over two hours old', async () => {
    await ctx.db.execute(sql`delete from forecast_profile_marks`);
    await ctx.db.execute(sql`insert into forecast_profile_marks (station_id, forgotten_at) values
      (${station}, clock_timestamp() - interval '3 hours'), (${station}, clock_timestamp() - interval '1 hour')`);
    await clearOldMarks(ctx.db);
    expect(await marks()).toBe(1);
  });

  it('is forgotten by a reading over five minutes late within the hour under way (the reports’ heads end ten minutes back), not by one four minutes late', async () => {
    await list();
    await ctx.db.execute(sql`delete from forecast_profile_marks`);
    const reading = (ageMin: number) => ({ tank: '1', ts: new Date(NOW - ageMin * 60_000).toISOString(), productHeightMm: 1000, waterHeightMm: 0, temperatureC: 18, volumeL: 10_000 });
    await report({ readings: [reading(4)] });
    expect(await marks()).toBe(0);
    await report({ readings: [reading(6)] });
    expect(await marks()).toBe(1);
  });
});
