import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { stations } from '../../db/schema';
import { rawRows } from '../../lib/raw-sql';
import { deviceReport, startTestApp, type TestContext } from '../../test/harness';
import { requestsAs, signInAll } from '../../test/signed-in';
import { readSheet, wallDate } from '../../test/xlsx-cells';
import { addSecondOrganisation, type SecondOrganisation } from '../../test/second-organisation';

/** A clock the test moves: a station goes offline after 15 silent minutes without waiting for them. */
const T0 = Date.parse('2026-03-01T08:00:00Z');
const at = (minute: number) => new Date(T0 + minute * 60_000).toISOString();
let nowMs = T0;
const clock = () => new Date(nowMs);

let ctx: TestContext;
let other: SecondOrganisation;
const cookie: Record<string, string> = {};
const stationIds: Record<string, number> = {};
let pampaRecord = 0;

const report = (code: string) =>
  deviceReport(ctx.app, code, { readings: [{ tank: '1', ts: clock().toISOString(), productHeightMm: 1200, temperatureC: 15 }] });
const { get } = requestsAs(() => ctx.app, cookie);
interface Answer {
  code: number;
  msg: string;
  data: { list: Record<string, unknown>[]; total: number; canProcess: boolean };
}
const list = async (who: string, query = '', language = 'en') => (await get(who, `/api/report/offline/list?${query}`, language)).json() as Answer;
const total = async (query: string) => (await list('admin', query)).data.total;
const idOf = async (code: string) => (await list('admin', `q=${code}`)).data.list[0]!.id as number;
const processRecords = async (who: string, payload: object, language = 'en') =>
  (await ctx.app.inject({ method: 'POST', url: '/api/report/offline/process', headers: { cookie: cookie[who]!, language }, payload })).json() as {
    code: number;
    msg: string;
    data?: { processed?: number; fields?: { field: string; rule: string }[] };
  };

beforeAll(async () => {
  ctx = await startTestApp({ clock, config: { logLevel: 'error' } });
  other = await addSecondOrganisation(ctx.db);
  Object.assign(cookie, await signInAll(ctx.app, ['admin', 'demo-company', 'demo-station', 'pampa-company']));
  for (const code of ['NWP-SH01', 'NWP-SZ02', 'LSF-HO01']) {
    const [s] = await ctx.db.select({ id: stations.id }).from(stations).where(eq(stations.code, code));
    stationIds[code] = s!.id;
  }

  // Last contacts: SH01 at minute 0, HO01 at 1, SZ02 at 2.
  for (const [minute, code] of [[0, 'NWP-SH01'], [1, 'LSF-HO01'], [2, 'NWP-SZ02']] as const) {
    nowMs = Date.parse(at(minute));
    expect((await report(code)).json().code).toBe(1000);
  }
  // Exactly 15 minutes after SH01's last contact it is still online; once all three have been silent longer, they are offline.
  nowMs = Date.parse(at(15));
  expect(await ctx.app.ingest.sweepOffline()).toBe(0);
  nowMs = Date.parse(at(17)) + 1000;
  expect(await ctx.app.ingest.sweepOffline()).toBe(3);
  // SH01 is back at minute 40; the other two stay silent.
  nowMs = Date.parse(at(40));
  expect((await report('NWP-SH01')).json().code).toBe(1000);
  // The other organisation's station has no device in the demo: its record is written as the sweep would.
  const [row] = await rawRows<{ id: string | number }>(
    ctx.db,
    sql`insert into offline_records (distributor_id, company_id, station_id, started_at, ended_at)
      values (${other.distributorId}, ${other.companyId}, ${other.stationId}, ${at(5)}::timestamptz, ${at(10)}::timestamptz) returning id`,
  );
  pampaRecord = Number(row!.id);
  nowMs = Date.parse(at(60));
});
afterAll(() => ctx.close());

