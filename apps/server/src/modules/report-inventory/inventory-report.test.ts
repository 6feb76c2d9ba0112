import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dayWindow } from '@ullage/domain/station-day';
import { LITRES_PER_US_GALLON } from '@ullage/domain/units';
import { zonedTimeToUtc } from '@ullage/domain/zoned-time';
import { rawRows } from '../../lib/raw-sql';
import { deviceReport, startTestApp, type TestContext } from '../../test/harness';
import { requestsAs, signInAll } from '../../test/signed-in';
import { addSecondOrganisation } from '../../test/second-organisation';
import { readSheet } from '../../test/xlsx-cells';

/**
 * Daily and monthly inventory reports (issue 6 items 1 and 2) over readings sent through the
 * device endpoint with known values, on a fixed server clock (2026-11-23 20:00 in Shanghai,
 * so that day is still running there):
 *
 * NWP-SH01 (Asia/Shanghai, litres)
 *   tank 1, 2026-11-20: every 10 min 00:00–23:50, 20,000 L falling 1 L a minute; a gauge-reported
 *           delivery of 4,000 L at 10:00 → start 20,000, end 18,570, sales 5,430, normal.
 *   tank 1, 2026-11-21: first reading 00:20 (missing start); silent 03:00–03:40 (a gap);
 *           12:00 → 12:15:00 (exactly 15 minutes: no gap); 15:00 → 15:15:01 (a gap); end 23:50.
 *   tank 1, 2026-11-22: no readings.
 *   tank 2, 2026-11-20: first at 00:15:00 exactly (a start), last at 23:44:59 (missing end).
 *   tank 3, 2026-10-30/31 and 11-01: a month with a known variance (see the monthly tests).
 * Levels only fall, so ingest detects no delivery: the deliveries are those the gauge reported.
 * NWP-SZ02 (Asia/Shanghai): tank 1 from 2026-11-21 into the running 23rd (a month in progress, its own test).
 * LSF-DE03 (America/Denver, gallons and °F)
 *   tank 1, 2026-03-08 (23 hours): every 10 min, 30,000 L falling 1 L a minute.
 */
const NOW = Date.parse('2026-11-23T12:00:00Z');
let ctx: TestContext;
const cookie: Record<string, string> = {};
const ids: Record<string, number> = {};

