import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '@ullage/contracts/codes';
import { users } from '../../db/schema';
import { epochMs, rawRows } from '../../lib/raw-sql';
import { startFakeSmtp, type FakeSmtp } from '../../test/fake-smtp';
import { collectSse } from '../../test/sse';
import { probeNoise, wallMs } from '../../test/tank-readings';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn, startTestApp, type TestContext, apiGet, sendReadings } from '../../test/harness';
import { TankDayBookJob } from '../tank-days/service';
import { latestBookingMs, leakDaysOf, leakDaysToFigure } from './days-repo';

/**
 * Issue 22 through the device endpoint: 32 Shanghai days (2026-10-01 … 11-01) of readings every
 * 5 minutes at NWP-SH01 — sales every 15 minutes from 06:00 to 21:00, quiet nights — for tank 1
 * (tight) and tank 2 (losing 2 L/h of product at 15 °C, day and night), with the temperature
 * drifting and the gross volume following it; NWP-SZ02 tank 1 tight, for the scope checks.
 */
const SH = 'Asia/Shanghai';
const NOW = Date.parse('2026-11-02T04:00:00Z'); // 12:00 in Shanghai: every day to 11-01 is over and settled
const DAYS = Array.from({ length: 32 }, (_, i) => new Date(Date.UTC(2026, 9, 1 + i)).toISOString().slice(0, 10));
const LAST = DAYS[DAYS.length - 1]!;
let ctx: TestContext;
let smtp: FakeSmtp;
let admin = '';
let stationUser = '';
const tankIds: Record<string, number> = {};

const local = (day: string, minute: number) => wallMs(day, minute, SH);

/** A tank's readings: net volume at 15 °C falls by sales and the leak; the probe sees it expanded at the temperature, with a little noise. */
function readingsOf(tank: string, leakLph: number, seed: number) {
  const out: object[] = [];
  let net = 25_000;
  const next = probeNoise(seed);
  for (const [d, day] of DAYS.entries()) {
    if (d % 6 === 0) net = 25_000; // a tanker every six days, at midnight
    for (let m = 0; m < 1440; m += 5) {
      if (m >= 360 && m < 1260 && m % 15 === 0) net -= 40;
      net -= (leakLph * 5) / 60;
      const temperatureC = 18 + 1.5 * Math.sin((d + m / 1440) / 5);
      const volumeL = net * (1 + 0.0012 * (temperatureC - 15)) + next() * 0.6;
      out.push({ tank, ts: new Date(local(day, m)).toISOString(), productHeightMm: volumeL / 12, waterHeightMm: 5, temperatureC, volumeL });
    }
  }
  return out;
}

const send = (station: string, readings: object[]) => sendReadings(ctx.app, station, readings);

const get = <T = unknown>(url: string, cookie = admin, language = 'en') => apiGet<T>(ctx.app, url, cookie, language);

async function rounds() {
  const books = await new TankDayBookJob({ db: ctx.db, clock: () => new Date(NOW) }, { roundMs: 120_000 }).runOnce();
  expect(books.pending).toBe(false);
  return ctx.app.leakTests.runOnce();
}

interface Row {
  tankId: number;
  tankCode: string;
  stationCode: string;
  day: string;
  periodStart: string;
  periodEnd: string;
  leakRateLph: number | null;
  thresholdLph: number;
  mdlLph: number | null;
  quietHours: number;
  quietPeriods: number;
  result: string;
  reason: string;
}

const list = async (query: string, cookie = admin) => {
  const json = await get<{ list: Row[]; total: number }>(`/api/leak-test/list?${query}`, cookie);
  expect(json.code, json.msg).toBe(1000);
  return json.data;
};