describe('offline records (offline_record)', () => {
  it('lists the outages the sweep found, newest first, with their duration (ongoing to now)', async () => {
    const { code, data } = await list('admin');
    expect(code).toBe(1000);
    expect(data.total).toBe(4);
    expect(data.list.map((r) => [r.stationCode, r.startedAt, r.endedAt, r.durationSeconds])).toEqual([
      ['PMP-BA01', at(5), at(10), 300],
      ['NWP-SZ02', at(2), null, 58 * 60],
      ['LSF-HO01', at(1), null, 59 * 60],
      ['NWP-SH01', at(0), at(40), 40 * 60],
    ]);
    expect(data.list[3]).toMatchObject({ stationName: 'Shanghai Pudong', companyName: expect.any(String), timezone: 'Asia/Shanghai', type: null, handler: null, content: null, processed: false, processedAt: null, processedByName: null });
    expect(data.canProcess).toBe(true);
  });

  it('filters by organisation, area, station, processed, time range (overlap) and search; pages and sorts', async () => {
    const nwp = (await get('admin', '/api/org/tree')).json().data[0].children.find((c: { code: string }) => c.code === 'NWP');
    expect(await total(`companyId=${nwp.id}`)).toBe(2);
    expect(await total(`distributorId=${other.distributorId}`)).toBe(1);
    expect(await total(`stationId=${stationIds['LSF-HO01']}`)).toBe(1);
    const [sh01] = await ctx.db.select({ areaId: stations.areaId }).from(stations).where(eq(stations.id, stationIds['NWP-SH01']!));
    expect(await total(`areaId=${sh01!.areaId}`)).toBe(2);
    expect(await total('processed=no')).toBe(4);
    expect(await total('processed=yes')).toBe(0);
    // [45, 50): SH01 had ended at 40; the two ongoing outages overlap; Pampa's ended at 10.
    expect(await total(`from=${encodeURIComponent(at(45))}&to=${encodeURIComponent(at(50))}`)).toBe(2);
    // [0, 1): only SH01 had begun.
    expect(await total(`from=${encodeURIComponent(at(-5))}&to=${encodeURIComponent(at(1))}`)).toBe(1);
    expect(await total('q=houston')).toBe(1);
    const byDuration = await list('admin', 'sortField=duration&sortOrder=descend');
    expect(byDuration.data.list.map((r) => r.stationCode)).toEqual(['LSF-HO01', 'NWP-SZ02', 'NWP-SH01', 'PMP-BA01']);
    const page2 = await list('admin', 'pageSize=3&page=2');
    expect(page2.data.list.map((r) => r.stationCode)).toEqual(['NWP-SH01']);
    expect((await list('admin', 'sortField=handler')).code).toBe(91011);
    const backwards = await list('admin', `from=${encodeURIComponent(at(5))}&to=${encodeURIComponent(at(1))}`, 'es');
    expect(backwards).toMatchObject({ code: 91011, msg: 'Hora de inicio: debe ser anterior a la hora de fin' });
    expect((await list('admin', 'type=weather')).code).toBe(91011);
  });

  it('each account lists only its own organisation’s records; a station account may not process', async () => {
    expect((await list('demo-station')).data.list.map((r) => r.stationCode)).toEqual(['NWP-SH01']);
    expect((await list('demo-station')).data.canProcess).toBe(false);
    expect((await list('demo-company')).data.list.map((r) => r.stationCode)).toEqual(['NWP-SZ02', 'NWP-SH01']);
    expect((await list('pampa-company')).data.list.map((r) => r.stationCode)).toEqual(['PMP-BA01']);
    expect((await list('pampa-company', `stationId=${stationIds['NWP-SH01']}`)).data.total).toBe(0);
    expect((await list('demo-company', `stationId=${other.stationId}`)).data.total).toBe(0);
  });

  const form = { handler: 'Li Wei', type: 'shutdown', content: 'Power cut in the district; UPS replaced' };

  it.each([
    ['no handler at all', { type: 'shutdown', content: 'x' }, 'handler', 'required', 'Handler: is required', '处理人'],
    ['a handler of spaces', { ...form, handler: '   ' }, 'handler', 'required', 'Handler: is required', '处理人'],
    ['a handler of 51 characters', { ...form, handler: 'h'.repeat(51) }, 'handler', 'tooLong', 'Handler: must be at most 50 characters', '50'],
    ['no type', { ...form, type: '' }, 'type', 'required', 'Offline type: is required', '离线类型'],
    ['an unknown type', { ...form, type: 'weather' }, 'type', 'oneOf', 'Offline type: must be one of: shutdown, atg-fault, human, other', '离线类型'],
    ['no content', { ...form, content: '' }, 'content', 'required', 'Processing content: is required', '处理内容'],
    ['content of 501 characters', { ...form, content: 'c'.repeat(501) }, 'content', 'tooLong', 'Processing content: must be at most 500 characters', '500'],
  ])('refuses %s (91011, in en and zh_CN)', async (_name, body, field, rule, message, zhPart) => {
    const id = await idOf('NWP-SH01');
    const en = await processRecords('admin', { ids: [id], ...body });
    expect(en).toMatchObject({ code: 91011, msg: message, data: { fields: [{ field, rule }] } });
    const zh = await processRecords('admin', { ids: [id], ...body }, 'zh_CN');
    expect(zh.code).toBe(91011);
    expect(zh.msg).toContain(zhPart);
    expect(zh.msg).not.toBe(message);
    expect(await total('processed=yes')).toBe(0);
  });

  it('another company’s record is not found, alone or among the caller’s own, and nothing is processed', async () => {
    const sh01 = await idOf('NWP-SH01');
    expect(await processRecords('pampa-company', { ids: [sh01], ...form })).toMatchObject({ code: 80001 });
    const mixed = await processRecords('demo-company', { ids: [sh01, pampaRecord], ...form }, 'ar');
    expect(mixed.code).toBe(80001);
    expect(await processRecords('admin', { ids: [999_999], ...form })).toMatchObject({ code: 80001 });
    expect(await total('processed=yes')).toBe(0);
  });

  it('a station account may see its record but not process it', async () => {
    const refused = await processRecords('demo-station', { ids: [await idOf('NWP-SH01')], ...form });
    expect(refused.code).toBe(80003);
    expect(await total('processed=yes')).toBe(0);
  });

  it('processes several records at once with handler, type and content; a second time is refused, all or none', async () => {
    const sh01 = await idOf('NWP-SH01');
    const sz02 = await idOf('NWP-SZ02');
    const done = await processRecords('demo-company', { ids: [sh01, sz02, sh01], handler: '  Li Wei ', type: 'atg-fault', content: ' Console restarted \n' });
    expect(done).toMatchObject({ code: 1000, data: { processed: 2 } });
    const processed = (await list('admin', 'processed=yes')).data.list;
    expect(processed.map((r) => r.stationCode)).toEqual(['NWP-SZ02', 'NWP-SH01']);
    expect(processed[1]).toMatchObject({ type: 'atg-fault', handler: 'Li Wei', content: 'Console restarted', processed: true, processedAt: at(60), processedByName: 'Demo company' });
    expect(await total('type=atg-fault')).toBe(2);
    expect(await total('type=shutdown')).toBe(0);

    // HO01 is unprocessed, SH01 is not: the whole request is refused and HO01 stays as it was.
    const ho01 = await idOf('LSF-HO01');
    const again = await processRecords('admin', { ids: [ho01, sh01], ...form }, 'ar');
    expect(again).toMatchObject({ code: 91011, data: { fields: [{ field: 'ids', rule: 'alreadyProcessed' }] } });
    expect(again.msg).toContain('سجلات الانقطاع');
    const en = await processRecords('admin', { ids: [sh01], ...form });
    expect(en.msg).toBe('Offline records: is already processed');
    expect((await list('admin', `stationId=${stationIds['LSF-HO01']}`)).data.list[0]).toMatchObject({ processed: false, handler: null });
    expect((await list('admin', `stationId=${stationIds['NWP-SH01']}`)).data.list[0]).toMatchObject({ handler: 'Li Wei', type: 'atg-fault' });
  });

  it('exports the filtered list as xlsx in the caller’s language, times in station time', async () => {
    const res = await get('admin', '/api/report/offline/export?sortField=startedAt&sortOrder=ascend', 'es');
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const { sheet, cell } = await readSheet(res);
    expect(sheet.name).toBe('Registros de desconexión');
    expect(sheet.rowCount).toBe(5);
    // Oldest first: SH01 (processed), HO01 (ongoing), SZ02, Pampa.
    expect(cell(2, 'Estación')).toBe('Shanghai Pudong');
    expect(cell(2, 'Desconectada desde')).toEqual(wallDate(at(0), 'Asia/Shanghai'));
    expect(cell(2, 'De nuevo en línea')).toEqual(wallDate(at(40), 'Asia/Shanghai'));
    expect(cell(2, 'Duración')).toBe('40 minutos');
    expect(cell(2, 'Duración (minutos)')).toBe(40);
    expect(cell(2, 'Tipo de desconexión')).toBe('Fallo del medidor (ATG)');
    expect(cell(2, 'Responsable')).toBe('Li Wei');
    expect(cell(2, 'Contenido de la gestión')).toBe('Console restarted');
    expect(cell(2, 'Registrado por')).toBe('Demo company');
    expect(cell(3, 'De nuevo en línea')).toBe('En curso');
    expect(cell(3, 'Duración')).toBe('59 minutos');
    expect(cell(3, 'Tipo de desconexión')).toBe('');
  });
});
