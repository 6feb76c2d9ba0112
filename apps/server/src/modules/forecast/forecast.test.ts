import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '@ullage/contracts/codes';
import type { ForecastRow } from '@ullage/contracts/forecast';
import { users } from '../../db/schema';
import { rawRows } from '../../lib/raw-sql';
import { startFakeSmtp, type FakeSmtp } from '../../test/fake-smtp';
import { addSecondOrganisation } from '../../test/second-organisation';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn, startTestApp, type TestContext, apiGet, sendReadings } from '../../test/harness';

/**
 * Issue 23 through the device endpoint: 14 Shanghai days of readings every 15 minutes at
 * NWP-SH01 tank 1 — 25 L sold every quarter hour from 06:00 to 22:00 (100 L/h, 1,600 L a day),
 * nothing at night, a tanker of 13,400 L on day 7 at 03:00 — ending at 6,000 L on Monday
 * 00:00. Tank 2 sends only its current level (10,000 L, flat) but its station meters it: 50 L
 * an hour, every hour, inserted straight into metered_sales. Tank 3 sends nothing.
 * Both tanks are made 2,000 mm / 20,000 L with a straight table (10 L/mm), low warning at 500 mm
 * (5,000 L) and low alarm at 300 mm (3,000 L), so every figure below is worked by hand; so are
 * Shenzhen's tanks 1 and 2, made one product for a metered product's split.
 */
const SH_OFFSET = 8 * 3_600_000;
const H = 3_600_000;
const NOW = Date.parse('2026-11-01T16:00:00Z'); // Monday 2026-11-02 00:00 in Shanghai
let now = NOW;
let ctx: TestContext;
let smtp: FakeSmtp;
let admin = '';
let stationUser = '';
let otherOrg = '';
let companyId = 0;
const tankIds: Record<string, number> = {};

/** Tank 1's readings: [NOW − 14 d, NOW] every 15 minutes. */
function dailyPatternReadings() {
  const out: object[] = [];
  let volume = 15_000;
  for (let t = NOW - 14 * 24 * H; t <= NOW; t += 15 * 60_000) {
    const localMinute = Math.floor(((t + SH_OFFSET) % (24 * H)) / 60_000);
    if (localMinute >= 360 && localMinute < 1320) volume -= 25;
    // The tanker: two readings rising, on day 7 (counted from the first) at 03:00 and 03:15.
    const day = Math.floor((t - (NOW - 14 * 24 * H)) / (24 * H));
    if (day === 7 && (localMinute === 180 || localMinute === 195)) volume += 6_700;
    out.push({ tank: '1', ts: new Date(t).toISOString(), productHeightMm: volume / 10, waterHeightMm: 0, temperatureC: 18, volumeL: volume });
  }
  return out;
}

const send = (station: string, readings: object[]) => sendReadings(ctx.app, station, readings);

const get = <T = unknown>(url: string, cookie = admin, language = 'en') => apiGet<T>(ctx.app, url, cookie, language);

