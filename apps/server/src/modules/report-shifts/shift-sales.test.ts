import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LITRES_PER_US_GALLON } from '@ullage/domain/units';
import { dayOf, nextDay } from '@ullage/domain/station-day';
import { zonedTimeToUtc } from '@ullage/domain/zoned-time';
import { buildApp } from '../../app';
import { deviceReport, startTestApp, type TestContext } from '../../test/harness';
import { signInAll } from '../../test/signed-in';
import { readSheet, wallDate } from '../../test/xlsx-cells';
import { addSecondOrganisation } from '../../test/second-organisation';

/**
 * Sales per shift and sales details (issue 6 item 8) over readings sent through the device
 * path. NWP-SH01 (Asia/Shanghai, litres) works 06:00 / 14:00 / 22:00 on day D, three days ago;
 * LSF-HO01 (America/Chicago, a company that reads gallons) has no shifts set: one all-day shift.
 */
let ctx: TestContext;
const cookie: Record<string, string> = {};
const SH = 'Asia/Shanghai';
const CHI = 'America/Chicago';
const D = dayOf(Date.now() - 3 * 86_400_000, SH);
const D1 = nextDay(D);
const HD = dayOf(Date.now() - 3 * 86_400_000, CHI);
const local = (day: string, hhmm: string, zone: string) => {
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
  const [hour, minute] = hhmm.split(':').map(Number) as [number, number];
  return zonedTimeToUtc({ year, month, day: dayOfMonth, hour, minute }, zone).toISOString();
};
const sh = (hhmm: string, day = D) => local(day, hhmm, SH);

type Row = Record<string, unknown> & { tanks: Record<string, unknown>[] };
type Answer<T> = { code: number; msg: string; data: T };
const call = (who: string, method: 'GET' | 'PUT', url: string, payload?: object, language = 'en') =>
  ctx.app.inject({ method, url, headers: { cookie: cookie[who]!, language }, ...(payload ? { payload } : {}) });
const get = async <T>(who: string, url: string, language = 'en') => (await call(who, 'GET', url, undefined, language)).json() as Answer<T>;
const putShifts = async (who: string, stationId: number, shifts: object[], language = 'en') => (await call(who, 'PUT', `/api/station/${stationId}/shifts`, { shifts }, language)).json() as Answer<Record<string, unknown>>;
type List = { list: Row[]; total: number; totals: { shifts: number; salesL: number | null; deliveredL: number; unknownCount: number; volumeUnit: number; products: Record<string, unknown>[] } };
const list = (who: string, query: string, language = 'en') => get<List>(who, `/api/report/shift-sales/list?${query}`, language);

const report = async (code: string, body: object) => {
  const res = await deviceReport(ctx.app, code, body);
  expect(res.json().code).toBe(1000);
  expect(res.json().data.refused).toEqual([]);
};
const reading = (tank: string, ts: string, volumeL: number) => ({ tank, ts, productHeightMm: volumeL / 10, temperatureC: 18, volumeL, tcVolumeL: volumeL - 10 });

let shanghai: number;
let houston: number;
let shenzhen: number;
let tankIds: Record<string, number>;

