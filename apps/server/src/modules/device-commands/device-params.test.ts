import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceOverview } from '@ullage/contracts/device-commands';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';
import { addSecondOrganisation } from '../../test/second-organisation';
import { asUser } from './test-device';
import { readSheet } from '../../test/xlsx-cells';

/**
 * Device parameter management refusals (issue 7): each rule answers 91011 naming the field
 * and rule in the caller's language; access follows the right to manage the station.
 */
let ctx: TestContext;
const as: Record<string, ReturnType<typeof asUser>> = {};
let sh01: DeviceOverview;
let ho01: DeviceOverview;
let pampaStationId: number;

async function stationId(code: string) {
  const res = await as.admin!.get(`/api/station/list?q=${code}`);
  return (res.json().data.list as { id: number; code: string }[]).find((s) => s.code === code)!.id;
}

const body = (res: { json(): unknown }) => res.json() as { code: number; msg: string; data: { fields?: { field: string; rule: string; message: string }[] } & Record<string, unknown> };
const fieldsOf = (res: { json(): unknown }) => (body(res).data?.fields ?? []).map((f) => `${f.field}:${f.rule}`);

beforeAll(async () => {
  ctx = await startTestApp();
  const other = await addSecondOrganisation(ctx.db);
  pampaStationId = other.stationId;
  as.admin = asUser(ctx.app, await signIn(ctx.app, 'admin', ADMIN_PASSWORD));
  as.adminZh = asUser(ctx.app, await signIn(ctx.app, 'admin', ADMIN_PASSWORD), 'zh_CN');
  as.adminAr = asUser(ctx.app, await signIn(ctx.app, 'admin', ADMIN_PASSWORD), 'ar');
  as.adminEs = asUser(ctx.app, await signIn(ctx.app, 'admin', ADMIN_PASSWORD), 'es');
  as.company = asUser(ctx.app, await signIn(ctx.app, 'demo-company', DEMO_PASSWORD));
  as.station = asUser(ctx.app, await signIn(ctx.app, 'demo-station', DEMO_PASSWORD));
  as.pampa = asUser(ctx.app, await signIn(ctx.app, 'pampa-company', 'Pampa#2026ok'));
  sh01 = body(await as.admin.get(`/api/device-params/station/${await stationId('NWP-SH01')}`)).data as unknown as DeviceOverview;
  ho01 = body(await as.admin.get(`/api/device-params/station/${await stationId('LSF-HO01')}`)).data as unknown as DeviceOverview;
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(ctx.config.dataDir, { recursive: true, force: true });
});

const tank1 = () => sh01.tanks[0]!;
const thresholds = (over: Record<string, number | null> = {}) => ({
  stationId: sh01.station.id,
  tankId: tank1().id,
  highOilAlarmMm: 2300,
  highOilWarnMm: 2200,
  lowOilWarnMm: 400,
  lowOilAlarmMm: 300,
  highWaterAlarmMm: 100,
  ...over,
});

describe('base info', () => {
  it('shows the device, its contact and its tanks with their parameters', () => {
    expect(sh01.station).toMatchObject({ code: 'NWP-SH01', name: 'Shanghai Pudong', deviceType: 'ullage-collector', instrumentType: 'magnetostrictive', hasDeviceKey: true, timezone: 'Asia/Shanghai' });
    expect(sh01.device).toEqual({ firmwareVersion: null, serverHost: null, serverPort: null, reportedAt: null });
    expect(sh01.contact).toMatchObject({ lastSeenAt: null, online: false, clockSkewSeconds: null, deviceTime: null });
    expect(sh01.tanks.map((t) => t.code)).toEqual(['1', '2', '3']);
    expect(tank1()).toMatchObject({ heightMm: 2600, volumeL: 42475, highOilAlarmMm: 2470, lowOilAlarmMm: 260, tiltDeg: 0, probeOffsetMm: 0 });
    expect(tank1().strapping.length).toBeGreaterThan(10);
    expect(sh01).toMatchObject({ takesCommands: true, canManage: true });
  });

  it('a station account sees its station but may not manage it', async () => {
    const res = body(await as.station!.get(`/api/device-params/station/${sh01.station.id}`));
    expect(res.code).toBe(1000);
    expect(res.data).toMatchObject({ canManage: false });
  });
});