const list = async (query: string, cookie = admin) => {
  const json = await get<{ list: ForecastRow[]; total: number }>(`/api/forecast/list?${query}`, cookie);
  expect(json.code, json.msg).toBe(1000);
  return json.data;
};
const rowOf = async (tank: string, query = '') => (await list(`tankId=${tankIds[tank]}&${query}`)).list[0]!;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  ctx = await startTestApp({ clock: () => new Date(now), config: { smtpUrl: smtp.url, mailFrom: 'Ullage Test <alarms@ullage.test>' } });
  admin = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
  // The administrator wants the run-out alarm by e-mail (saved an hour before this test's now, by the database's clock).
  await ctx.db.update(users).set({ email: 'admin@example.org' }).where(eq(users.username, 'admin'));
  const adminId = (await ctx.app.inject({ method: 'GET', url: '/api/login/getInfo', headers: { cookie: admin } })).json().data.userId;
  const notice = await ctx.app.inject({ method: 'POST', url: '/api/userNoticeCfg/edit', headers: { cookie: admin }, payload: { userId: adminId, mailSendFrq: '30', typeReferList: [{ type: 1, referList: [{ remark: 62, byEmail: 1, byAlert: 1 }] }] } });
  expect(notice.json().code).toBe(1000);
  await ctx.db.execute(sql`update user_notice_settings set updated_at = ${new Date(NOW - H).toISOString()}::timestamptz where user_id = ${adminId}`);
  stationUser = await signIn(ctx.app, 'demo-station', DEMO_PASSWORD);
  await addSecondOrganisation(ctx.db);
  otherOrg = await signIn(ctx.app, 'pampa-company', 'Pampa#2026ok');
  for (const r of await rawRows<{ id: number; key: string }>(ctx.db, sql`select t.id, s.code || '/' || t.code as key from tanks t join stations s on s.id = t.station_id where s.code in ('NWP-SH01', 'NWP-SZ02')`)) tankIds[r.key] = r.id;
  await ctx.db.execute(sql`update tanks set height_mm = 2000, volume_l = 20000, strapping = '[{"heightMm":0,"volumeL":0},{"heightMm":2000,"volumeL":20000}]'::jsonb,
    low_oil_warn_mm = 500, low_oil_alarm_mm = 300, high_oil_warn_mm = 1900, high_oil_alarm_mm = 1950 where id in (${tankIds['NWP-SH01/1']}, ${tankIds['NWP-SH01/2']})`);
  companyId = (await rawRows<{ company_id: number }>(ctx.db, sql`select company_id from tanks where id = ${tankIds['NWP-SH01/1']}`))[0]!.company_id;
  await send('NWP-SH01', dailyPatternReadings());
  await send('NWP-SH01', [0, 15, 30, 45, 60].map((m) => ({ tank: '2', ts: new Date(NOW - 60 * 60_000 + m * 60_000).toISOString(), productHeightMm: 1000, waterHeightMm: 0, temperatureC: 18, volumeL: 10_000 })));
  // Metered: 50 L at half past every hour for 14 days, for tank 2 by itself.
  const station = (await rawRows<{ station_id: number }>(ctx.db, sql`select station_id from tanks where id = ${tankIds['NWP-SH01/2']}`))[0]!.station_id;
  await ctx.db.execute(sql`insert into metered_sales (station_id, target, tank_id, sale_key, ts, volume_l)
    select ${station}, ${`t${tankIds['NWP-SH01/2']}`}, ${tankIds['NWP-SH01/2']}, 'k' || g, ${new Date(NOW - 14 * 24 * H).toISOString()}::timestamptz + (g * interval '1 hour') + interval '30 minutes', 50
    from generate_series(0, 14 * 24 - 1) g`);
  // Shenzhen's tanks 1 and 2 made one product, manifolded: a dispenser's totaliser for the
  // product rises 80 L an hour for 14 days (and the hour before, so the first hour has a sale).
  // Their levels say nothing (one reading each, now): the product's sales are split equally.
  await ctx.db.execute(sql`update tanks set height_mm = 2000, volume_l = 20000, strapping = '[{"heightMm":0,"volumeL":0},{"heightMm":2000,"volumeL":20000}]'::jsonb,
    low_oil_warn_mm = 500, low_oil_alarm_mm = 300, high_oil_warn_mm = 1900, high_oil_alarm_mm = 1950,
    product_id = (select product_id from tanks where id = ${tankIds['NWP-SZ02/1']}) where id in (${tankIds['NWP-SZ02/1']}, ${tankIds['NWP-SZ02/2']})`);
  await send('NWP-SZ02', ['1', '2'].map((tank) => ({ tank, ts: new Date(NOW).toISOString(), productHeightMm: 1000, waterHeightMm: 0, temperatureC: 18, volumeL: 10_000 })));
  await ctx.db.execute(sql`insert into meter_totals (station_id, meter, ts, target, product_id, total_l)
    select t.station_id, 'M1', ${new Date(NOW - 14 * 24 * H).toISOString()}::timestamptz + (g * interval '1 hour') + interval '10 minutes', 'p' || t.product_id, t.product_id, 1000000 + 80 * g
    from tanks t, generate_series(-1, 14 * 24 - 1) g where t.id = ${tankIds['NWP-SZ02/1']}`);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