beforeAll(async () => {
  ctx = await startTestApp();
  await addSecondOrganisation(ctx.db);
  Object.assign(cookie, await signInAll(ctx.app, ['admin', 'demo-company', 'demo-station', 'pampa-company']));
  const stations = (await get<{ list: { id: number; code: string }[] }>('admin', '/api/station/list?pageSize=50')).data.list;
  const idOf = (code: string) => stations.find((s) => s.code === code)!.id;
  shanghai = idOf('NWP-SH01');
  houston = idOf('LSF-HO01');
  shenzhen = idOf('NWP-SZ02');
  const tanks = (await get<{ id: number; code: string }[]>('admin', `/api/station/${shanghai}/tanks`)).data;
  tankIds = Object.fromEntries(tanks.map((t) => [t.code, t.id]));

  await report('NWP-SH01', {
    readings: [
      // Tank 1: the reading at 05:50 is the night before's; the morning starts at 06:10 (19,900 L),
      // a gauge-reported delivery of 5,000 L at 09:00, and the reading exactly at 14:00 ends the
      // morning and starts the afternoon. No reading in the afternoon's last quarter hour (21:44 is
      // one minute early). The night starts exactly 15 minutes late and ends exactly 15 minutes early.
      reading('1', sh('05:50'), 20_000),
      reading('1', sh('06:10'), 19_900),
      reading('1', sh('08:50'), 18_800),
      reading('1', sh('09:10'), 21_000),
      reading('1', sh('09:40'), 23_700),
      reading('1', sh('14:00'), 20_950),
      reading('1', sh('21:44'), 17_000),
      reading('1', sh('22:15'), 16_900),
      reading('1', sh('05:45', D1), 15_000),
      // Tank 2: the first reading of the morning is one minute too late.
      reading('2', sh('06:16'), 8_500),
      reading('2', sh('14:00'), 8_000),
      reading('2', sh('21:59'), 7_200),
      // Tank 3: a delivery detected from the level, 10,000 → 14,000 L from 15:05 to 15:15.
      ...[
        ['14:00', 10_500],
        ['15:00', 10_000],
        ['15:05', 10_000],
        ['15:10', 12_000],
        ['15:15', 14_000],
        ['15:20', 14_000],
        ['15:25', 14_000],
        ['15:30', 13_995],
        ['21:50', 9_000],
      ].map(([t, v]) => reading('3', sh(t as string), v as number)),
    ],
    deliveries: [{ tank: '1', startedAt: sh('09:00'), endedAt: sh('09:30'), startVolumeL: 18_700, endVolumeL: 23_700 }],
  });
  // Houston, gallons, no shifts: all day from local midnight, 2,000 gal to 1,500 gal.
  await report('LSF-HO01', {
    readings: [reading('1', local(HD, '00:05', CHI), 2_000 * LITRES_PER_US_GALLON), reading('1', local(HD, '12:00', CHI), 1_800 * LITRES_PER_US_GALLON), reading('1', local(HD, '23:55', CHI), 1_500 * LITRES_PER_US_GALLON)],
  });
});
afterAll(() => ctx.close());

const THREE = [
  { name: 'Afternoon', start: '14:00' },
  { name: 'Morning', start: '06:00' },
  { name: 'Night', start: '22:00' },
];