beforeAll(async () => {
  smtp = await startFakeSmtp();
  ctx = await startTestApp({ clock: () => new Date(NOW), config: { smtpUrl: smtp.url, mailFrom: 'Ullage Test <alarms@ullage.test>' } });
  admin = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
  // The administrator wants the leak-test alarm by e-mail.
  await ctx.db.update(users).set({ email: 'admin@example.org' }).where(eq(users.username, 'admin'));
  const adminId = (await ctx.app.inject({ method: 'GET', url: '/api/login/getInfo', headers: { cookie: admin } })).json().data.userId;
  const notice = await ctx.app.inject({ method: 'POST', url: '/api/userNoticeCfg/edit', headers: { cookie: admin }, payload: { userId: adminId, mailSendFrq: '30', typeReferList: [{ type: 1, referList: [{ remark: 60, byEmail: 1, byAlert: 1 }] }] } });
  expect(notice.json().code).toBe(1000);
  // Saved by the database's own clock; this test's app lives on 2026-11-02: saved an hour before its now.
  await ctx.db.execute(sql`update user_notice_settings set updated_at = ${new Date(NOW - 3_600_000).toISOString()}::timestamptz where user_id = ${adminId}`);
  stationUser = await signIn(ctx.app, 'demo-station', DEMO_PASSWORD);
  for (const r of await rawRows<{ id: number; key: string }>(ctx.db, sql`select t.id, s.code || '/' || t.code as key from tanks t join stations s on s.id = t.station_id where s.code in ('NWP-SH01', 'NWP-SZ02')`)) tankIds[r.key] = r.id;
  await send('NWP-SH01', [...readingsOf('1', 0, 11), ...readingsOf('2', 2, 22)]);
  await send('NWP-SZ02', readingsOf('1', 0, 33));
  const round = await rounds();
  expect(round.pending).toBe(false);
  expect(round.figured).toBeGreaterThanOrEqual(3 * 31);
}, 300_000);

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

