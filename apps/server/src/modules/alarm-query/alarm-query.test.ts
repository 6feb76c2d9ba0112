import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceReport, startTestApp, type TestContext } from '../../test/harness';
import { requestsAs, signInAll } from '../../test/signed-in';
import { readSheet, wallDate } from '../../test/xlsx-cells';
import { addSecondOrganisation, type SecondOrganisation } from '../../test/second-organisation';
import { sql } from 'drizzle-orm';
import { PAGE_SIZE_MAX } from '@ullage/contracts/list';

let ctx: TestContext;
let other: SecondOrganisation;
const cookie: Record<string, string> = {};

// Alarms a little in the past, a minute apart, so "newest first" has one right answer.
const T0 = Date.now() - 60 * 60_000;
const at = (minute: number) => new Date(T0 + minute * 60_000).toISOString();

const report = (code: string, body: object) => deviceReport(ctx.app, code, body);

const { get } = requestsAs(() => ctx.app, cookie);
const list = async (who: string, query: string, language = 'en') => {
  const res = await get(who, `/api/alarm/list?${query}`, language);
  return res.json() as { code: number; msg: string; data: { list: Record<string, unknown>[]; total: number } };
};
const processAlarms = (who: string, payload: object, language = 'en') =>
  ctx.app.inject({ method: 'POST', url: '/api/alarm/process', headers: { cookie: cookie[who]!, language }, payload });

beforeAll(async () => {
  ctx = await startTestApp();
  other = await addSecondOrganisation(ctx.db);
  Object.assign(cookie, await signInAll(ctx.app, ['admin', 'demo-station', 'demo-company', 'pampa-company']));
  // Level: SH01 (the demo station account's own) tank 1 data fault, cleared later; SZ02 tank 2 check fault;
  // LSF-HO01 (another company of the demo distributor) tank 1 no product float. Leak: SH01 sensor S3.
  for (const [code, body] of [
    ['NWP-SH01', { alarms: [{ kind: 'level', tank: '1', code: 2, ts: at(0) }] }],
    ['NWP-SZ02', { alarms: [{ kind: 'level', tank: '2', code: 3, ts: at(1) }] }],
    ['LSF-HO01', { alarms: [{ kind: 'level', tank: '1', code: 4, ts: at(2) }] }],
    ['NWP-SH01', { sensors: [{ sensorNo: 'S3', type: 'sump', ts: at(3), state: 'alarm', code: 8 }] }],
    ['NWP-SH01', { alarms: [{ kind: 'level', tank: '1', code: 2, ts: at(4), state: 'cleared' }] }],
  ] as const) {
    const res = await report(code, body);
    expect(res.json().code, `${code} report`).toBe(1000);
  }
});
afterAll(() => ctx.close());