function local(day: string, time: string, tz: string): number {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  const [h, mi, s] = time.split(':').map(Number) as [number, number, number];
  return zonedTimeToUtc({ year: y, month: mo, day: d, hour: h, minute: mi, second: s }, tz).getTime();
}
const SH = 'Asia/Shanghai';
const DENVER = 'America/Denver';
const iso = (ms: number) => new Date(ms).toISOString();
const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`;

async function report(code: string, body: object) {
  const res = await deviceReport(ctx.app, code, body);
  const json = res.json();
  expect(json.code).toBe(1000);
  expect(json.data.refused).toEqual([]);
}
const reading = (tank: string, tsMs: number, volumeL: number) => ({ tank, ts: iso(tsMs), productHeightMm: volumeL / 10, waterHeightMm: 5, temperatureC: 18, volumeL, tcVolumeL: volumeL });

type Row = Record<string, unknown> & { start: { volumeL: number; at: string } | null; end: { volumeL: number; at: string } | null; gaps: { from: string; to: string }[] };
type Answer<R> = { code: number; msg: string; data: { list: R[]; total: number; abnormalCount: number; allCount: number } };
const { get } = requestsAs(() => ctx.app, cookie);
const daily = async (who: string, query: string, language = 'en') => (await get(who, `/api/report/inventory/daily/list?${query}`, language)).json() as Answer<Row>;
const monthly = async (who: string, query: string, language = 'en') => (await get(who, `/api/report/inventory/monthly/list?${query}`, language)).json() as Answer<Record<string, unknown>>;

beforeAll(async () => {
  ctx = await startTestApp({ clock: () => new Date(NOW) });
  const other = await addSecondOrganisation(ctx.db);
  ids.otherCompany = other.companyId;
  Object.assign(cookie, await signInAll(ctx.app, ['admin', 'demo-company', 'pampa-company']));

  const r: object[] = [];
  // Tank 1, 2026-11-20: normal.
  for (let m = 0; m <= 1430; m += 10) r.push(reading('1', local('2026-11-20', hhmm(m), SH), 20_000 - m));
  // Tank 1, 2026-11-21: late start, two gaps, one silence of exactly 15 minutes.
  const t21: string[] = [];
  for (let m = 20; m <= 1430; m += 10) t21.push(hhmm(m));
  const skip = new Set(['03:10:00', '03:20:00', '03:30:00', '12:10:00', '15:10:00']);
  for (const time of [...t21.filter((t) => !skip.has(t)), '12:15:00', '15:15:01']) r.push(reading('1', local('2026-11-21', time, SH), 15_000));
  // Tank 2, 2026-11-20: start at 00:15:00, end at 23:44:59.
  for (const time of ['00:15:00', ...Array.from({ length: 141 }, (_, i) => hhmm(20 + i * 10)), '23:44:59']) r.push(reading('2', local('2026-11-20', time, SH), 10_000));
  // Tank 3: October 30 and 31 (an overnight drop of 100 L), November 1 until noon. Levels only
  // fall, so no delivery is detected from them: the one delivery is the gauge's.
  for (let m = 0; m <= 1430; m += 10) r.push(reading('3', local('2026-10-30', hhmm(m), SH), 10_000 - Math.round((1_000 * m) / 1430)));
  for (let m = 0; m <= 1430; m += 10) r.push(reading('3', local('2026-10-31', hhmm(m), SH), 8_900 - Math.round((900 * m) / 1430)));
  for (let m = 0; m <= 720; m += 10) r.push(reading('3', local('2026-11-01', hhmm(m), SH), 7_900));
  await report('NWP-SH01', {
    readings: r,
    deliveries: [
      { tank: '1', startedAt: iso(local('2026-11-20', '10:00:00', SH)), endedAt: iso(local('2026-11-20', '10:30:00', SH)), startVolumeL: 5_000, endVolumeL: 9_000 },
      { tank: '3', startedAt: iso(local('2026-10-31', '09:00:00', SH)), endedAt: iso(local('2026-10-31', '09:20:00', SH)), startVolumeL: 4_000, endVolumeL: 9_000 },
    ],
  });
  // LSF-DE03 tank 1 on the 23-hour day.
  const w = dayWindow('2026-03-08', DENVER);
  const denver: object[] = [];
  for (let t = w.startMs; t < w.endMs; t += 600_000) denver.push(reading('1', t, 30_000 - (t - w.startMs) / 60_000));
  await report('LSF-DE03', { readings: denver });

  const rows = (await daily('admin', 'fromDay=2026-11-20&q=NWP-SH01')).data.list;
  ids.sh01 = rows[0]!.stationId as number;
  for (const row of rows) ids[`tank${row.tankCode as string}`] = row.tankId as number;
});
afterAll(() => ctx.close());

const sh01Days = () => `fromDay=2026-11-20&toDay=2026-11-22&stationId=${ids.sh01}`;
const find = (rows: Row[], tank: string, day: string) => rows.find((r) => r.tankCode === tank && r.day === day)!;

describe('daily tank inventory report (abnormal_can)', () => {
  it('figures a normal day: start, end, deliveries and sales = start − end + deliveries', async () => {
    const { code, data } = await daily('admin', `${sh01Days()}&pageSize=50`);
    expect(code).toBe(1000);
    const day = find(data.list, '1', '2026-11-20');
    expect(day).toMatchObject({
      stationCode: 'NWP-SH01',
      timezone: SH,
      volumeUnit: 1,
      deliveredL: 4_000,
      deliveryCount: 1,
      salesL: 20_000 - 18_570 + 4_000,
      missingStart: false,
      missingEnd: false,
      inProgress: false,
      gapCount: 0,
      abnormal: false,
    });
    expect(day.start).toMatchObject({ at: iso(local('2026-11-20', '00:00:00', SH)), volumeL: 20_000, heightMm: 2_000, temperatureC: 18 });
    expect(day.end).toMatchObject({ at: iso(local('2026-11-20', '23:50:00', SH)), volumeL: 18_570 });
  });

  it('flags a late start and each gap over 15 minutes with its readings, not a silence of exactly 15 minutes', async () => {
    const { data } = await daily('admin', `${sh01Days()}&pageSize=50`);
    const day = find(data.list, '1', '2026-11-21');
    expect(day).toMatchObject({ missingStart: true, missingEnd: false, salesL: null, gapCount: 2, abnormal: true, start: null, firstReadingAt: iso(local('2026-11-21', '00:20:00', SH)) });
    expect(day.end!.volumeL).toBe(15_000);
    expect(day.gaps).toEqual([
      { from: iso(local('2026-11-21', '03:00:00', SH)), to: iso(local('2026-11-21', '03:40:00', SH)) },
      { from: iso(local('2026-11-21', '15:00:00', SH)), to: iso(local('2026-11-21', '15:15:01', SH)) },
    ]);
    // A day without any reading misses both ends.
    expect(find(data.list, '1', '2026-11-22')).toMatchObject({ missingStart: true, missingEnd: true, firstReadingAt: null, lastReadingAt: null, gapCount: 0, abnormal: true });
  });

  it('takes a start at exactly 00:15:00 and refuses an end at 23:44:59', async () => {
    const { data } = await daily('admin', `${sh01Days()}&tankId=${ids.tank2}`);
    const day = find(data.list, '2', '2026-11-20');
    expect(day).toMatchObject({ missingStart: false, missingEnd: true, salesL: null, gapCount: 0, lastReadingAt: iso(local('2026-11-20', '23:44:59', SH)) });
    expect(day.start!.at).toBe(iso(local('2026-11-20', '00:15:00', SH)));
  });

  it('cuts days at the station’s own midnights: a 23-hour DST day in Denver', async () => {
    const { data } = await daily('admin', 'fromDay=2026-03-08&q=LSF-DE03');
    expect(data.list).toHaveLength(1);
    const day = data.list[0]!;
    expect(day).toMatchObject({ day: '2026-03-08', tankCode: '1', timezone: DENVER, volumeUnit: 2, tempUnit: 2, missingStart: false, missingEnd: false, gapCount: 0, salesL: 22 * 60 + 50 });
    expect(day.end!.at).toBe(iso(local('2026-03-08', '23:50:00', DENVER)));
  });

  it('lists only days that have begun, and no days before a tank’s first', async () => {
    // Tank 2 reported first on 11-20; the 23rd is running in Shanghai, the 24th has not begun.
    const { data } = await daily('admin', `fromDay=2026-11-19&toDay=2026-11-24&tankId=${ids.tank2}`);
    expect(data.list.map((r) => r.day)).toEqual(['2026-11-23', '2026-11-22', '2026-11-21', '2026-11-20']);
    expect(data.list[0]).toMatchObject({ inProgress: true, missingEnd: false, missingStart: true, end: null });
  });

  it('lists every asked day of a tank created before them, those before its first reading as missing', async () => {
    // Created on the 1st (as a tank in operation is, long before the days a report asks for), first reading on the 20th.
    const [was] = await rawRows<{ created_at: string }>(ctx.db, sql`select created_at::text from tanks where id = ${ids.tank2}`);
    await ctx.db.execute(sql`update tanks set created_at = '2026-11-01T00:00:00Z' where id = ${ids.tank2}`);
    try {
      const { code, data } = await daily('admin', `fromDay=2026-11-17&toDay=2026-11-24&tankId=${ids.tank2}`);
      expect(code).toBe(1000);
      expect(data.list.map((r) => r.day)).toEqual(['2026-11-23', '2026-11-22', '2026-11-21', '2026-11-20', '2026-11-19', '2026-11-18', '2026-11-17']);
      expect(data.list.find((r) => r.day === '2026-11-19')).toMatchObject({ start: null, end: null, missingStart: true, missingEnd: true, abnormal: true });
    } finally {
      await ctx.db.execute(sql`update tanks set created_at = ${was!.created_at}::timestamptz where id = ${ids.tank2}`);
    }
  });

  it('pages and sorts on the server, unknown sales last when descending; abnormal only', async () => {
    const all = await daily('admin', `${sh01Days()}&pageSize=4`);
    // Tanks 1, 2, 3 × 3 days; only tank 1 on the 20th is normal.
    expect([all.data.total, all.data.allCount, all.data.abnormalCount]).toEqual([9, 9, 8]);
    expect(all.data.list.map((r) => `${r.day}/${r.tankCode}`)).toEqual(['2026-11-22/1', '2026-11-22/2', '2026-11-22/3', '2026-11-21/1']);
    const page3 = await daily('admin', `${sh01Days()}&pageSize=4&page=3`);
    expect(page3.data.list.map((r) => `${r.day}/${r.tankCode}`)).toEqual(['2026-11-20/3']);
    const bySales = await daily('admin', `${sh01Days()}&sortField=salesL&sortOrder=descend&pageSize=2`);
    expect(bySales.data.list.map((r) => [r.day, r.tankCode, r.salesL])).toEqual([
      ['2026-11-20', '1', 5_430],
      ['2026-11-22', '1', null],
    ]);
    const byGaps = await daily('admin', `${sh01Days()}&sortField=gapCount&sortOrder=descend&pageSize=1`);
    expect(byGaps.data.list.map((r) => `${r.day}/${r.tankCode}/${r.gapCount as number}`)).toEqual(['2026-11-21/1/2']);
    const byStart = await daily('admin', `${sh01Days()}&sortField=startVolumeL&sortOrder=ascend&abnormalOnly=no&pageSize=50`);
    expect(byStart.data.list.filter((r) => r.start !== null).map((r) => r.start!.volumeL)).toEqual([10_000, 20_000]);
    const abnormal = await daily('admin', `${sh01Days()}&abnormalOnly=yes&pageSize=50`);
    expect(abnormal.data.total).toBe(8);
    expect(abnormal.data.list.every((r) => r.abnormal)).toBe(true);
  });

  it('refuses a bad day, an end before the start, over 31 days and an unknown sort, naming the field', async () => {
    const cases: [string, string][] = [
      ['fromDay=2026-02-30', 'First day: must be a day written YYYY-MM-DD'],
      ['fromDay=2026-11-20&toDay=tomorrow', 'Last day: must be a day written YYYY-MM-DD'],
      ['fromDay=2026-11-22&toDay=2026-11-20', 'First day: must not be after the last day'],
      ['fromDay=2026-11-01&toDay=2026-12-02', 'Last day: must keep the range to at most 31 days'],
      ['fromDay=2026-11-20&sortField=password', 'Sort column: is not valid'],
      ['toDay=2026-11-20', 'First day: is required'],
    ];
    for (const [query, message] of cases) {
      const answer = await daily('admin', query);
      expect([answer.code, answer.msg], query).toEqual([91011, message]);
    }
    // 31 days is allowed.
    expect((await daily('admin', 'fromDay=2026-11-01&toDay=2026-12-01')).code).toBe(1000);
    const zh = await daily('admin', 'fromDay=2026-11-22&toDay=2026-11-20', 'zh_CN');
    expect([zh.code, zh.msg]).toEqual([91011, '起始日期：不能晚于结束日期']);
    const ar = await daily('admin', 'fromDay=2026-11-01&toDay=2026-12-02', 'ar');
    expect([ar.code, ar.msg]).toEqual([91011, 'اليوم الأخير: يجب ألا يتجاوز النطاق 31 يومًا']);
  });

  it('shows another company none of the demo company’s tanks, whatever it asks for', async () => {
    expect((await daily('demo-company', sh01Days())).data.total).toBe(9);
    // DE03 belongs to the other demo company.
    expect((await daily('demo-company', 'fromDay=2026-03-08')).data.total).toBe(0);
    const pampa = await daily('pampa-company', sh01Days());
    expect([pampa.code, pampa.data.total]).toEqual([1000, 0]);
    expect((await daily('pampa-company', `fromDay=2026-11-20&tankId=${ids.tank1}`)).data.total).toBe(0);
    const exported = await get('pampa-company', `/api/report/inventory/daily/export?${sh01Days()}`);
    expect((await readSheet(exported)).sheet.rowCount).toBe(1);
    expect((await monthly('pampa-company', `fromMonth=2026-10&toMonth=2026-11&stationId=${ids.sh01}`)).data.total).toBe(0);
    expect((await daily('admin', `fromDay=2026-11-20&companyId=${ids.otherCompany}`)).data.total).toBe(0);
  });

  it('exports the rows in the caller’s language and each company’s units, with the reasons', async () => {
    const res = await get('admin', `/api/report/inventory/daily/export?fromDay=2026-03-08&toDay=2026-03-08&sortField=stationName`, 'es');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const { sheet, header, col } = await readSheet(res);
    expect(sheet.name).toBe('Inventario diario de tanques');
    expect(header).toContain('Volumen inicial');
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toEqual(new Date('2026-03-08T00:00:00Z'));
    expect(row.getCell(col('Código')).value).toBe('LSF-DE03');
    expect(row.getCell(col('Unidad de volumen')).value).toBe('Galones EE. UU.');
    expect(row.getCell(col('Volumen inicial')).value).toBe(Number((30_000 / LITRES_PER_US_GALLON).toFixed(1)));
    expect(row.getCell(col('Ventas')).value).toBe(Number((1_370 / LITRES_PER_US_GALLON).toFixed(1)));
    expect(row.getCell(col('Temperatura inicial')).value).toBe(64.4);
    expect(row.getCell(col('Hora de la lectura final')).value).toEqual(new Date('2026-03-08T23:50:00Z'));

    const sh = await get('admin', `/api/report/inventory/daily/export?${sh01Days()}&tankId=${ids.tank1}`, 'en');
    const s = await readSheet(sh);
    expect(s.sheet.rowCount).toBe(4);
    const values = [2, 3, 4].map((i) => [s.sheet.getRow(i).getCell(1).value, s.cell(i, 'Sales'), s.cell(i, 'Why abnormal')]);
    expect(values).toEqual([
      [new Date('2026-11-22T00:00:00Z'), '', 'No readings this day'],
      [new Date('2026-11-21T00:00:00Z'), '', 'Missing start: first reading at 00:20:00, after 00:15; Gaps over 15 minutes (2): 03:00:00–03:40:00, 15:00:00–15:15:01'],
      [new Date('2026-11-20T00:00:00Z'), 5_430, ''],
    ]);
  });
});

describe('monthly inventory report (Monthly)', () => {
  it('sums a month’s days: opening, closing, deliveries, sales and the book-versus-measured variance', async () => {
    const { code, data } = await monthly('admin', `fromMonth=2026-10&toMonth=2026-11&stationId=${ids.sh01}`);
    expect(code).toBe(1000);
    expect(data.list.map((r) => `${r.month as string}/${r.tankCode as string}`)).toEqual(['2026-11/1', '2026-11/2', '2026-11/3', '2026-10/3']);
    // October, tank 3: 10,000 → 9,000 on the 30th; 8,900 → 8,000 with 5,000 delivered on the 31st.
    expect(data.list[3]).toMatchObject({
      firstDay: '2026-10-30',
      lastDay: '2026-10-31',
      days: 2,
      openingL: 10_000,
      closingL: 8_000,
      deliveredL: 5_000,
      deliveryCount: 1,
      salesL: 1_000 + 5_900,
      unknownSalesDays: 0,
      abnormalDays: 0,
      bookClosingL: 8_100,
      // The 100 L that left the tank overnight is in no day's sales.
      varianceL: -100,
      inProgress: false,
    });
    // November, tank 1: the 20th to the 23rd, which is still running: the 20th to the 22nd are
    // counted (issue 34 item 5), the 21st and 22nd abnormal, the 22nd's end missing.
    expect(data.list[0]).toMatchObject({
      firstDay: '2026-11-20',
      lastDay: '2026-11-23',
      days: 4,
      finishedDays: 3,
      daysInMonth: 30,
      openingL: 20_000,
      closingL: null,
      salesL: 5_430,
      unknownSalesDays: 2,
      abnormalDays: 2,
      deliveredL: 4_000,
      varianceL: null,
      inProgress: true,
    });
    // November, tank 3: every finished day from the 1st is abnormal (the 1st stops at noon, then nothing).
    expect(data.list[2]).toMatchObject({ days: 23, finishedDays: 22, abnormalDays: 22, openingL: 7_900 });
    expect(data.list[3]).toMatchObject({ finishedDays: 2, daysInMonth: 31 });
    expect([data.abnormalCount, data.allCount]).toEqual([3, 4]);
  });

  it('counts a month in progress by its finished days: today’s unfinished day is neither unknown nor abnormal (issue 34 item 5)', async () => {
    // NWP-SZ02 (Shanghai) tank 1: 12,000 L falling 1 L a minute, read every 10 minutes from
    // 2026-11-21 00:00; today (the 23rd, 20:00 on the server's clock) is silent 10:00–11:00.
    const r: object[] = [];
    for (let m = 0; m < 2 * 1440 + 20 * 60; m += 10) {
      const at = local('2026-11-21', '00:00:00', SH) + m * 60_000;
      if (m < 2 * 1440 + 10 * 60 || m > 2 * 1440 + 11 * 60) r.push(reading('1', at, 12_000 - m));
    }
    await report('NWP-SZ02', { readings: r });
    const { data } = await monthly('admin', 'fromMonth=2026-11&q=NWP-SZ02');
    const tank1 = data.list.filter((row) => row.tankCode === '1');
    expect(tank1).toHaveLength(1);
    expect(tank1[0]).toMatchObject({
      firstDay: '2026-11-21',
      lastDay: '2026-11-23',
      days: 3,
      finishedDays: 2,
      daysInMonth: 30,
      inProgress: true,
      openingL: 12_000,
      // The 22nd's end, at 23:50: 12,000 − (1,440 + 1,430).
      closingL: 9_130,
      // 1,430 L on each finished day; today's sales so far are not counted.
      salesL: 2_860,
      unknownSalesDays: 0,
      abnormalDays: 0,
      bookClosingL: 12_000 - 2_860,
      // The 10 minutes between the 21st's last reading and the 22nd's first.
      varianceL: -10,
    });
  });

  it('sorts by variance and abnormal days, and keeps only months with abnormal days when asked', async () => {
    const q = `fromMonth=2026-10&toMonth=2026-11&stationId=${ids.sh01}`;
    const byAbnormal = await monthly('admin', `${q}&sortField=abnormalDays&sortOrder=descend`);
    expect(byAbnormal.data.list.map((r) => r.abnormalDays)).toEqual([22, 3, 2, 0]);
    const byVariance = await monthly('admin', `${q}&sortField=varianceL&sortOrder=descend&pageSize=1`);
    expect(byVariance.data.list.map((r) => r.varianceL)).toEqual([-100]);
    const abnormal = await monthly('admin', `${q}&abnormalOnly=yes`);
    expect(abnormal.data.list.map((r) => r.month)).toEqual(['2026-11', '2026-11', '2026-11']);
  });

  it('refuses a bad month, an end before the start, over 12 months and an unknown sort', async () => {
    const cases: [string, string][] = [
      ['fromMonth=2026-13', 'First month: must be a month written YYYY-MM'],
      ['fromMonth=2026-11&toMonth=2026-10', 'First month: must not be after the last month'],
      ['fromMonth=2025-11&toMonth=2026-11', 'Last month: must keep the range to at most 12 months'],
      ['fromMonth=2026-11&sortField=salesPerDay', 'Sort column: is not valid'],
    ];
    for (const [query, message] of cases) {
      const answer = await monthly('admin', query);
      expect([answer.code, answer.msg], query).toEqual([91011, message]);
    }
    const es = await monthly('admin', 'fromMonth=2025-11&toMonth=2026-11', 'es');
    expect([es.code, es.msg]).toEqual([91011, 'Último mes: debe limitar el intervalo a 12 meses como máximo']);
  });

  it('exports the months with the variance in each company’s units', async () => {
    const res = await get('admin', `/api/report/inventory/monthly/export?fromMonth=2026-03&q=LSF-DE03`, 'en');
    const { sheet, header, col } = await readSheet(res);
    expect(sheet.name).toBe('Monthly inventory');
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    // March in Denver: only the 8th has readings (from its first reading on); the 9th on have none.
    expect(row.getCell(col('Month')).value).toBe('2026-03');
    expect(row.getCell(col('Volume unit')).value).toBe('US gallons');
    expect(row.getCell(col('Opening volume')).value).toBe(Number((30_000 / LITRES_PER_US_GALLON).toFixed(1)));
    expect(row.getCell(col('Days with abnormal data')).value).toBe(23);
    expect(row.getCell(col('Days covered')).value).toBe('2026-03-08 – 2026-03-31');
    expect(row.getCell(col('Days counted')).value).toBe(24);
    // The level's book and variance and the pumps' are named apart (issue 34 item 5).
    expect(header).toEqual(expect.arrayContaining(['Book closing (gauged sales)', 'Variance (gauged sales)', 'Book closing (metered sales)', 'Variance (metered sales)']));
    expect(new Set(header).size).toBe(header.length);
  });
});
