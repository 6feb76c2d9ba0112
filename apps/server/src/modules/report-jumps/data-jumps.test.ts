import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { stations, tanks } from '../../db/schema';
import { deviceReport, startTestApp, type TestContext } from '../../test/harness';
import { requestsAs, signInAll } from '../../test/signed-in';
import { readSheet, wallDate } from '../../test/xlsx-cells';
import { addSecondOrganisation, type SecondOrganisation } from '../../test/second-organisation';

let ctx: TestContext;
let other: SecondOrganisation;
const cookie: Record<string, string> = {};
const place: Record<string, { stationId: number; areaId: number | null; tankId: number; productId: number | null }> = {};

const T0 = Date.parse('2026-02-03T06:00:00Z');
const at = (minute: number) => new Date(T0 + minute * 60_000).toISOString();
const SINCE = `from=${encodeURIComponent(at(-60))}`;

const report = (code: string, readings: object[]) => deviceReport(ctx.app, code, { readings });
const reading = (minute: number, productHeightMm: number, temperatureC: number, volumeL: number) => ({ tank: '1', ts: at(minute), productHeightMm, temperatureC, volumeL });
const { get } = requestsAs(() => ctx.app, cookie);
interface Answer {
  code: number;
  msg: string;
  data: { list: Record<string, unknown>[]; total: number };
}
const list = async (who: string, query: string, language = 'en') => (await get(who, `/api/report/jumps/list?${SINCE}&${query}`, language)).json() as Answer;
const total = async (query: string) => (await list('admin', query)).data.total;

async function placeOf(code: string) {
  const [s] = await ctx.db.select({ id: stations.id, areaId: stations.areaId }).from(stations).where(eq(stations.code, code));
  const [t] = await ctx.db.select({ id: tanks.id, productId: tanks.productId }).from(tanks).where(and(eq(tanks.stationId, s!.id), eq(tanks.code, '1')));
  return { stationId: s!.id, areaId: s!.areaId, tankId: t!.id, productId: t!.productId };
}

beforeAll(async () => {
  ctx = await startTestApp({ config: { logLevel: 'error' } });
  other = await addSecondOrganisation(ctx.db);
  Object.assign(cookie, await signInAll(ctx.app, ['admin', 'demo-company', 'demo-station', 'pampa-company']));
  for (const code of ['NWP-SH01', 'NWP-SZ02', 'LSF-HO01']) place[code] = await placeOf(code);

  // SH01 (the demo station account's): a temperature jump. SZ02 (same company): a height jump.
  // LSF-HO01 (another company of the demo distributor, gallons and °F): volume without height, then a temperature jump.
  for (const [code, readings] of [
    ['NWP-SH01', [reading(0, 1500, 15, 15_000), reading(1, 1500, 19.5, 15_000)]],
    ['NWP-SZ02', [reading(2, 1000, 16, 10_000), reading(3, 1150, 16, 11_500)]],
    ['LSF-HO01', [reading(4, 1200, 15, 12_000), reading(5, 1202, 15, 12_300), reading(6, 1202, 20, 12_300)]],
  ] as const) {
    expect((await report(code, [...readings])).json().code, code).toBe(1000);
  }
  // The other organisation's station has no device in the demo: its jump is written as ingest would.
  const [tank] = await ctx.db.insert(tanks).values({ distributorId: other.distributorId, companyId: other.companyId, stationId: other.stationId, code: '1', productId: other.productId, heightMm: 2500, volumeL: 30_000 }).returning({ id: tanks.id });
  await ctx.db.execute(sql`insert into data_jumps (distributor_id, company_id, station_id, tank_id, rule, prev_ts, ts, prev_product_height_mm, product_height_mm, prev_temperature_c, temperature_c, prev_volume_l, volume_l)
    values (${other.distributorId}, ${other.companyId}, ${other.stationId}, ${tank!.id}, 'volume-to-zero', ${at(6)}::timestamptz, ${at(7)}::timestamptz, 900, 900, 18, 18, 250, 0)`);
});
afterAll(() => ctx.close());