describe('alarm queries (alarm_report, leak_alarm)', () => {
  it('lists level alarms newest first with station, tank, product, localised nothing lost', async () => {
    const { code, data } = await list('admin', `kind=level&from=${encodeURIComponent(at(-1))}`);
    expect(code).toBe(1000);
    expect(data.total).toBe(3);
    expect(data.list.map((r) => [r.stationCode, r.tankCode, r.code])).toEqual([
      ['LSF-HO01', '1', 4],
      ['NWP-SZ02', '2', 3],
      ['NWP-SH01', '1', 2],
    ]);
    const cleared = data.list[2]!;
    expect(cleared).toMatchObject({ kind: 'level', source: 'device', stationName: 'Shanghai Pudong', startedAt: at(0), endedAt: at(4), processed: false, processedByName: null, note: null });
    expect(typeof cleared.productName).toBe('string');
  });

  it('leak alarms are a separate list, with the sensor and its type', async () => {
    const { data } = await list('admin', `kind=leak&from=${encodeURIComponent(at(-1))}`);
    expect(data.total).toBe(1);
    expect(data.list[0]).toMatchObject({ kind: 'leak', code: 8, sensorNo: 'S3', sensorType: 'sump', tankCode: null, endedAt: null });
  });

  it('filters by station, tank, code, state, time range and organisation', async () => {
    const since = `&from=${encodeURIComponent(at(-1))}`;
    const count = async (q: string) => (await list('admin', `kind=level${since}&${q}`)).data.total;
    const sh01 = (await list('admin', `kind=level${since}&q=NWP-SH01`)).data.list[0]!;
    expect(await count(`stationId=${sh01.stationId}`)).toBe(1);
    expect(await count(`tankId=${sh01.tankId}`)).toBe(1);
    expect(await count('code=3')).toBe(1);
    expect(await count('state=active')).toBe(2);
    expect(await count('state=cleared')).toBe(1);
    expect(await count(`to=${encodeURIComponent(at(1))}`)).toBe(1);
    const nwp = (await get('admin', '/api/org/tree')).json().data[0].children.find((c: { code: string }) => c.code === 'NWP');
    expect(await count(`companyId=${nwp.id}`)).toBe(2);
    expect(await count(`distributorId=${other.distributorId}`)).toBe(0);
  });

  it('sorts by an allowed column and refuses another', async () => {
    const { data } = await list('admin', `kind=level&from=${encodeURIComponent(at(-1))}&sortField=code&sortOrder=ascend`);
    expect(data.list.map((r) => r.code)).toEqual([2, 3, 4]);
    const refused = await list('admin', 'kind=level&sortField=note');
    expect(refused.code).toBe(91011);
  });

  it('refuses a start not before the end, and a kind that is not level or leak, with the field named', async () => {
    const backwards = await list('admin', `kind=level&from=${encodeURIComponent(at(5))}&to=${encodeURIComponent(at(1))}`);
    expect(backwards.code).toBe(91011);
    expect(backwards.msg).toBe('Start time: must be before the end time');
    const es = await list('admin', `kind=level&from=${encodeURIComponent(at(5))}&to=${encodeURIComponent(at(5))}`, 'es');
    expect(es.msg).toBe('Hora de inicio: debe ser anterior a la hora de fin');
    const kind = await list('admin', 'kind=pressure');
    expect(kind.code).toBe(91011);
    const badTime = await list('admin', 'kind=level&from=yesterday');
    expect(badTime.code).toBe(91011);
  });

  it('each account sees only its own organisation’s alarms', async () => {
    const since = `&from=${encodeURIComponent(at(-1))}`;
    const station = await list('demo-station', `kind=level${since}`);
    expect(station.data.list.map((r) => r.stationCode)).toEqual(['NWP-SH01']);
    const company = await list('demo-company', `kind=level${since}`);
    expect(company.data.list.map((r) => r.stationCode).sort()).toEqual(['NWP-SH01', 'NWP-SZ02']);
    const stranger = await list('pampa-company', `kind=level${since}`);
    expect(stranger.data.total).toBe(0);
    // Asking for another organisation's station by id gives nothing, not its alarms.
    const sz02 = (await list('admin', `kind=level${since}&q=NWP-SZ02`)).data.list[0]!;
    expect((await list('pampa-company', `kind=level&stationId=${sz02.stationId}`)).data.total).toBe(0);
  });

  it('marks alarms processed with a note and the handler, once, all or none, only in scope', async () => {
    const since = `&from=${encodeURIComponent(at(-1))}`;
    const rows = (await list('admin', `kind=level${since}`)).data.list;
    const sh01 = rows.find((r) => r.stationCode === 'NWP-SH01')!;
    const sz02 = rows.find((r) => r.stationCode === 'NWP-SZ02')!;

    const stranger = await processAlarms('pampa-company', { ids: [sh01.id], note: 'not mine' });
    expect(stranger.json().code).toBe(80001);
    const mixed = await processAlarms('demo-station', { ids: [sh01.id, sz02.id], note: 'both?' });
    expect(mixed.json().code).toBe(80001);
    expect((await list('admin', `kind=level${since}&processed=yes`)).data.total).toBe(0);

    const empty = await processAlarms('demo-station', { ids: [sh01.id], note: '   ' });
    expect(empty.json()).toMatchObject({ code: 91011, data: { fields: [{ field: 'note' }] } });
    const long = await processAlarms('demo-station', { ids: [sh01.id], note: 'x'.repeat(501) });
    expect(long.json()).toMatchObject({ code: 91011, data: { fields: [{ field: 'note', rule: 'tooLong' }] } });

    const done = await processAlarms('demo-station', { ids: [sh01.id], note: 'Float cleaned, probe re-seated' });
    expect(done.json()).toMatchObject({ code: 1000, data: { processed: 1 } });
    const after = (await list('admin', `kind=level${since}&processed=yes`)).data.list;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: sh01.id, processed: true, processedByName: 'Demo station', note: 'Float cleaned, probe re-seated' });
    expect(typeof after[0]!.processedAt).toBe('string');
    expect((await list('admin', `kind=level${since}&processed=no`)).data.total).toBe(2);

    const again = await processAlarms('admin', { ids: [sh01.id, sz02.id], note: 'second time' }, 'zh_CN');
    expect(again.json()).toMatchObject({ code: 91011, data: { fields: [{ field: 'ids', rule: 'alreadyProcessed' }] } });
    // All or none: the second alarm was not processed by the refused call.
    expect((await list('admin', `kind=level${since}&processed=yes`)).data.total).toBe(1);
  });

  it('exports the filtered list as xlsx with localised headers and alarm names, in station time', async () => {
    const res = await get('admin', `/api/alarm/export?kind=level&from=${encodeURIComponent(at(-1))}&sortField=code&sortOrder=ascend`, 'zh_CN');
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const { sheet, header, values } = await readSheet(res);
    expect(sheet.name).toBe('液位报警');
    expect(sheet.rowCount).toBe(4);
    expect(header).toContain('报警类型');
    const first = values(2);
    expect(first).toContain('数据故障');
    expect(first).toContainEqual(wallDate(at(0), 'Asia/Shanghai'));
    expect(first).toContain('Asia/Shanghai (GMT+8)');
    expect(first).toContain('Float cleaned, probe re-seated');
  });

  it('exports more alarms than its first batch in the list’s order, each once, only in scope', async () => {
    // 650 ended alarms of NWP-SZ02 two days back (the export makes them 200, 400, then 50 at a
    // time), codes and start minutes shared by many, so the id decides their order; each ends a
    // second later than the one before, which tells them apart in the file.
    const from = new Date(T0 - 2 * 86_400_000);
    await ctx.db.execute(sql`
      insert into alarms (distributor_id, company_id, station_id, kind, tank_id, code, source, started_at, ended_at)
      select s.distributor_id, s.company_id, s.id, 'level', t.id, 1 + g % 5, 'device',
        ${from.toISOString()}::timestamptz + (g / 3) * interval '1 minute', ${from.toISOString()}::timestamptz + interval '1 day' + g * interval '1 second'
      from stations s join tanks t on t.station_id = s.id and t.code = '1', generate_series(1, 650) g
      where s.code = 'NWP-SZ02'`);
    const range = `kind=level&from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(at(-30))}&sortField=code&sortOrder=descend`;
    const listed: Record<string, unknown>[] = [];
    for (let page = 1; page <= Math.ceil(650 / PAGE_SIZE_MAX); page++) listed.push(...(await list('admin', `${range}&page=${page}&pageSize=${PAGE_SIZE_MAX}`)).data.list);
    expect(listed).toHaveLength(650);
    const res = await get('admin', `/api/alarm/export?${range}`);
    expect(res.headers['x-export-rows']).toBe('650');
    const { sheet, col, cell } = await readSheet(res);
    expect(sheet.rowCount).toBe(651);
    const codeAt = col('Alarm code');
    const exported = Array.from({ length: 650 }, (_, i) => [sheet.getRow(i + 2).getCell(codeAt).value, cell(i + 2, 'Cleared at')]);
    expect(exported).toEqual(listed.map((r) => [r.code, wallDate(r.endedAt as string, r.timezone as string)]));
    // Another organisation's account gets a file of none of them.
    const stranger = await readSheet(await get('pampa-company', `/api/alarm/export?${range}`));
    expect(stranger.sheet.rowCount).toBe(1);
  });
});