describe('the run-out forecast list', () => {
  it('projects a daily pattern learnt from the level: 16 h to the low warning, 44 h to the low alarm, 90 h to empty', async () => {
    // From 6,000 L at Monday 00:00: 1,000 L to 5,000 by 06:00 + 10 h; 3,000 L to 3,000 by
    // Tuesday 20:00 (1,600 on Monday, 1,400 on Tuesday); 6,000 L by Thursday 18:00 (3 × 1,600 + 1,200).
    const row = await rowOf('NWP-SH01/1');
    expect(row).toMatchObject({
      volumeL: 6_000,
      capacityL: 20_000,
      asOf: new Date(NOW).toISOString(),
      hoursToLowWarning: 16,
      hoursToLowAlarm: 44,
      hoursToEmpty: 90,
      lowAlarmAt: new Date(NOW + 44 * H).toISOString(),
      next24hSalesL: 1_600,
      // 90 % of 20,000 less the 4,400 L left when the tanker comes in 24 hours.
      suggestedOrderL: 13_600,
      fillPct: 90,
      deliverAt: new Date(NOW + 24 * H).toISOString(),
      basis: { source: 'derived', weeks: 2, days: 14 },
    });
  });

  it('orders for a chosen fill level and delivery time', async () => {
    // Wednesday 00:00: 6,000 − 2 × 1,600 = 2,800 L; 50 % is 10,000: order 7,200.
    const row = await rowOf('NWP-SH01/1', `fillPct=50&deliverAt=${encodeURIComponent(new Date(NOW + 48 * H).toISOString())}`);
    expect(row).toMatchObject({ suggestedOrderL: 7_200, fillPct: 50, deliverAt: new Date(NOW + 48 * H).toISOString() });
  });

  it('uses metered sales where the station sends them', async () => {
    // 50 L/h from 10,000 L: 100 h to 5,000, 140 h to 3,000, 200 h to empty; the flat level says nothing is sold.
    const row = await rowOf('NWP-SH01/2');
    expect(row).toMatchObject({ volumeL: 10_000, hoursToLowWarning: 100, hoursToLowAlarm: 140, hoursToEmpty: 200, next24hSalesL: 1_200, basis: { source: 'metered', weeks: 2, days: 14 } });
  });

  it('splits a product’s metered sales between its manifolded tanks, from totaliser readings', async () => {
    // 80 L/h for the product, 40 L/h each from 10,000 L: 125 h to 5,000, 175 h to 3,000, 250 h to empty.
    for (const tank of ['NWP-SZ02/1', 'NWP-SZ02/2']) {
      expect(await rowOf(tank)).toMatchObject({ hoursToLowWarning: 125, hoursToLowAlarm: 175, hoursToEmpty: 250, next24hSalesL: 960, basis: { source: 'metered', weeks: 2, days: 14 } });
    }
  });

  it('gives nulls for a tank without readings', async () => {
    const row = await rowOf('NWP-SH01/3');
    expect(row).toMatchObject({ volumeL: null, asOf: null, hoursToLowAlarm: null, suggestedOrderL: null, basis: { source: 'derived', weeks: 0, days: 0 } });
  });

  it('sorts soonest first by default, pages, filters by horizon and sorts by other fields', async () => {
    const all = await list('pageSize=200');
    const withAlarm = all.list.filter((r) => r.hoursToLowAlarm !== null);
    expect(withAlarm.map((r) => r.tankId).slice(0, 2)).toEqual([tankIds['NWP-SH01/1'], tankIds['NWP-SH01/2']]);
    // Unknowns last.
    expect(all.list.findIndex((r) => r.hoursToLowAlarm === null)).toBe(withAlarm.length);
    const page2 = await list('pageSize=1&page=2');
    expect(page2.total).toBe(all.total);
    expect(page2.list.map((r) => r.tankId)).toEqual([tankIds['NWP-SH01/2']]);
    expect((await list('withinHours=48')).list.map((r) => r.tankId)).toEqual([tankIds['NWP-SH01/1']]);
    const byOrder = await list(`stationId=${(await rowOf('NWP-SH01/1')).stationId}&sortField=suggestedOrderL&sortOrder=descend`);
    expect(byOrder.list[0]!.tankId).toBe(tankIds['NWP-SH01/1']); // 13,600 L over tank 2's 18,000 − 8,800 = 9,200
    // By station or tank code as people read them ("2" before "10"), then station and tank.
    const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare;
    const byStation = (await list('sortField=stationName&pageSize=200')).list;
    expect(byStation).toHaveLength(all.total);
    expect(byStation.map((r) => `${r.stationName}/${r.tankCode}`)).toEqual(byStation.map((r) => `${r.stationName}/${r.tankCode}`).sort((a, b) => natural(a.split('/')[0]!, b.split('/')[0]!) || natural(a.split('/')[1]!, b.split('/')[1]!)));
    const byCode = (await list('sortField=tankCode&sortOrder=descend&pageSize=200')).list.map((r) => r.tankCode);
    expect(byCode).toEqual([...byCode].sort((a, b) => natural(b, a)));
    // A tank without a forecast sorts last whichever way.
    const soonestLast = (await list('sortOrder=descend&pageSize=200')).list;
    expect(soonestLast.findIndex((r) => r.hoursToRunOut === null)).toBe(soonestLast.filter((r) => r.hoursToRunOut !== null).length);
  });

  it('is in the OpenAPI document with the fields dispatch systems read', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toContain('/api/forecast/list');
    const query = (doc.paths['/api/forecast/list'].get.parameters as { name: string }[]).map((p) => p.name);
    expect(query).toEqual(expect.arrayContaining(['stationId', 'tankId', 'fillPct', 'deliverAt', 'withinHours', 'page', 'pageSize', 'sortField']));
    const row = doc.paths['/api/forecast/list'].get.responses['200'].content['application/json'].schema.properties.data.properties.list.items;
    expect(Object.keys(row.properties)).toEqual(expect.arrayContaining(['tankId', 'hoursToLowWarning', 'hoursToLowAlarm', 'hoursToEmpty', 'suggestedOrderL', 'basis']));
  });
});