describe('data-jump records (alarm_record)', () => {
  it('lists jumps newest first, each with both readings, the rule, station, tank and company units', async () => {
    const { code, data } = await list('admin', '');
    expect(code).toBe(1000);
    expect(data.total).toBe(5);
    expect(data.list.map((r) => [r.stationCode, r.rule])).toEqual([
      ['PMP-BA01', 'volume-to-zero'],
      ['LSF-HO01', 'temperature'],
      ['LSF-HO01', 'volume-without-height'],
      ['NWP-SZ02', 'height'],
      ['NWP-SH01', 'temperature'],
    ]);
    expect(data.list[2]).toMatchObject({
      stationName: 'Houston Westheimer',
      timezone: 'America/Chicago',
      volumeUnit: 2,
      tempUnit: 2,
      tankCode: '1',
      prevTs: at(4),
      ts: at(5),
      prevProductHeightMm: 1200,
      productHeightMm: 1202,
      prevTemperatureC: 15,
      temperatureC: 15,
      prevVolumeL: 12_000,
      volumeL: 12_300,
    });
    expect(data.list[4]).toMatchObject({ stationName: 'Shanghai Pudong', volumeUnit: 1, tempUnit: 1, prevTemperatureC: 15, temperatureC: 19.5, prevTs: at(0), ts: at(1) });
    expect(typeof data.list[4]!.productName).toBe('string');
  });

  it('filters by organisation, area, station, tank, product, rule, time range and search', async () => {
    const sh01 = place['NWP-SH01']!;
    const nwp = (await get('admin', '/api/org/tree')).json().data[0].children.find((c: { code: string }) => c.code === 'NWP');
    expect(await total(`companyId=${nwp.id}`)).toBe(2);
    expect(await total(`distributorId=${other.distributorId}`)).toBe(1);
    expect(await total(`stationId=${place['LSF-HO01']!.stationId}`)).toBe(2);
    expect(await total(`tankId=${sh01.tankId}`)).toBe(1);
    expect(await total(`areaId=${sh01.areaId}`)).toBe(2); // SH01 and SZ02 are both in East Asia
    expect(await total(`productId=${sh01.productId}&stationId=${sh01.stationId}`)).toBe(1);
    expect(await total('rule=temperature')).toBe(2);
    expect(await total('rule=volume-to-zero')).toBe(1);
    expect(await total(`to=${encodeURIComponent(at(3))}`)).toBe(1); // [from, to): the SZ02 jump at minute 3 is out
    expect(await total(`to=${encodeURIComponent(at(3))}&rule=height`)).toBe(0);
    expect(await total('q=houston')).toBe(2);
  });

  it('pages and sorts by an allowed column, and refuses another', async () => {
    const page2 = await list('admin', 'pageSize=2&page=2');
    expect(page2.data.total).toBe(5);
    expect(page2.data.list.map((r) => r.stationCode)).toEqual(['LSF-HO01', 'NWP-SZ02']);
    const byRule = await list('admin', 'sortField=rule&sortOrder=ascend');
    expect(byRule.data.list.map((r) => r.rule)).toEqual(['height', 'temperature', 'temperature', 'volume-to-zero', 'volume-without-height']);
    const byStation = await list('admin', 'sortField=stationName&sortOrder=descend&pageSize=1');
    expect(byStation.data.list[0]!.stationName).toBe('Shenzhen Nanshan');
    const refused = await list('admin', 'sortField=volumeL');
    expect(refused.code).toBe(91011);
  });

  it('refuses a start not before the end, and an unknown rule, naming the field (en, zh_CN)', async () => {
    const backwards = `from=${encodeURIComponent(at(5))}&to=${encodeURIComponent(at(1))}`;
    const en = (await get('admin', `/api/report/jumps/list?${backwards}`)).json();
    expect(en).toMatchObject({ code: 91011, msg: 'Start time: must be before the end time' });
    const zh = (await get('admin', `/api/report/jumps/list?${backwards}`, 'zh_CN')).json();
    expect(zh.code).toBe(91011);
    expect(zh.msg).toContain('开始时间');
    const rule = (await get('admin', '/api/report/jumps/list?rule=pressure')).json();
    expect(rule).toMatchObject({ code: 91011, msg: 'Jump rule: is not valid' });
    const ar = (await get('admin', '/api/report/jumps/list?rule=pressure', 'ar')).json();
    expect(ar.msg).toContain('قاعدة القفزة');
  });

  it('each account sees only its own organisation’s jumps', async () => {
    expect((await list('demo-station', '')).data.list.map((r) => r.stationCode)).toEqual(['NWP-SH01']);
    expect((await list('demo-company', '')).data.list.map((r) => r.stationCode)).toEqual(['NWP-SZ02', 'NWP-SH01']);
    const stranger = await list('pampa-company', '');
    expect(stranger.data.list.map((r) => r.stationCode)).toEqual(['PMP-BA01']);
    // Asking for a demo station by id gives nothing of it.
    expect((await list('pampa-company', `stationId=${place['NWP-SH01']!.stationId}`)).data.total).toBe(0);
    expect((await list('demo-company', `stationId=${other.stationId}`)).data.total).toBe(0);
  });

  it('exports the filtered list as xlsx: language, rule in words, company units, station time', async () => {
    const res = await get('admin', `/api/report/jumps/export?${SINCE}&stationId=${place['LSF-HO01']!.stationId}`, 'zh_CN');
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const { sheet, cell } = await readSheet(res);
    expect(sheet.name).toBe('数据跳变记录');
    expect(sheet.rowCount).toBe(3);
    // Newest first: the temperature jump (15 → 20 °C is 59 → 68 °F, a 9 °F step against 5.4 °F).
    expect(cell(2, '跳变规则')).toBe('温度跳变');
    expect(cell(2, '违反的规则')).toBe('温度变化 9 °F，超过 5.4 °F');
    expect(cell(2, '前一温度')).toBe(59);
    expect(cell(2, '温度')).toBe(68);
    expect(cell(2, '温度单位')).toBe('°F');
    // Then the volume step: 12,000 → 12,300 L is 3170.1 → 3249.3 US gallons, with 2 mm of height.
    expect(cell(3, '跳变规则')).toBe('液位未变体积突变');
    expect(cell(3, '违反的规则')).toBe('体积变化 79.3 gal（限值 52.8 gal），而油高仅变化 2 mm，小于 5 mm');
    expect(cell(3, '前一体积')).toBe(3170.1);
    expect(cell(3, '体积')).toBe(3249.3);
    expect(cell(3, '前一油高 (mm)')).toBe(1200);
    expect(cell(3, '油高 (mm)')).toBe(1202);
    expect(cell(3, '前一读数时间')).toEqual(wallDate(at(4), 'America/Chicago'));
    expect(cell(3, '读数时间')).toEqual(wallDate(at(5), 'America/Chicago'));

    const en = await get('admin', `/api/report/jumps/export?${SINCE}&stationId=${place['NWP-SH01']!.stationId}`);
    const row = (await readSheet(en)).values(2);
    expect(row).toContain('Temperature jump');
    expect(row).toContain('Temperature changed by 4.5 °C, more than 3 °C');
    expect(row).toContain('Litres');
  });
});