describe('shift configuration (GET/PUT /api/station/:id/shifts)', () => {
  it('a station without shifts has one, all day from 00:00, named in the caller’s language', async () => {
    const en = await get<Record<string, unknown>>('admin', `/api/station/${shanghai}/shifts`);
    expect(en.data).toEqual({ stationId: shanghai, stationName: 'Shanghai Pudong', stationCode: 'NWP-SH01', timezone: SH, configured: false, canEdit: true, shifts: [{ name: 'All day', start: '00:00', startMinute: 0 }] });
    const zh = await get<{ shifts: { name: string }[] }>('admin', `/api/station/${shanghai}/shifts`, 'zh_CN');
    expect(zh.data.shifts[0]!.name).toBe('全天');
  });

  it('replaces the shifts as a whole, ordered by start', async () => {
    const saved = await putShifts('admin', shanghai, [{ name: 'x', start: '03:00' }]);
    expect(saved.code).toBe(1000);
    const res = await putShifts('admin', shanghai, THREE);
    expect([res.code, res.msg]).toEqual([1000, 'Setting saved']);
    expect(res.data.shifts).toEqual([
      { name: 'Morning', start: '06:00', startMinute: 360 },
      { name: 'Afternoon', start: '14:00', startMinute: 840 },
      { name: 'Night', start: '22:00', startMinute: 1320 },
    ]);
    const again = await get<Record<string, unknown>>('demo-company', `/api/station/${shanghai}/shifts`);
    expect(again.data).toMatchObject({ configured: true, canEdit: true, shifts: res.data.shifts });
  });

  const seven = Array.from({ length: 7 }, (_, i) => ({ name: `S${i + 1}`, start: `0${i}:00` }));
  it.each([
    ['no shift', [], 'Shifts: must hold 1 to 6 shifts', 'الورديات: يجب أن تضم من 1 إلى 6 ورديات'],
    ['seven shifts', seven, 'Shifts: must hold 1 to 6 shifts', 'الورديات: يجب أن تضم من 1 إلى 6 ورديات'],
    ['a repeated start', [...THREE, { name: 'Late', start: '22:00' }], 'Shift 4 · Start time: is already used in this list', 'الوردية 4 · وقت البدء: مستخدم بالفعل في هذه القائمة'],
    ['a start that is not HH:MM', [{ name: 'Morning', start: '6:00' }], 'Shift 1 · Start time: must be a time of day written HH:MM, such as 06:00', 'الوردية 1 · وقت البدء: يجب أن يكون وقتًا بالصيغة HH:MM، مثل 06:00'],
    ['an empty name', [{ name: ' ', start: '06:00' }], 'Shift 1 · Name: is required', 'الوردية 1 · الاسم: مطلوب'],
    ['a name over 30 characters', [{ name: 'N'.repeat(31), start: '06:00' }], 'Shift 1 · Name: must be at most 30 characters', 'الوردية 1 · الاسم: يجب ألا يتجاوز 30 حرفًا'],
  ])('refuses %s with 91011 naming the field, in English and Arabic', async (_, shifts, en, ar) => {
    const res = await putShifts('admin', shanghai, shifts);
    expect([res.code, res.msg]).toEqual([91011, en]);
    const arabic = await putShifts('admin', shanghai, shifts, 'ar');
    expect([arabic.code, arabic.msg]).toEqual([91011, ar]);
    const kept = await get<{ shifts: { start: string }[] }>('admin', `/api/station/${shanghai}/shifts`);
    expect(kept.data.shifts.map((s) => s.start)).toEqual(['06:00', '14:00', '22:00']);
  });

  it('another company’s user can neither read nor change them: not found', async () => {
    expect((await get('pampa-company', `/api/station/${shanghai}/shifts`)).code).toBe(80001);
    expect((await putShifts('pampa-company', shanghai, THREE)).code).toBe(80001);
  });

  it('a station user reads its own station’s shifts, changes none, and cannot reach other stations', async () => {
    const own = await get<{ canEdit: boolean }>('demo-station', `/api/station/${shanghai}/shifts`);
    expect([own.code, own.data.canEdit]).toEqual([1000, false]);
    expect((await putShifts('demo-station', shanghai, THREE)).code).toBe(80003);
    // Changing shifts takes station:manage, which a station account lacks wherever the station is (roles.ts).
    expect((await putShifts('demo-station', shenzhen, THREE)).code).toBe(80003);
    expect((await get('demo-station', `/api/station/${shenzhen}/shifts`)).code).toBe(80001);
  });
});