describe('alarm setup: thresholds in order and within the tank (issue 7, tank-rules.ts)', () => {
  it('refuses thresholds out of order, naming the field, in English and Chinese', async () => {
    const res = await as.admin!.post('/api/device-commands/thresholds', thresholds({ highOilWarnMm: 2400 }));
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe(91011);
    expect(fieldsOf(res)).toEqual(['highOilAlarmMm:thresholdOrder']);
    expect(body(res).msg).toBe('High oil alarm: must be in order: low alarm < low warning < high warning < high alarm');
    const zh = await as.adminZh!.post('/api/device-commands/thresholds', thresholds({ highOilWarnMm: 2400 }));
    expect(body(zh).msg).toMatch(/^高油位报警/);
  });

  it('refuses a threshold above the tank height', async () => {
    const res = await as.admin!.post('/api/device-commands/thresholds', thresholds({ highOilAlarmMm: 2700 }));
    expect(fieldsOf(res)).toEqual(['highOilAlarmMm:withinHeight']);
    expect(body(res).msg).toBe('High oil alarm: must not exceed the tank height');
  });

  it('a tank of another station is not this station’s', async () => {
    const res = await as.admin!.post('/api/device-commands/thresholds', thresholds({ tankId: ho01.tanks[0]!.id }));
    expect(fieldsOf(res)).toEqual(['tankId:unknownTank']);
  });
});

describe('height-volume table: typed points', () => {
  const points = (list: [number, number][]) => ({ stationId: sh01.station.id, tankId: tank1().id, points: list.map(([heightMm, volumeL]) => ({ heightMm, volumeL })) });

  it('refuses a point with two decimals', async () => {
    const res = await as.admin!.post('/api/device-commands/strapping', points([[0, 0], [100.25, 500], [200, 1200]]));
    expect(fieldsOf(res)).toEqual(['points.1.heightMm:oneDecimal']);
    expect(body(res).msg).toBe('Height-volume point 2 · Height (mm): must have at most one decimal');
  });

  it('refuses unsorted points, and a table of one point', async () => {
    const res = await as.admin!.post('/api/device-commands/strapping', points([[0, 0], [300, 1500], [200, 1200]]));
    expect(fieldsOf(res)).toEqual(['points.2.heightMm:strappingIncreasing', 'points.2.volumeL:strappingIncreasing']);
    const one = await as.admin!.post('/api/device-commands/strapping', points([[0, 0]]));
    expect(fieldsOf(one)).toEqual(['points:tooFew']);
  });
});

