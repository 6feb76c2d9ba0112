import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { ADMIN_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';
import { tankReading, wallMs } from '../../test/tank-readings';
import { readBook, readSheet } from '../../test/xlsx-cells';

/**
 * Issue 20 item 1: a tanker drop from 23:45 to 00:20 (station time) put the whole delivered
 * volume on the day it began. NWP-SH01 (Asia/Shanghai, no shifts: one all-day shift), tank 1,
 * read every 5 minutes through the device endpoint; the ingest detects the drop from the rise:
 *   2026-10-30 00:00 10,000 L, falling to 7,160 L at 23:45 (2,840 L sold);
 *   the drop, 120 L a minute: 23:50 7,760, 23:55 8,360 (the day's last reading),
 *   2026-10-31 00:00 8,960 (the next day's first), 00:05 9,560 … 00:20 11,360 (4,200 L in all);
 *   then falling to 8,530 L at 23:55 (2,830 L sold).
 * Hand-computed, each day counting only the rise between its own readings:
 *   day 1: 10,000 − 8,360 + 1,200 (7,160 → 8,360) = 2,840 L (was 10,000 − 8,360 + 4,200 = 5,840);
 *   day 2:  8,960 − 8,530 + 2,400 (8,960 → 11,360) = 2,830 L (was 8,960 − 8,530 = 430).
 * The 600 L that came between 23:55 and 00:00 is in neither day (no day watched it): it is the
 * month's variance. The all-day shift's end search includes 24:00, so shift 1 ends at the 00:00
 * reading (8,960 L) that shift 2 starts at: 10,000 − 8,960 + 1,800 = 2,840; 2,830 as above.
 */
const NOW = Date.parse('2026-11-23T04:00:00Z');
const SH = 'Asia/Shanghai';
let ctx: TestContext;
let cookie = '';
let stationId = 0;
let tankId = 0;

const local = (day: string, minute: number) => wallMs(day, minute, SH);
const iso = (ms: number) => new Date(ms).toISOString();
const reading = tankReading;
const get = (url: string, language = 'en') => ctx.app.inject({ method: 'GET', url, headers: { cookie, language } });
const data = async <T>(url: string) => {
  const json = (await get(url)).json() as { code: number; data: T };
  expect(json.code).toBe(1000);
  return json.data;
};
async function exported(url: string, language = 'en') {
  const res = await get(url, language);
  expect(res.statusCode).toBe(200);
  return res;
}
const bookOf = async (url: string, language = 'en') => readBook((await exported(url, language)).rawPayload);
const sheetOf = async (url: string, index = 0) => readSheet(await exported(url), index);

beforeAll(async () => {
  ctx = await startTestApp({ clock: () => new Date(NOW) });
  cookie = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
  const readings: object[] = [];
  for (let m = 0; m <= 1425; m += 5) readings.push(reading(local('2026-10-30', m), 10_000 - Math.round((2_840 * m) / 1_425)));
  readings.push(reading(local('2026-10-30', 1430), 7_760), reading(local('2026-10-30', 1435), 8_360));
  for (let m = 0; m <= 15; m += 5) readings.push(reading(local('2026-10-31', m), 8_960 + 120 * m));
  for (let m = 20; m <= 1435; m += 5) readings.push(reading(local('2026-10-31', m), 11_360 - Math.round((2_830 * (m - 20)) / 1_415)));
  const res = await ctx.app.inject({ method: 'POST', url: '/api/device/v1/stations/NWP-SH01/report', headers: { authorization: 'Bearer demo-device-key:NWP-SH01' }, payload: { readings } });
  expect(res.json().data.refused).toEqual([]);
  const rows = await data<{ list: { stationId: number; tankId: number; tankCode: string }[] }>('/api/report/inventory/daily/list?fromDay=2026-10-30&q=NWP-SH01');
  stationId = rows.list[0]!.stationId;
  tankId = rows.list.find((r) => r.tankCode === '1')!.tankId;
});
afterAll(() => ctx.close());

describe('a delivery across midnight gives each day only its own part (issue 20 item 1)', () => {
  it('the ingest found one drop, 23:45 → 00:20, of 4,200 L', async () => {
    const list = await data<{ list: { startedAt: string; endedAt: string; riseL: number; salesDuringL: number | null; salesDuringSource: string | null; deliveredL: number }[] }>(`/api/report/delivery/list?stationId=${stationId}&tankId=${tankId}`);
    expect(list.list.map((d) => [d.startedAt, d.endedAt, d.riseL])).toEqual([[iso(local('2026-10-30', 1425)), iso(local('2026-10-31', 20)), 4_200]]);
    // The tank sold 120 L in the hour before the drop and 120 L in the hour after (issue 34): 70 L
    // estimated in its 35 minutes, so the tanker delivered 4,270 L. The days still count the rise.
    expect(list.list[0]).toMatchObject({ salesDuringL: 70, salesDuringSource: 'estimated', deliveredL: 4_270 });
  });

  it('daily: 2,840 L and 2,830 L sold, each day with its own part of the drop, both normal', async () => {
    const { list } = await data<{ list: Record<string, unknown>[] }>(`/api/report/inventory/daily/list?fromDay=2026-10-30&toDay=2026-10-31&stationId=${stationId}&tankId=${tankId}&sortField=day`);
    expect(list.map((r) => [r.day, r.deliveredL, r.deliveryCount, r.salesL, r.abnormal])).toEqual([
      ['2026-10-30', 1_200, 1, 2_840, false],
      ['2026-10-31', 2_400, 1, 2_830, false],
    ]);
  });

  it('monthly: one delivery, the days’ parts and sales summed, the unwatched 600 L the variance', async () => {
    const { list } = await data<{ list: Record<string, unknown>[] }>(`/api/report/inventory/monthly/list?fromMonth=2026-10&stationId=${stationId}&tankId=${tankId}`);
    expect(list[0]).toMatchObject({ openingL: 10_000, closingL: 8_530, deliveredL: 3_600, deliveryCount: 1, salesL: 5_670, bookClosingL: 7_930, varianceL: 600, abnormalDays: 0 });
  });

  it('shifts: the all-day shifts cut the drop at the 00:00 reading they share', async () => {
    const { list } = await data<{ list: { day: string; tanks: Record<string, unknown>[] }[] }>(`/api/report/shift-sales/list?fromDay=2026-10-30&toDay=2026-10-31&stationId=${stationId}&tankId=${tankId}&sortField=day`);
    expect(list.map((s) => [s.day, s.tanks[0]!.deliveredL, s.tanks[0]!.deliveryCount, s.tanks[0]!.salesL])).toEqual([
      ['2026-10-30', 1_800, 1, 2_840],
      ['2026-10-31', 2_400, 1, 2_830],
    ]);
    const detail = await data<{ deliveredL: number; salesL: number; deliveries: Record<string, unknown>[] }>(`/api/report/shift-sales/detail?stationId=${stationId}&tankId=${tankId}&day=2026-10-31&shift=00:00`);
    expect(detail).toMatchObject({ deliveredL: 2_400, salesL: 2_830 });
    expect(detail.deliveries).toMatchObject([{ startedAt: iso(local('2026-10-31', 0)), endedAt: iso(local('2026-10-31', 20)), startVolumeL: 8_960, endVolumeL: 11_360, deliveredL: 2_400 }]);
  });

  it('home: seen at noon on the 31st, today brought the 2,400 L that came after midnight’s first reading', async () => {
    const noon = await buildApp({ config: ctx.config, db: ctx.db, clock: () => new Date(local('2026-10-31', 720)) });
    await noon.ready();
    try {
      const overview = (await noon.inject({ method: 'GET', url: '/api/monitor/overview?tz=Asia/Shanghai', headers: { cookie } })).json().data;
      expect([overview.todayDeliveryCount, overview.todayDeliveredL]).toEqual([1, 2_400]);
    } finally {
      await noon.close();
    }
  });

  it('the xlsx exports carry the same figures', async () => {
    const daily = await sheetOf(`/api/report/inventory/daily/export?fromDay=2026-10-30&toDay=2026-10-31&stationId=${stationId}&tankId=${tankId}&sortField=day`);
    expect([2, 3].map((row) => [daily.cell(row, 'Delivered volume'), daily.cell(row, 'Sales')])).toEqual([
      [1_200, 2_840],
      [2_400, 2_830],
    ]);
    const monthly = await sheetOf(`/api/report/inventory/monthly/export?fromMonth=2026-10&stationId=${stationId}&tankId=${tankId}`);
    expect([monthly.cell(2, 'Delivered volume'), monthly.cell(2, 'Sales')]).toEqual([3_600, 5_670]);
    const shifts = await sheetOf(`/api/report/shift-sales/export?fromDay=2026-10-30&toDay=2026-10-31&stationId=${stationId}&tankId=${tankId}&sortField=day`);
    expect([2, 3].map((row) => [shifts.cell(row, 'Delivered volume'), shifts.cell(row, 'Sales')])).toEqual([
      [1_800, 2_840],
      [2_400, 2_830],
    ]);
  });
});

describe('exports: days and times are dates, Arabic reads right to left (issue 20 item 13)', () => {
  const dailyUrl = () => `/api/report/inventory/daily/export?fromDay=2026-10-30&toDay=2026-10-31&stationId=${stationId}&tankId=${tankId}&sortField=day`;
  const shiftUrl = () => `/api/report/shift-sales/export?fromDay=2026-10-30&toDay=2026-10-31&stationId=${stationId}&tankId=${tankId}&sortField=day`;

  it('daily: the day and the reading times are date cells holding the station’s wall clock', async () => {
    const { sheet, cell } = await sheetOf(dailyUrl());
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const day = sheet.getRow(3).getCell(header.indexOf('Day') + 1);
    expect(day.type).toBe(ExcelJS.ValueType.Date);
    expect(day.numFmt).toBe('yyyy-mm-dd');
    expect((day.value as Date).toISOString()).toBe('2026-10-31T00:00:00.000Z');
    // Day 2's first reading, 00:00 in Shanghai (16:00 UTC the day before): Excel holds 00:00, as the page shows.
    expect((cell(3, 'Start reading time') as Date).toISOString()).toBe('2026-10-31T00:00:00.000Z');
    expect((cell(2, 'End reading time') as Date).toISOString()).toBe('2026-10-30T23:55:00.000Z');
    expect(sheet.views[0]?.rightToLeft ?? false).toBe(false);
  });

  it('an Arabic export has every sheet right to left, its dates still dates', async () => {
    const daily = await bookOf(dailyUrl(), 'ar');
    expect(daily.worksheets[0]!.views[0]).toMatchObject({ rightToLeft: true });
    expect(daily.worksheets[0]!.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.Date);
    const shifts = await bookOf(shiftUrl(), 'ar');
    expect(shifts.worksheets.map((w) => w.views[0]?.rightToLeft)).toEqual([true, true, true]);
    const english = await bookOf(shiftUrl());
    expect(english.worksheets.map((w) => w.views[0]?.rightToLeft ?? false)).toEqual([false, false, false]);
  });

  it('shifts: the shift’s day, start and end are date cells', async () => {
    const { sheet, cell } = await sheetOf(shiftUrl());
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(sheet.getRow(2).getCell(header.indexOf('Day') + 1).type).toBe(ExcelJS.ValueType.Date);
    expect((cell(2, 'Shift start') as Date).toISOString()).toBe('2026-10-30T00:00:00.000Z');
  });
});
