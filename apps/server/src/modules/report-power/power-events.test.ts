import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LITRES_PER_US_GALLON } from '@ullage/domain/units';
import { rawRows } from '../../lib/raw-sql';
import { deviceReport, startTestApp, type TestContext } from '../../test/harness';
import { requestsAs, signInAll } from '../../test/signed-in';
import { readSheet, wallDate } from '../../test/xlsx-cells';
import { addSecondOrganisation, type SecondOrganisation } from '../../test/second-organisation';

/**
 * Power-off inventory records (issue 6 item 7), from power events sent the real way: through
 * the device endpoint, each with the inventory of the station's tanks.
 *   NWP-SH01: off → on (tank 1 −50 L: at the tolerance, tank 2 +60 L: over it, tank 3 unchanged);
 *             off, off again (its power-on lost), on; off and not on yet.
 *   LSF-HO01 (gallons, °F): off → on with tank 1 +100 L.
 */
let ctx: TestContext;
let other: SecondOrganisation;
const cookie: Record<string, string> = {};
const MIN = 60_000;
const T0 = Math.floor((Date.now() - 10 * 3_600_000) / MIN) * MIN;
const at = (minute: number) => new Date(T0 + minute * MIN).toISOString();
const since = `from=${encodeURIComponent(at(-60))}`;

const inventory = (ts: string, tanks: [string, number][]) =>
  tanks.map(([tank, volumeL]) => ({ tank, ts, productHeightMm: volumeL / 10, waterHeightMm: 12, temperatureC: 18, volumeL, tcVolumeL: volumeL - 20, waterVolumeL: 30 }));
const event = (type: 'power-off' | 'power-on', minute: number, tanks: [string, number][]) => ({ type, ts: at(minute), readings: inventory(at(minute), tanks) });

const report = (code: string, body: object) => deviceReport(ctx.app, code, body);
const { get } = requestsAs(() => ctx.app, cookie);
type Tank = { tankCode: string; productName: string | null; off: Record<string, number> | null; on: Record<string, number> | null; volumeDifferenceL: number | null; heightDifferenceMm: number | null; flagged: boolean };
type Row = { id: number; stationCode: string; areaName: string | null; offAt: string; onAt: string | null; state: string; durationS: number | null; flagged: boolean; tanks: Tank[]; volumeUnit: number; stationId: number };
const list = async (who: string, query: string, language = 'en') =>
  (await get(who, `/api/report/power/list?${query}`, language)).json() as { code: number; msg: string; data: { list: Row[]; total: number; toleranceL: number } };

beforeAll(async () => {
  ctx = await startTestApp();
  other = await addSecondOrganisation(ctx.db);
  Object.assign(cookie, await signInAll(ctx.app, ['admin', 'demo-company', 'pampa-company']));
  // Sent in two batches, the power-on before the power-off it ends: pairing is by time, not arrival.
  const later = await report('NWP-SH01', {
    events: [event('power-on', 20, [['1', 9_950], ['2', 8_060], ['3', 5_000]]), event('power-off', 200, [['1', 9_000], ['2', 7_000]]), event('power-on', 260, [['1', 8_990], ['2', 7_000]])],
  });
  expect(later.json().data).toMatchObject({ accepted: 7, refused: [] });
  const earlier = await report('NWP-SH01', {
    events: [event('power-off', 0, [['1', 10_000], ['2', 8_000], ['3', 5_000]]), event('power-off', 100, [['1', 9_500]]), event('power-off', 300, [['1', 8_900], ['2', 6_900]])],
  });
  expect(earlier.json().data.refused).toEqual([]);
  const gallons = await report('LSF-HO01', { events: [event('power-off', 50, [['1', 4_000]]), event('power-on', 55, [['1', 4_100]])] });
  expect(gallons.json().data.refused).toEqual([]);
});
afterAll(() => ctx.close());