describe('sales per shift (pay_for_oil)', () => {
  const q = () => `stationId=${shanghai}&fromDay=${D}&toDay=${D}`;
  const figures = (row: Row) => row.tanks.map((t) => [t.tankCode, t.startVolumeL, t.endVolumeL, t.deliveredL, t.salesL, t.missingStart, t.missingEnd]);

  it('computes start − end + deliveries per shift and tank, with the readings the figures come from', async () => {
    const { code, data } = await list('admin', q());
    expect(code).toBe(1000);
    expect(data.list.map((r) => [r.day, r.shiftNo, r.shiftName, r.shiftStart, r.startsAt, r.endsAt, r.inProgress])).toEqual([
      [D, 1, 'Morning', '06:00', sh('06:00'), sh('14:00'), false],
      [D, 2, 'Afternoon', '14:00', sh('14:00'), sh('22:00'), false],
      [D, 3, 'Night', '22:00', sh('22:00'), sh('06:00', D1), false],
    ]);
    const [morning, afternoon, night] = data.list as [Row, Row, Row];
    expect(figures(morning)).toEqual([
      ['1', 19_900, 20_950, 5_000, 3_950, false, false],
      ['2', null, 8_000, 0, null, true, false],
      // Tank 3's reading at 14:00 ends its morning too; the morning has no start reading.
      ['3', null, 10_500, 0, null, true, false],
    ]);
    expect(morning.tanks[0]).toMatchObject({ startReadingAt: sh('06:10'), endReadingAt: sh('14:00'), deliveryCount: 1, productName: '92# Gasoline' });
    expect(figures(afternoon)).toEqual([
      ['1', 20_950, null, 0, null, false, true],
      ['2', 8_000, 7_200, 0, 800, false, false],
      // 10,500 − 9,000 + the 4,000 L delivery detected from the level.
      ['3', 10_500, 9_000, 4_000, 5_500, false, false],
    ]);
    expect(figures(night)).toEqual([
      ['1', 16_900, 15_000, 0, 1_900, false, false],
      ['2', null, null, 0, null, true, true],
      ['3', null, null, 0, null, true, true],
    ]);
    expect(night.tanks[0]).toMatchObject({ startReadingAt: sh('22:15'), endReadingAt: sh('05:45', D1) });
    // Totals per shift across its tanks: the known figures, and how many are unknown.
    expect(data.list.map((r) => [r.salesL, r.deliveredL, r.unknownCount])).toEqual([
      [3_950, 5_000, 2],
      [6_300, 4_000, 1],
      [1_900, 0, 2],
    ]);
    expect(data.total).toBe(3);
    expect(data.totals).toMatchObject({ shifts: 3, salesL: 12_150, deliveredL: 9_000, unknownCount: 5, volumeUnit: 1 });
    expect(data.totals.products.map((p) => [p.productName, p.salesL, p.deliveredL, p.unknownCount])).toEqual([
      ['0# Diesel', 5_500, 4_000, 2],
      ['92# Gasoline', 5_850, 5_000, 1],
      ['95# Gasoline', 800, 0, 2],
    ]);
  });

  it('filters by tank and product, sorts by sales, pages', async () => {
    const byTank = await list('admin', `${q()}&tankId=${tankIds['3']}`);
    expect(byTank.data.list.map((r) => r.tanks.map((t) => t.tankCode))).toEqual([['3'], ['3'], ['3']]);
    expect(byTank.data.totals.salesL).toBe(5_500);
    const product = (await list('admin', q())).data.totals.products.find((p) => p.productName === '95# Gasoline')!;
    const byProduct = await list('admin', `${q()}&productId=${product.productId}`);
    expect(byProduct.data.list.map((r) => r.salesL)).toEqual([null, 800, null]);
    const sorted = await list('admin', `${q()}&sortField=salesL&sortOrder=descend`);
    expect(sorted.data.list.map((r) => r.shiftName)).toEqual(['Afternoon', 'Morning', 'Night']);
    const page2 = await list('admin', `${q()}&pageSize=2&page=2`);
    expect([page2.data.total, page2.data.list.map((r) => [r.id, r.shiftName])]).toEqual([3, [[3, 'Night']]]);
    expect((await list('admin', `${q()}&q=SZ02`)).data.total).toBe(0);
  });

  it('a station without shifts has one all-day shift a day, in its company’s units', async () => {
    const { data } = await list('admin', `stationId=${houston}&fromDay=${HD}&toDay=${HD}`, 'es');
    expect(data.list).toHaveLength(1);
    const row = data.list[0]!;
    expect(row).toMatchObject({ shiftName: 'Todo el día', allDay: true, shiftStart: '00:00', startsAt: local(HD, '00:00', CHI), volumeUnit: 2 });
    expect(row.tanks[0]!.salesL as number).toBeCloseTo(500 * LITRES_PER_US_GALLON, 1);
    expect(row.tanks.slice(1).every((t) => t.salesL === null)).toBe(true);
    expect(data.totals.volumeUnit).toBe(2);
  });

  it('gives every station’s shifts the same figures asked together (the probes split over several statements) as asked alone', async () => {
    // Every station over 16 days: more shift windows than one statement takes (repo.ts EDGE_PROBE_SPLIT).
    const range = `fromDay=${dayOf(Date.now() - 15 * 86_400_000, SH)}&toDay=${dayOf(Date.now(), SH)}`;
    const all = async (query: string) => {
      const rows: Row[] = [];
      for (let page = 1; ; page++) {
        const { data } = await list('admin', `${query}&page=${page}&pageSize=200`);
        expect(data.total, query).toBeGreaterThan(0);
        rows.push(...data.list);
        if (rows.length >= data.total) return rows;
      }
    };
    const together = await all(range);
    expect(together.length).toBeGreaterThan(200);
    const key = (r: Row) => `${r.stationId as number}/${r.day as string}/${r.shiftNo as number}`;
    const asked = new Map(together.map((r) => [key(r), r]));
    for (const stationId of [shanghai, houston, shenzhen]) {
      for (const r of await all(`${range}&stationId=${stationId}`)) expect({ ...asked.get(key(r)), id: r.id }).toEqual(r);
    }
  });

  it('lists only shifts that have begun; today’s current one is in progress', async () => {
    // From yesterday: before 06:00 the shift in progress is yesterday's night.
    const yesterday = dayOf(Date.now() - 86_400_000, SH);
    const { data } = await list('admin', `stationId=${shanghai}&fromDay=${yesterday}&toDay=${nextDay(nextDay(yesterday))}`);
    expect(data.list.length).toBeGreaterThanOrEqual(1);
    expect(data.list.every((r) => Date.parse(r.startsAt as string) <= Date.now())).toBe(true);
    expect(data.list.filter((r) => r.inProgress)).toHaveLength(1);
  });

  it('a shift still running has no end reading yet, and no sales, whatever its last quarter hour holds so far', async () => {
    // The same data seen at 21:50 on day D: the afternoon runs, the night has not begun.
    const later = await buildApp({ config: ctx.config, db: ctx.db, clock: () => new Date(sh('21:50')) });
    await later.ready();
    try {
      const at2150 = async <T>(url: string) => (await later.inject({ method: 'GET', url, headers: { cookie: cookie.admin! } })).json() as Answer<T>;
      const { data } = await at2150<List>(`/api/report/shift-sales/list?${q()}`);
      expect(data.list.map((r) => [r.shiftName, r.inProgress])).toEqual([
        ['Morning', false],
        ['Afternoon', true],
      ]);
      // Tank 3 read 9,000 L at 21:50, inside the end search, but the shift is not over.
      expect(figures(data.list[1]!)).toEqual([
        ['1', 20_950, null, 0, null, false, false],
        ['2', 8_000, null, 0, null, false, false],
        ['3', 10_500, null, 4_000, null, false, false],
      ]);
      const detail = await at2150<Record<string, unknown>>(`/api/report/shift-sales/detail?stationId=${shanghai}&tankId=${tankIds['3']}&day=${D}&shift=14:00`);
      expect(detail.data).toMatchObject({ shift: { inProgress: true }, endReading: null, salesL: null, missingEnd: false, deliveredL: 4_000 });
    } finally {
      await later.close();
    }
  });

  it.each([
    ['a first day after the last', `fromDay=${D1}&toDay=${D}`, 'First day: must not be after the last day'],
    ['32 days', 'fromDay=2026-01-01&toDay=2026-02-01', 'Last day: must keep the range to at most 31 days'],
    ['a day that does not exist', 'fromDay=2026-02-30&toDay=2026-03-01', 'First day: must be a day written YYYY-MM-DD'],
    ['no first day', `toDay=${D}`, 'First day: is required'],
    ['an unknown sort', `fromDay=${D}&toDay=${D}&sortField=password`, 'Sort column: is not valid'],
  ])('refuses %s with 91011', async (_, query, message) => {
    const res = await list('admin', query);
    expect([res.code, res.msg]).toEqual([91011, message]);
  });

  it('refuses 32 days in Chinese too', async () => {
    const res = await list('admin', 'fromDay=2026-01-01&toDay=2026-02-01', 'zh_CN');
    expect([res.code, res.msg]).toEqual([91011, '结束日期：查询范围不能超过 31 天']);
  });

  it('shows each user only the stations in their scope', async () => {
    expect((await list('demo-company', q())).data.total).toBe(3);
    expect((await list('demo-station', q())).data.total).toBe(3);
    expect((await list('demo-station', `fromDay=${D}&toDay=${D}`)).data.list.every((r) => r.stationId === shanghai)).toBe(true);
    expect((await list('pampa-company', q())).data.total).toBe(0);
    const pampa = await list('pampa-company', `fromDay=${D}&toDay=${D}`);
    expect(pampa.data.list.every((r) => r.stationCode === 'PMP-BA01')).toBe(true);
  });

  it('exports one line per shift and tank, the shift totals and the product totals, in the caller’s language and units', async () => {
    const res = await call('admin', 'GET', `/api/report/shift-sales/export?stationId=${shanghai}&fromDay=${D}&toDay=${D}`, undefined, 'es');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const { book, cell } = await readSheet(res);
    expect(book.worksheets.map((s) => [s.name, s.rowCount])).toEqual([
      ['Ventas por turno', 10],
      ['Totales por turno', 4],
      ['Totales por producto', 4],
    ]);
    expect(['Turno', 'Tanque', 'Volumen inicial', 'Volumen final', 'Volumen descargado', 'Ventas'].map((name) => cell(2, name))).toEqual([
      'Morning',
      '1',
      19_900,
      20_950,
      5_000,
      3_950,
    ]);
    expect(cell(2, 'Inicio del turno')).toEqual(wallDate(sh('06:00'), SH));
    expect(cell(3, 'Observaciones')).toBe('Sin lectura inicial en los 15 minutos tras el inicio del turno');
    const shifts = await readSheet(res, 1);
    expect([2, 3, 4].map((r) => shifts.cell(r, 'Ventas'))).toEqual([3_950, 6_300, 1_900]);

    const gallons = await call('admin', 'GET', `/api/report/shift-sales/export?stationId=${houston}&fromDay=${HD}&toDay=${HD}`, undefined, 'en');
    expect(gallons.statusCode).toBe(200);
    const g = await readSheet(gallons);
    expect(['Volume unit', 'Sales', 'Shift'].map((name) => g.cell(2, name))).toEqual(['US gallons', 500, 'All day']);
  });
});