describe('height-volume table: template and import (spec §5)', () => {
  const importFile = (who: string, name: string, bytes: Buffer) => as[who]!.upload(`/api/device-params/strapping-import?tankId=${tank1().id}&fileName=${encodeURIComponent(name)}`, bytes);

  async function sheet(rows: (string | number | null)[][]): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('Sheet1');
    for (const row of rows) ws.addRow(row);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  it('downloads a template headed in the user’s language, holding the tank’s table, that imports back unchanged', async () => {
    const res = await as.adminEs!.get(`/api/device-params/strapping-template?tankId=${tank1().id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('Tabla%20altura-volumen%20tanque%201.xlsx');
    const { book, sheet: ws } = await readSheet(res);
    expect(ws.getRow(1).values).toEqual([undefined, 'Altura (mm)', 'Volumen (L)']);
    expect(ws.rowCount).toBe(tank1().strapping.length + 1);
    expect(book.worksheets[1]!.getRow(1).getCell(1).value).toBe('Tanque 1: altura 2600 mm, volumen 42475 L. Alturas y volúmenes deben quedar dentro de ellos.');
    // Filled in Spanish, imported by someone using English: the headers are known in every language.
    const back = body(await importFile('admin', 'tabla.xlsx', res.rawPayload));
    expect(back.code).toBe(1000);
    expect(back.data.points).toEqual(tank1().strapping);
  });

  it('refuses a template with a missing column', async () => {
    const res = await importFile('admin', 'table.xlsx', await sheet([['Height (mm)', 'Litres'], [0, 0], [100, 900]]));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['importRow.0:templateVolumeMissing']);
    expect(body(res).msg).toBe("Row 1: the template's column “Volume (L)” is missing");
    const ar = await as.adminAr!.upload(`/api/device-params/strapping-import?tankId=${tank1().id}&fileName=t.xlsx`, await sheet([['Volume (L)'], [0], [900]]));
    expect(body(ar).msg).toBe('الصف 1: عمود القالب «الارتفاع (مم)» مفقود');
  });

  it('reports every row with two decimals or out of order, with its sheet row', async () => {
    const res = await importFile('admin', 'table.xlsx', await sheet([['Height (mm)', 'Volume (L)'], [0, 0], [100.25, 900], [200, 1800.55], [300, 2000], [250, 3600]]));
    expect(fieldsOf(res)).toEqual(['importRow.2.heightMm:oneDecimal', 'importRow.3.volumeL:oneDecimal', 'importRow.5.heightMm:strappingIncreasing']);
    expect(body(res).data.fields!.map((f) => f.message)).toEqual([
      'Row 3 · Height (mm): must have at most one decimal',
      'Row 4 · Volume (L): must have at most one decimal',
      'Row 6 · Height (mm): heights and volumes must increase from point to point',
    ]);
    const zh = await as.adminZh!.upload(`/api/device-params/strapping-import?tankId=${tank1().id}&fileName=t.xlsx`, await sheet([['高度 (mm)', '体积 (L)'], [0, 0], [10.55, 5]]));
    expect(body(zh).msg).toBe('行 3 · 高度 (mm)：最多一位小数');
  });

  it('reads csv with commas, or with semicolons and decimal commas', async () => {
    const comma = body(await importFile('admin', 'table.csv', Buffer.from('\uFEFFHeight (mm),Volume (L)\r\n0,0\r\n"1000","9000.5"\r\n')));
    expect(comma.data.points).toEqual([{ heightMm: 0, volumeL: 0 }, { heightMm: 1000, volumeL: 9000.5 }]);
    const semicolon = body(await importFile('admin', 'tabla.csv', Buffer.from('Altura (mm);Volumen (L)\n0;0\n1000,5;9000,5\n')));
    expect(semicolon.data.points).toEqual([{ heightMm: 0, volumeL: 0 }, { heightMm: 1000.5, volumeL: 9000.5 }]);
  });

  it('refuses a file that is neither xlsx nor csv, and one that is not a spreadsheet', async () => {
    expect(fieldsOf(await importFile('admin', 'table.txt', Buffer.from('x')))).toEqual(['fileName:importFileType']);
    const broken = await importFile('admin', 'table.xlsx', Buffer.from('not a zip'));
    expect(fieldsOf(broken)).toEqual(['importFile:unreadable']);
    expect(body(broken).msg).toBe('File: could not be read as a spreadsheet');
  });
});

describe('tank tilt and time setup', () => {
  it('refuses a tilt out of range and too many decimals', async () => {
    const res = await as.admin!.post('/api/device-commands/tilt', { stationId: sh01.station.id, tankId: tank1().id, tiltDeg: 12, probeOffsetMm: 0.25 });
    expect(fieldsOf(res)).toEqual(['tiltDeg:range', 'probeOffsetMm:decimals']);
    expect(body(res).data.fields!.map((f) => f.message)).toEqual(['Tilt (°): must be a number from -10 to 10', 'Probe offset (mm): must have at most 1 decimal']);
  });

  it('a clock to set needs a time within a year of the server’s', async () => {
    expect(fieldsOf(await as.admin!.post('/api/device-commands/clock', { stationId: sh01.station.id, mode: 'set' }))).toEqual(['time:required']);
    const far = await as.adminEs!.post('/api/device-commands/clock', { stationId: sh01.station.id, mode: 'set', time: '2099-01-01T00:00:00Z' });
    expect(body(far).msg).toBe('Hora: debe estar a menos de un año de la hora del servidor');
  });
});

describe('firmware upload (spec §5: version exactly 8 digits, .bin or .exe)', () => {
  const upload = (who: string, query: Record<string, string>, bytes = Buffer.from('firmware image')) =>
    as[who]!.upload(`/api/device-firmware?${new URLSearchParams({ deviceType: 'ullage-collector', ...query }).toString()}`, bytes);

  it('refuses a version of 7 or 9 digits', async () => {
    for (const version of ['2026112', '202611221']) {
      const res = await upload('admin', { fileName: 'collector.bin', version });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual(['version:firmwareVersion']);
      expect(body(res).msg).toBe('Version: must be exactly 8 digits');
    }
    const es = await upload('adminEs', { fileName: 'collector.bin', version: '2026112' });
    expect(body(es).msg).toBe('Versión: debe tener exactamente 8 dígitos');
  });

  it('refuses a .zip file', async () => {
    const res = await upload('admin', { fileName: 'collector.zip', version: '20261122' });
    expect(fieldsOf(res)).toEqual(['fileName:firmwareFile']);
    expect(body(res).msg).toBe('File name: must be a .bin or .exe file');
    const zh = await upload('adminZh', { fileName: 'collector.zip', version: '20261122' });
    expect(body(zh).msg).toBe('文件名：必须是 .bin 或 .exe 文件');
  });

  it('refuses an authorisation that ends before it begins, or has one end only, and an empty file', async () => {
    const res = await upload('admin', { fileName: 'c.bin', version: '20261122', validFrom: '2026-02-01T00:00:00Z', validTo: '2026-01-01T00:00:00Z' });
    expect(fieldsOf(res)).toEqual(['validTo:afterStart']);
    expect(fieldsOf(await upload('admin', { fileName: 'c.bin', version: '20261122', validFrom: '2026-02-01T00:00:00Z' }))).toEqual(['validTo:required']);
    expect(fieldsOf(await upload('admin', { fileName: 'c.bin', version: '20261122' }, Buffer.alloc(0)))).toEqual(['file:required']);
  });

  it('stores a file under DATA_DIR with its SHA-256; the same version twice is a conflict', async () => {
    const bytes = Buffer.from('collector image 20261122');
    const res = body(await upload('admin', { fileName: 'collector-20261122.bin', version: '20261122', description: 'First release' }, bytes));
    expect(res.code).toBe(1000);
    const sha = (await import('node:crypto')).createHash('sha256').update(bytes).digest('hex');
    expect(res.data).toMatchObject({ fileName: 'collector-20261122.bin', version: '20261122', deviceType: 'ullage-collector', sizeBytes: bytes.length, sha256: sha, status: 'authorised', validFrom: null, validTo: null, uploadedBy: 'admin' });
    expect(fs.readFileSync(`${ctx.config.dataDir}/files/firmware/${sha}.bin`)).toEqual(bytes);
    const again = await upload('admin', { fileName: 'other.exe', version: '20261122' });
    expect(body(again).code).toBe(80006);
  });
});

describe('who may issue commands', () => {
  it('a station account may see but not command its station (80003)', async () => {
    const res = await as.station!.post('/api/device-commands/clock', { stationId: sh01.station.id, mode: 'sync' });
    expect(body(res).code).toBe(80003);
  });

  it('a company account cannot command another company’s station, nor see its commands (80001)', async () => {
    const issued = body(await as.admin!.post('/api/device-commands/clock', { stationId: ho01.station.id, mode: 'sync' }));
    expect(issued.code).toBe(1000);
    for (const who of ['company', 'pampa']) {
      expect(body(await as[who]!.post('/api/device-commands/clock', { stationId: ho01.station.id, mode: 'sync' })).code).toBe(80001);
      expect(body(await as[who]!.post(`/api/device-commands/${issued.data.id as number}/cancel`)).code).toBe(80001);
      expect(body(await as[who]!.get(`/api/device-params/station/${ho01.station.id}`)).code).toBe(80001);
    }
    expect(body(await as.pampa!.post('/api/device-commands/clock', { stationId: sh01.station.id, mode: 'sync' })).code).toBe(80001);
    const seen = body(await as.pampa!.get('/api/device-commands?pageSize=200')).data as unknown as { total: number };
    expect(seen.total).toBe(0);
    // Their own station is theirs to command.
    expect(body(await as.pampa!.post('/api/device-commands/clock', { stationId: pampaStationId, mode: 'sync' })).code).toBe(1000);
    expect((body(await as.pampa!.get('/api/device-commands')).data as unknown as { total: number }).total).toBe(1);
  });

  it('another organisation neither sees nor issues the administrator’s firmware to our stations', async () => {
    const list = body(await as.pampa!.get('/api/device-firmware')).data as unknown as { list: { id: number }[] };
    expect(list.list.length).toBe(1); // the administrator's file serves everyone …
    const issue = await as.pampa!.post('/api/device-commands/firmware', { firmwareId: list.list[0]!.id, stationIds: [sh01.station.id] });
    expect(body(issue).code).toBe(80001); // … but only on stations they manage
    expect(body(await as.station!.get('/api/device-firmware')).code).toBe(80003);
  });

  it('one command of a kind at a time per tank: a second is a conflict (80006)', async () => {
    const first = body(await as.company!.post('/api/device-commands/tilt', { stationId: sh01.station.id, tankId: tank1().id, tiltDeg: 1.5, probeOffsetMm: 3000 }));
    expect(first.code).toBe(1000);
    expect(first.data).toMatchObject({ kind: 'tilt', state: 'issuing', issuedBy: 'demo-company', tankCode: '1', params: { tank: '1', tiltDeg: 1.5, probeOffsetMm: 3000 } });
    const second = await as.company!.post('/api/device-commands/tilt', { stationId: sh01.station.id, tankId: tank1().id, tiltDeg: 2, probeOffsetMm: 3000 });
    expect(body(second).code).toBe(80006);
    expect(body(second).msg).toBe('A command of this kind is still issuing for this station or tank: wait for its answer or cancel it');
    // Another tank, or another kind, is free.
    expect(body(await as.company!.post('/api/device-commands/tilt', { stationId: sh01.station.id, tankId: sh01.tanks[1]!.id, tiltDeg: 2, probeOffsetMm: 3000 })).code).toBe(1000);
  });

  it('a Veeder-Root TLS console takes no commands', async () => {
    await ctx.db.execute(sql`update stations set device_type = 'veeder-root-tls' where code = 'NWP-RY04'`);
    const res = await as.admin!.post('/api/device-commands/clock', { stationId: await stationId('NWP-RY04'), mode: 'sync' });
    expect(fieldsOf(res)).toEqual(['stationId:noCommands']);
  });
});