describe('power-off inventory records (open_close_report)', () => {
  it('pairs each power-off with the station’s next power-on, tank by tank, flagged beyond 50 L by default', async () => {
    const { code, data } = await list('admin', since);
    expect(code).toBe(1000);
    expect(data.toleranceL).toBe(50);
    expect(data.list.map((r) => [r.stationCode, r.offAt, r.onAt, r.state, r.flagged])).toEqual([
      ['NWP-SH01', at(300), null, 'pending', false],
      ['NWP-SH01', at(200), at(260), 'paired', false],
      ['NWP-SH01', at(100), null, 'missing', false],
      ['LSF-HO01', at(50), at(55), 'paired', true],
      ['NWP-SH01', at(0), at(20), 'paired', true],
    ]);
    const first = data.list[4]!;
    expect(first.durationS).toBe(20 * 60);
    expect(first.areaName).toBe('East Asia');
    expect(first.tanks.map((t) => [t.tankCode, t.off?.volumeL, t.on?.volumeL, t.volumeDifferenceL, t.heightDifferenceMm, t.flagged])).toEqual([
      // −50 L: exactly the tolerance, within it.
      ['1', 10_000, 9_950, -50, -5, false],
      ['2', 8_000, 8_060, 60, 6, true],
      ['3', 5_000, 5_000, 0, 0, false],
    ]);
    expect(first.tanks[0]).toMatchObject({ productName: expect.any(String), off: { productHeightMm: 1_000, waterHeightMm: 12, temperatureC: 18, tcVolumeL: 9_980 } });
    // Not powered on yet: the shutdown inventory, nothing to compare.
    expect(data.list[0]!.tanks.map((t) => [t.tankCode, t.off?.volumeL, t.on, t.volumeDifferenceL, t.flagged])).toEqual([
      ['1', 8_900, null, null, false],
      ['2', 6_900, null, null, false],
    ]);
  });

  it('the tolerance is the user’s: exactly it is within, 0.1 L less flags', async () => {
    const flags = async (toleranceL: number) => (await list('admin', `${since}&toleranceL=${toleranceL}`)).data.list.map((r) => r.tanks.map((t) => t.flagged));
    expect(await flags(60)).toEqual([[false, false], [false, false], [false], [true], [false, false, false]]);
    expect(await flags(59.9)).toEqual([[false, false], [false, false], [false], [true], [false, true, false]]);
    expect(await flags(100)).toEqual([[false, false], [false, false], [false], [false], [false, false, false]]);
    expect(await flags(0)).toEqual([[false, false], [true, false], [false], [true], [true, true, false]]);
  });

  it('refuses a tolerance out of 0..100,000 and a range that ends before it starts, naming the field', async () => {
    for (const [query, en, ar] of [
      ['toleranceL=-1', 'Tolerance: is not valid', 'الحد المسموح: '],
      ['toleranceL=100001', 'Tolerance: is not valid', 'الحد المسموح: '],
      ['toleranceL=lots', 'Tolerance: is not valid', 'الحد المسموح: '],
      [`from=${encodeURIComponent(at(10))}&to=${encodeURIComponent(at(0))}`, 'Start time: must be before the end time', 'وقت البدء'],
    ] as const) {
      const answer = await list('admin', query);
      expect([answer.code, answer.msg]).toEqual([91011, en]);
      const arabic = await list('admin', query, 'ar');
      expect(arabic.code).toBe(91011);
      expect(arabic.msg.startsWith(ar)).toBe(true);
    }
    expect((await list('admin', `${since}&toleranceL=100000`)).code).toBe(1000);
    expect((await list('admin', 'sortField=inventory')).code).toBe(91011);
  });

  it('filters by station, area, company and time; sorts and pages', async () => {
    const all = (await list('admin', since)).data.list;
    const sh01 = all[0]!.stationId;
    const count = async (q: string) => (await list('admin', `${since}&${q}`)).data.total;
    expect(await count(`stationId=${sh01}`)).toBe(4);
    const [area] = await rawRows<{ id: number }>(ctx.db, sql`select area_id as id from stations where id = ${sh01}`);
    expect(await count(`areaId=${area!.id}`)).toBe(4);
    const [lsf] = await rawRows<{ id: number }>(ctx.db, sql`select company_id as id from stations where code = 'LSF-HO01'`);
    expect(await count(`companyId=${lsf!.id}`)).toBe(1);
    expect(await count(`to=${encodeURIComponent(at(100))}`)).toBe(2);
    expect((await list('admin', `from=${encodeURIComponent(at(100))}`)).data.total).toBe(3);
    const page2 = await list('admin', `${since}&pageSize=2&page=2&sortField=offAt&sortOrder=ascend`);
    expect([page2.data.total, page2.data.list.map((r) => r.offAt)]).toEqual([5, [at(100), at(200)]]);
    const byOn = await list('admin', `${since}&sortField=onAt&sortOrder=descend`);
    expect(byOn.data.list.map((r) => r.onAt)).toEqual([at(260), at(55), at(20), null, null]);
  });

  it('shows a company only its own stations’ records, whatever it asks for', async () => {
    const demo = await list('demo-company', since);
    expect(demo.data.list.map((r) => r.stationCode)).toEqual(['NWP-SH01', 'NWP-SH01', 'NWP-SH01', 'NWP-SH01']);
    const pampa = await list('pampa-company', since);
    expect([pampa.data.total, pampa.data.list]).toEqual([0, []]);
    expect((await list('pampa-company', `${since}&stationId=${demo.data.list[0]!.stationId}`)).data.total).toBe(0);
    expect((await list('pampa-company', `${since}&companyId=${other.companyId}`)).data.total).toBe(0);
    const pampaExport = await get('pampa-company', `/api/report/power/export?${since}`);
    expect((await readSheet(pampaExport)).sheet.rowCount).toBe(1);
  });

  it('exports one line per tank in the caller’s language and each company’s units', async () => {
    const res = await get('admin', `/api/report/power/export?${since}&toleranceL=50`, 'zh_CN');
    expect(res.statusCode).toBe(200);
    const { sheet, cell } = await readSheet(res);
    expect(sheet.name).toBe('断电库存记录');
    // 2 + 2 + 1 + 1 + 3 tanks.
    expect(sheet.rowCount).toBe(1 + 9);
    expect(cell(2, '上电时间')).toBe('尚未上电');
    expect(cell(6, '上电时间')).toBe('未记录上电');
    // LSF-HO01: +100 L in gallons, over a tolerance of 50 L (13.2 gal).
    expect(cell(7, '断电时间')).toEqual(wallDate(at(50), 'America/Chicago'));
    expect(cell(7, '体积差')).toBe(Number((100 / LITRES_PER_US_GALLON).toFixed(1)));
    expect(cell(7, '容差')).toBe(Number((50 / LITRES_PER_US_GALLON).toFixed(1)));
    expect(cell(7, '超出容差')).toBe('是');
    expect(cell(7, '断电分钟数')).toBe(5);
    expect([cell(9, '油罐'), cell(9, '体积差'), cell(9, '超出容差')]).toEqual(['2', 60, '是']);
    expect([cell(8, '油罐'), cell(8, '体积差'), cell(8, '超出容差')]).toEqual(['1', -50, '否']);
  });
});