describe('leak tests from the readings', () => {
  it('passes the tight tank and fails the leaking one at its rate, over the 30 days ending with the day', async () => {
    const { list: rows } = await list(`from=${LAST}&to=${LAST}&pageSize=50`);
    const tight = rows.find((r) => r.tankId === tankIds['NWP-SH01/1'])!;
    const leaking = rows.find((r) => r.tankId === tankIds['NWP-SH01/2'])!;
    expect(tight).toMatchObject({ day: LAST, result: 'pass', reason: 'under_threshold', thresholdLph: 0.76 });
    expect(Math.abs(tight.leakRateLph!)).toBeLessThan(0.1);
    expect(leaking).toMatchObject({ day: LAST, result: 'fail', reason: 'at_or_over_threshold', thresholdLph: 0.76 });
    expect(leaking.leakRateLph!).toBeGreaterThan(1.9);
    expect(leaking.leakRateLph!).toBeLessThan(2.1);
    expect(leaking.mdlLph!).toBeGreaterThan(0);
    expect(leaking.mdlLph!).toBeLessThan(0.76);
    // The window: 10-03 00:00 to 11-02 00:00 Shanghai time.
    expect(leaking.periodStart).toBe(new Date(local('2026-10-03', 0)).toISOString());
    expect(leaking.periodEnd).toBe(new Date(local('2026-11-02', 0)).toISOString());
    // Nights: 00:00–05:55 and 21:30–23:55 settled after the last sale at 20:45 (+30 min), less the tanker's days.
    expect(leaking.quietPeriods).toBeGreaterThanOrEqual(50);
    expect(leaking.quietHours).toBeGreaterThan(150);
  });

  it('pages, filters by result and sorts', async () => {
    const all = await list(`from=2026-10-25&to=${LAST}&pageSize=200`);
    expect(all.total).toBe(3 * 8);
    // Default order: newest day first, then station by name (Shanghai Pudong before Shenzhen Nanshan) and tank.
    const days = [...new Set(all.list.map((r) => r.day))];
    expect(days).toEqual([...days].sort().reverse());
    expect(days).toHaveLength(8);
    for (const [i, day] of days.entries()) {
      expect(all.list.slice(i * 3, i * 3 + 3).map((r) => [r.day, r.tankId])).toEqual([
        [day, tankIds['NWP-SH01/1']],
        [day, tankIds['NWP-SH01/2']],
        [day, tankIds['NWP-SZ02/1']],
      ]);
    }
    const fails = await list(`from=2026-10-25&to=${LAST}&result=fail&pageSize=200`);
    expect(fails.list.every((r) => r.tankId === tankIds['NWP-SH01/2'] && r.result === 'fail')).toBe(true);
    const page2 = await list(`from=2026-10-25&to=${LAST}&pageSize=5&page=2&sortField=leakRateLph&sortOrder=descend`);
    expect(page2.total).toBe(24);
    expect(page2.list).toHaveLength(5);
    const top = await list(`from=2026-10-25&to=${LAST}&pageSize=8&sortField=leakRateLph&sortOrder=descend`);
    expect(top.list.every((r) => r.tankId === tankIds['NWP-SH01/2'])).toBe(true);
  });

  it('takes instants as well as days', async () => {
    const end = new Date(local('2026-11-02', 0)).toISOString();
    const { list: rows } = await list(`from=${encodeURIComponent(end)}&to=${encodeURIComponent(end)}`);
    expect(rows.map((r) => r.day)).toEqual([LAST, LAST, LAST]);
  });

  it('raises the leak-test alarm (code 60) for the failing tank only, through the alarm list', async () => {
    const json = await get<{ list: { tankId: number; source: string }[] }>(`/api/alarm/list?kind=level&code=60&state=active&pageSize=50`);
    expect(json.code).toBe(1000);
    expect(json.data.list.map((a) => a.tankId)).toEqual([tankIds['NWP-SH01/2']]);
    expect(json.data.list[0]!.source).toBe('server');
  });

  it('mails it to a user who asked for it by e-mail, named in their language', async () => {
    expect((await ctx.app.mailDigests.runOnce(new Date(NOW + 31 * 60_000))).sent).toBe(1);
    const [mail] = smtp.received;
    expect(mail!.text).toContain('Shanghai Pudong | Tank 2 | Level alarm | Leak test failed');
  });

  it('gives each tank its current result', async () => {
    const json = await get<{ list: { tankId: number; result: string; tankCode: string }[] }>(`/api/leak-test/status?stationId=${(await rawRows<{ id: number }>(ctx.db, sql`select id from stations where code = 'NWP-SH01'`))[0]!.id}`);
    expect(json.code).toBe(1000);
    const byTank = Object.fromEntries(json.data.list.map((s) => [s.tankId, s.result]));
    expect(byTank).toEqual({ [tankIds['NWP-SH01/1']!]: 'pass', [tankIds['NWP-SH01/2']!]: 'fail' });
    // Named, so a dispatcher or the home page needs no second call.
    expect(json.data.list.find((s) => s.tankId === tankIds['NWP-SH01/2'])).toMatchObject({ tankCode: '2', stationName: 'Shanghai Pudong', productName: '95# Gasoline', day: LAST });
  });

  it('gives a tank’s quiet periods with the compensated volume falling at the period’s rate', async () => {
    const json = await get<{ test: Row; periods: { hours: number; points: { at: string; volumeL: number }[] }[] }>(`/api/leak-test/periods?tankId=${tankIds['NWP-SH01/2']}`);
    expect(json.code).toBe(1000);
    expect(json.data.test.result).toBe('fail');
    expect(json.data.periods.length).toBe(json.data.test.quietPeriods);
    const p = json.data.periods.find((x) => x.hours > 5)!;
    const first = p.points[0]!;
    const last = p.points[p.points.length - 1]!;
    const hours = (Date.parse(last.at) - Date.parse(first.at)) / 3_600_000;
    expect((first.volumeL - last.volumeL) / hours).toBeCloseTo(2, 0);
  });

  it('makes the monthly compliance record of a station', async () => {
    const station = (await rawRows<{ id: number }>(ctx.db, sql`select id from stations where code = 'NWP-SH01'`))[0]!.id;
    const json = await get<{ periodStart: string; tanks: { tankCode: string; result: string }[] }>(`/api/leak-test/compliance?stationId=${station}&month=2026-10`);
    expect(json.code).toBe(1000);
    expect(json.data).toMatchObject({ month: '2026-10', inProgress: false, thresholdLph: 0.76, station: { stationCode: 'NWP-SH01', address: '88 Century Ave, Shanghai' } });
    expect(json.data.periodStart).toBe(new Date(local('2026-10-01', 0)).toISOString());
    const results = Object.fromEntries(json.data.tanks.map((t) => [t.tankCode, t.result]));
    expect(results).toMatchObject({ '1': 'pass', '2': 'fail' });
    // Tank 3 sent nothing: no quiet time.
    expect(json.data.tanks.find((t) => t.tankCode === '3')).toMatchObject({ result: 'inconclusive', reason: 'too_little_quiet_time', quietHours: 0, leakRateLph: null });
  });

  it('opened without a month, shows the last month that has ended on the station’s clock', async () => {
    const station = (await rawRows<{ id: number }>(ctx.db, sql`select id from stations where code = 'NWP-SH01'`))[0]!.id;
    const asked = await get<{ month: string; periodStart: string; tanks: unknown[] }>(`/api/leak-test/compliance?stationId=${station}&month=2026-10`);
    const opened = await get<{ month: string; periodStart: string; inProgress: boolean; tanks: unknown[] }>(`/api/leak-test/compliance?stationId=${station}`);
    expect(opened.code).toBe(1000);
    // This app's now is 2 November in Shanghai: October is the last whole month.
    expect(opened.data).toMatchObject({ month: '2026-10', inProgress: false, periodStart: asked.data.periodStart });
    expect(opened.data.tanks).toEqual(asked.data.tanks);
  });

  it('is in the OpenAPI document with the row fields integrators read', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of ['list', 'export', 'periods', 'status', 'compliance']) expect(Object.keys(doc.paths)).toContain(`/api/leak-test/${path}`);
    const query = (doc.paths['/api/leak-test/list'].get.parameters as { name: string }[]).map((p) => p.name);
    expect(query).toEqual(expect.arrayContaining(['stationId', 'tankId', 'from', 'to', 'page', 'pageSize']));
    const row = doc.paths['/api/leak-test/list'].get.responses['200'].content['application/json'].schema.properties.data.properties.list.items;
    expect(Object.keys(row.properties)).toEqual(expect.arrayContaining(['stationId', 'tankId', 'tankCode', 'periodStart', 'periodEnd', 'leakRateLph', 'thresholdLph', 'mdlLph', 'quietHours', 'result', 'reason']));
  });

  it('exports the list as xlsx', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/leak-test/export?from=${LAST}&to=${LAST}`, headers: { cookie: admin, language: 'es' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('what a user may see and ask', () => {
  it('shows a station account only its own station’s tests', async () => {
    const { list: rows } = await list(`from=${LAST}&to=${LAST}&pageSize=50`, stationUser);
    expect(rows.length).toBe(2);
    expect(rows.every((r) => r.stationCode === 'NWP-SH01')).toBe(true);
    expect((await get(`/api/leak-test/periods?tankId=${tankIds['NWP-SZ02/1']}`, stationUser)).code).toBe(CODES.notFound);
    const other = (await rawRows<{ id: number }>(ctx.db, sql`select id from stations where code = 'NWP-SZ02'`))[0]!.id;
    expect((await get(`/api/leak-test/compliance?stationId=${other}&month=2026-10`, stationUser)).code).toBe(CODES.notFound);
    expect((await get<{ list: unknown[] }>(`/api/leak-test/status?stationId=${other}`, stationUser)).data.list).toEqual([]);
  });

  it('refuses a bad range, month or sort with the field and the rule, in the asker’s language', async () => {
    const cases: [string, string, RegExp][] = [
      ['/api/leak-test/list?from=2026-10-10&to=2026-10-01', 'en', /End time.*must not be before the start/],
      ['/api/leak-test/list?from=2026-01-01&to=2026-10-01', 'en', /at most 92 days/],
      ['/api/leak-test/list?from=2026-01-01&to=2026-10-01', 'zh_CN', /92 天/],
      ['/api/leak-test/list?from=yesterday', 'en', /Start time/],
      ['/api/leak-test/list?sortField=password', 'en', /sortField|Sort/i],
      ['/api/leak-test/compliance?stationId=1&month=2026-13', 'en', /Month.*YYYY-MM/],
      ['/api/leak-test/compliance?stationId=1&month=2027-01', 'es', /Mes.*haya empezado/],
      ['/api/leak-test/periods?tankId=abc', 'en', /tankId|Tank/i],
      ['/api/leak-test/periods?tankId=1&day=2026-02-30', 'en', /day/i],
      ['/api/leak-test/list?result=maybe', 'en', /Result/],
      ['/api/leak-test/compliance?month=2026-10', 'en', /stationId|Station/i],
    ];
    for (const [url, language, message] of cases) {
      const json = await get(url, admin, language);
      expect(json.code, url).toBe(CODES.validation);
      expect(json.msg, url).toMatch(message);
    }
  });
});

/** The company of NWP-SH01 tank 2, as its edit form has it. */
const companyOfLeakingTank = async () => {
  const [row] = await rawRows<{ company_id: number }>(ctx.db, sql`select company_id from tanks where id = ${tankIds['NWP-SH01/2']}`);
  return (await get<Record<string, unknown>>(`/api/company/${row!.company_id}`)).data;
};

describe('keeping the tests up to date', () => {
  it('figures again only the day a late reading lands in', async () => {
    const before = await rawRows<{ day: string; book_version: number }>(ctx.db, sql`select day::text as day, book_version from tank_leak_days where tank_id = ${tankIds['NWP-SH01/1']} order by day`);
    await send('NWP-SH01', [{ tank: '1', ts: new Date(local('2026-10-10', 2)).toISOString(), productHeightMm: 1000, waterHeightMm: 5, temperatureC: 18, volumeL: 12_000 }]);
    const round = await rounds();
    expect(round.figured).toBe(1);
    const after = await rawRows<{ day: string; book_version: number }>(ctx.db, sql`select day::text as day, book_version from tank_leak_days where tank_id = ${tankIds['NWP-SH01/1']} order by day`);
    const changed = after.filter((a, i) => a.book_version !== before[i]!.book_version).map((a) => a.day);
    expect(changed).toEqual(['2026-10-10']);
  });

  it('after its first round looks only at books written since its last look, less the margin', async () => {
    // A book whose version moved without being written again (its booked_at kept): only a look
    // reaching back to when it was written finds it.
    const tankId = tankIds['NWP-SH01/1']!;
    await ctx.db.execute(sql`update tank_day_books set version = version + 1 where tank_id = ${tankId} and day = '2026-10-12'`);
    const [book] = await rawRows<{ at: number }>(ctx.db, sql`select ${sql.raw(epochMs('booked_at'))} as at from tank_day_books where tank_id = ${tankId} and day = '2026-10-12'`);
    const bookedMs = Number(book!.at);
    const days = async (sinceMs: number | null) => (await leakDaysToFigure(ctx.db, '2026-09-01', 50, sinceMs)).map((t) => `${t.tankId}/${t.day}`);
    expect(await days(null)).toEqual([`${tankId}/2026-10-12`]);
    expect(await days(bookedMs)).toEqual([`${tankId}/2026-10-12`]);
    expect(await days(bookedMs + 1)).toEqual([]);
    expect(await latestBookingMs(ctx.db)).toBe(bookedMs);
    // The job's last look saw books up to NOW: written at NOW, the book is within its margin.
    expect((await ctx.app.leakTests.runOnce()).figured).toBe(1);
    expect((await ctx.app.leakTests.runOnce()).figured).toBe(0);
  });

  it('reads a leak day again once its row was written again, whatever the job’s clock (kept days: lib/day-cache.ts)', async () => {
    const tankId = tankIds['NWP-SH01/2']!;
    const periodsOf = async () => (await leakDaysOf(ctx.db, [tankId], '2026-10-10', '2026-10-12')).map((d) => `${d.day}:${d.periods.length}`);
    const before = await periodsOf();
    expect(before).toHaveLength(3);
    expect(before.every((d) => !d.endsWith(':0'))).toBe(true);
    // Written again with the same book version and figured_at (this app's clock stands still): only the row's version tells.
    const [saved] = await rawRows<{ periods: string }>(ctx.db, sql`select periods::text as periods from tank_leak_days where tank_id = ${tankId} and day = '2026-10-11'`);
    await ctx.db.execute(sql`update tank_leak_days set periods = '[]'::jsonb where tank_id = ${tankId} and day = '2026-10-11'`);
    try {
      expect(await periodsOf()).toEqual([before[0], '2026-10-11:0', before[2]]);
    } finally {
      await ctx.db.execute(sql`update tank_leak_days set periods = ${saved!.periods}::jsonb where tank_id = ${tankId} and day = '2026-10-11'`);
    }
    expect(await periodsOf()).toEqual(before);
  });

  it('applies a changed threshold at the next round: the leaking tank passes under 3 L/h and its alarm ends', async () => {
    const company = await companyOfLeakingTank();
    const { id, distributorName: _d, disabled: _x, stationCount: _s, createdAt: _c, ...input } = company;
    const put = (await ctx.app.inject({ method: 'PUT', url: `/api/company/${id}`, headers: { cookie: admin }, payload: { ...input, leakThresholdLph: 3 } })).json();
    expect(put.code, put.msg).toBe(1000);
    expect(put.data.leakThresholdLph).toBe(3);
    await rounds();
    const { list: rows } = await list(`from=${LAST}&to=${LAST}&tankId=${tankIds['NWP-SH01/2']}`);
    expect(rows[0]).toMatchObject({ result: 'pass', thresholdLph: 3 });
    const alarms = await get<{ list: { endedAt: string | null }[] }>(`/api/alarm/list?kind=level&code=60&pageSize=50`);
    expect(alarms.data.list).toHaveLength(1);
    expect(alarms.data.list[0]!.endedAt).not.toBeNull();
  });

  it('opens the alarm again when the threshold comes back, and an open alarm feed shows it at once', async () => {
    const company = await companyOfLeakingTank();
    const { id, distributorName: _d, disabled: _x, stationCount: _s, createdAt: _c, ...input } = company;
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const adminId = (await ctx.app.inject({ method: 'GET', url: '/api/login/getInfo', headers: { cookie: admin } })).json().data.userId;
    const messages = await collectSse<{ stationName: string; tankCode: string; alarmTypeDesc: string }>(
      `${base}/api/sse-msg/connect?userId=${adminId}&lang=en`,
      { cookie: admin },
      async () => {
        const put = (await ctx.app.inject({ method: 'PUT', url: `/api/company/${id}`, headers: { cookie: admin }, payload: { ...input, leakThresholdLph: 0.76 } })).json();
        expect(put.code, put.msg).toBe(1000);
        await rounds();
      },
      1,
    );
    expect(messages.map((m) => m.data)).toEqual([expect.objectContaining({ stationName: 'Shanghai Pudong', tankCode: '2', alarmTypeDesc: 'Leak test failed' })]);
  });

  it('refuses a threshold that is not a positive rate', async () => {
    const company = (await get<Record<string, unknown>>(`/api/company/1`)).data;
    const { id, distributorName: _d, disabled: _x, stationCount: _s, createdAt: _c, ...input } = company;
    for (const bad of [0, -1, 'fast', 1000]) {
      const put = (await ctx.app.inject({ method: 'PUT', url: `/api/company/${id}`, headers: { cookie: admin, language: 'en' }, payload: { ...input, leakThresholdLph: bad } })).json();
      expect(put.code, String(bad)).toBe(CODES.validation);
      expect(put.msg).toMatch(/Leak-test threshold/);
    }
  });
});