describe('what a user may see and ask', () => {
  it('shows a station account only its own station, and another organisation nothing of ours', async () => {
    const mine = await list('pageSize=200', stationUser);
    expect(mine.list.length).toBe(3);
    expect(mine.list.every((r) => r.stationCode === 'NWP-SH01')).toBe(true);
    // Another station's or organisation's tank: the same answer as the leak-test list gives, an empty list.
    expect((await list(`tankId=${tankIds['NWP-SZ02/1']}`, stationUser)).list).toEqual([]);
    expect((await get<{ list: unknown[] }>(`/api/leak-test/list?tankId=${tankIds['NWP-SZ02/1']}`, stationUser)).data.list).toEqual([]);
    expect(await list(`tankId=${tankIds['NWP-SH01/1']}`, otherOrg)).toMatchObject({ list: [], total: 0 });
  });

  it('refuses bad values naming the field, in the asker’s language', async () => {
    const cases: [string, string, RegExp][] = [
      ['fillPct=0', 'en', /Fill level/],
      ['fillPct=101', 'es', /Nivel de llenado/],
      ['fillPct=full', 'en', /Fill level/],
      ['deliverAt=tomorrow', 'en', /Delivery time/],
      [`deliverAt=${encodeURIComponent(new Date(NOW - 5 * H).toISOString())}`, 'en', /Delivery time.*past/],
      [`deliverAt=${encodeURIComponent(new Date(NOW + 100 * 24 * H).toISOString())}`, 'zh_CN', /送达时间.*90/],
      ['withinHours=-3', 'ar', /خلال ساعات/],
      ['sortField=password', 'en', /sortField|Sort/i],
      ['tankId=abc', 'en', /Tank/],
    ];
    for (const [query, language, message] of cases) {
      const json = await get(`/api/forecast/list?${query}`, admin, language);
      expect(json.code, query).toBe(CODES.validation);
      expect(json.msg, query).toMatch(message);
    }
  });
});

describe('the run-out alarm (62)', () => {
  const active = async () => (await get<{ list: { tankId: number; endedAt: string | null; source: string }[] }>('/api/alarm/list?kind=level&code=62&pageSize=50')).data.list;

  it('opens for a tank forecast to reach its low alarm within its company’s horizon, not beyond it', async () => {
    // Default horizon 24 h: tank 1 is 44 h away.
    expect((await ctx.app.runOutForecast.runOnce()).opened).toBe(0);
    expect(await active()).toEqual([]);
    await ctx.db.execute(sql`update companies set run_out_horizon_hours = 48 where id = ${companyId}`);
    expect((await ctx.app.runOutForecast.runOnce()).opened).toBe(1);
    const alarms = await active();
    expect(alarms.map((a) => [a.tankId, a.endedAt, a.source])).toEqual([[tankIds['NWP-SH01/1'], null, 'server']]);
    // A second round opens nothing new.
    expect((await ctx.app.runOutForecast.runOnce()).opened).toBe(0);
  });

  it('mails it to a user who asked for it by e-mail, named in their language', async () => {
    expect((await ctx.app.mailDigests.runOnce(new Date(NOW + 31 * 60_000))).sent).toBe(1);
    expect(smtp.received[0]!.text).toContain('Shanghai Pudong | Tank 1 | Level alarm | Run-out forecast');
  });

  it('ends it when the tank is refilled', async () => {
    now = NOW + 30 * 60_000;
    await send('NWP-SH01', [15, 30].map((m) => ({ tank: '1', ts: new Date(NOW + m * 60_000).toISOString(), productHeightMm: 1600, waterHeightMm: 0, temperatureC: 18, volumeL: 16_000 })));
    const round = await ctx.app.runOutForecast.runOnce();
    expect(round.ended).toBe(1);
    const alarms = await active();
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.endedAt).not.toBeNull();
    // 16,000 L at Monday 00:30: 8 days of 1,600 leave 3,200 on the next Monday at 22:00; 200 more by Tuesday 08:00: 8 × 24 + 8 − 0.5 h.
    expect((await rowOf('NWP-SH01/1')).hoursToLowAlarm).toBe(199.5);
  });
});