describe('sales details (sales_detail)', () => {
  const dq = (shift: string, tank = '1') => `stationId=${shanghai}&tankId=${tankIds[tank]}&day=${D}&shift=${encodeURIComponent(shift)}`;

  it('shows the readings and deliveries behind a figure', async () => {
    const { code, data } = await get<Record<string, unknown>>('admin', `/api/report/shift-sales/detail?${dq('06:00')}`);
    expect(code).toBe(1000);
    expect(data).toMatchObject({
      shift: { day: D, shiftNo: 1, name: 'Morning', start: '06:00', startsAt: sh('06:00'), endsAt: sh('14:00'), inProgress: false, allDay: false },
      tank: { id: tankIds['1'], code: '1', productName: '92# Gasoline' },
      startSearch: { from: sh('06:00'), to: sh('06:15') },
      endSearch: { from: sh('13:45'), to: sh('14:00') },
      startReading: { ts: sh('06:10'), volumeL: 19_900 },
      endReading: { ts: sh('14:00'), volumeL: 20_950 },
      deliveries: [{ source: 'device', startedAt: sh('09:00'), endedAt: sh('09:30'), startVolumeL: 18_700, endVolumeL: 23_700, deliveredL: 5_000 }],
      deliveredL: 5_000,
      salesL: 3_950,
      missingStart: false,
      missingEnd: false,
      // 06:10, 08:50, 09:10, 09:40 and 14:00 (05:50 is the night before's).
      readingCount: 5,
    });
    const afternoon = await get<Record<string, unknown>>('admin', `/api/report/shift-sales/detail?${dq('14:00', '3')}`);
    expect(afternoon.data).toMatchObject({ deliveredL: 4_000, salesL: 5_500, readingCount: 9, deliveries: [{ source: 'detected', startedAt: sh('15:05'), endedAt: sh('15:15') }] });
  });

  it('pages the shift’s readings with each volume change, marking the start, the end and the delivery', async () => {
    const page = async (query: string) => (await get<{ list: Record<string, unknown>[]; total: number }>('admin', `/api/report/shift-sales/readings?${dq('06:00')}&${query}`)).data;
    const first = await page('pageSize=3');
    expect(first.total).toBe(5);
    expect(first.list.map((r) => [r.id, r.ts, r.volumeL, r.changeL, r.role, r.inDelivery])).toEqual([
      [1, sh('06:10'), 19_900, null, 'start', false],
      [2, sh('08:50'), 18_800, -1_100, null, false],
      [3, sh('09:10'), 21_000, 2_200, null, true],
    ]);
    const second = await page('pageSize=3&page=2');
    expect(second.list.map((r) => [r.id, r.changeL, r.role])).toEqual([
      [4, 2_700, null],
      [5, -2_750, 'end'],
    ]);
    const newest = await page('pageSize=1&sortField=ts&sortOrder=descend');
    expect(newest.list.map((r) => r.ts)).toEqual([sh('14:00')]);
  });

  it('refuses a shift the station does not have, a tank of another station and a bad day; other companies find nothing', async () => {
    const detail = (who: string, query: string, language = 'en') => get(who, `/api/report/shift-sales/detail?${query}`, language);
    const notAShift = await detail('admin', dq('07:00'));
    expect([notAShift.code, notAShift.msg]).toEqual([91011, 'Shift: is not a shift of this station']);
    expect((await detail('admin', dq('07:00'), 'ar')).msg).toBe('الوردية: ليست وردية في هذه المحطة');
    const houstonTank = (await get<{ id: number }[]>('admin', `/api/station/${houston}/tanks`)).data[0]!.id;
    const foreignTank = await detail('admin', `stationId=${shanghai}&tankId=${houstonTank}&day=${D}&shift=06:00`);
    expect([foreignTank.code, foreignTank.msg]).toEqual([91011, 'Tank: is not a tank of this station']);
    const badDay = await detail('admin', `stationId=${shanghai}&tankId=${tankIds['1']}&day=yesterday&shift=06:00`);
    expect([badDay.code, badDay.msg]).toEqual([91011, 'Day: must be a day written YYYY-MM-DD']);
    expect((await detail('pampa-company', dq('06:00'))).code).toBe(80001);
    expect((await get('pampa-company', `/api/report/shift-sales/readings?${dq('06:00')}`)).code).toBe(80001);
    expect((await call('pampa-company', 'GET', `/api/report/shift-sales/detail/export?${dq('06:00')}`)).json().code).toBe(80001);
  });

  it('exports the summary, the deliveries and the readings', async () => {
    const res = await call('admin', 'GET', `/api/report/shift-sales/detail/export?${dq('06:00')}`);
    expect(res.statusCode).toBe(200);
    const { book } = await readSheet(res);
    expect(book.worksheets.map((s) => [s.name, s.rowCount])).toEqual([
      ['Sales details', 17],
      ['Deliveries in the shift', 2],
      ['Readings of the shift', 6],
    ]);
    const summary = Object.fromEntries(book.worksheets[0]!.getSheetValues().slice(2).map((r) => [(r as unknown[])[1], (r as unknown[])[2]]));
    expect(summary).toMatchObject({ 'Start volume': 19_900, 'End volume': 20_950, 'Delivered volume': 5_000, Sales: 3_950, 'Start reading time': wallDate(sh('06:10'), SH) });
    const readings = book.worksheets[2]!;
    expect([2, 3, 4, 5, 6].map((r) => readings.getRow(r).getCell(2).value)).toEqual(['Start reading', '', 'During a delivery', '', 'End reading']);
  });
});
