import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, stations, tanks } from '../../db/schema';
import { sha256 } from '../../lib/tokens';
import { startTestApp, type TestContext } from '../../test/harness';
import { requestsAs, SEEDED_ACCOUNTS, signInAll } from '../../test/signed-in';
import { readSheet } from '../../test/xlsx-cells';

let ctx: TestContext;
const cookie: Record<string, string> = {};
const ids = { NWP: 0, LSF: 0, nwpArea: 0, lsfArea: 0, g95: 0, d0: 0, lsfStation: 0, ownStation: 0 };
beforeAll(async () => {
  ctx = await startTestApp();
  Object.assign(cookie, await signInAll(ctx.app, SEEDED_ACCOUNTS));
  const companies = (await call('admin', 'GET', '/api/company/list')).json().data.list as { id: number; code: string }[];
  ids.NWP = companies.find((c) => c.code === 'NWP')!.id;
  ids.LSF = companies.find((c) => c.code === 'LSF')!.id;
  ids.nwpArea = (await call('admin', 'GET', `/api/area/list?companyId=${ids.NWP}`)).json().data.list[0].id;
  ids.lsfArea = (await call('admin', 'GET', `/api/area/list?companyId=${ids.LSF}`)).json().data.list[0].id;
  const stationList = (await call('admin', 'GET', '/api/station/list?pageSize=50')).json().data.list as { id: number; code: string }[];
  ids.lsfStation = stationList.find((s) => s.code === 'LSF-HO01')!.id;
  ids.ownStation = stationList.find((s) => s.code === 'NWP-SH01')!.id;
  const tankList = (await call('admin', 'GET', `/api/station/${ids.ownStation}`)).json().data.tanks as { productId: number; productName: string }[];
  ids.g95 = tankList.find((t) => t.productName === '95# Gasoline')!.productId;
  ids.d0 = tankList.find((t) => t.productName === '0# Diesel')!.productId;
});
afterAll(() => ctx.close());

const { call } = requestsAs(() => ctx.app, cookie);

const tank = (code: string, overrides: object = {}) => ({
  code,
  productId: ids.g95,
  heightMm: 2000,
  volumeL: 20000,
  diameterMm: 2000,
  probeAddress: code,
  oilOffsetMm: 0,
  waterOffsetMm: 0,
  lowOilAlarmMm: 200,
  lowOilWarnMm: 300,
  highOilWarnMm: 1800,
  highOilAlarmMm: 1900,
  highWaterAlarmMm: 100,
  strapping: [{ heightMm: 0, volumeL: 0 }, { heightMm: 1000, volumeL: 10000 }, { heightMm: 2000, volumeL: 20000 }],
  ...overrides,
});
const station = (overrides: object = {}) => ({
  name: 'Valencia Puerto',
  code: `VAL-${Math.random().toString(36).slice(2, 7)}`,
  taxNumber: 'ES-B12345678',
  companyId: ids.NWP,
  areaId: ids.nwpArea,
  address: 'Av. del Puerto 1, Valencia',
  phone: '34-96-555-0100',
  timezone: 'Europe/Madrid',
  longitude: '-0.32456',
  latitude: '39.45981',
  deviceIp: '10.20.30.40',
  devicePort: 10001,
  serverIp: 'ullage.example.com',
  deviceType: 'veeder-root-tls',
  instrumentType: 'TLS-350',
  tanks: [tank('1'), tank('2', { productId: ids.d0 }), tank('3')],
  ...overrides,
});

describe('station settings API', () => {
  let createdId: number;
  let firstKey: string;

  it('a company account creates a station with three tanks and gets its device key once', async () => {
    const response = await call('demo-company', 'POST', '/api/station', station({ code: 'VAL-01' }));
    const body = response.json();
    expect(body).toMatchObject({ code: 1000, msg: 'Setting saved', data: { station: { code: 'VAL-01', companyName: 'Northwind Petroleum', tankCount: 3, hasDeviceKey: true, longitude: '-0.32456', timezone: 'Europe/Madrid' } } });
    expect(body.data.station.tanks.map((t: { code: string; productName: string }) => `${t.code}:${t.productName}`)).toEqual(['1:95# Gasoline', '2:0# Diesel', '3:95# Gasoline']);
    firstKey = body.data.deviceKey;
    expect(firstKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    createdId = body.data.station.id;
    const [row] = await ctx.db.select().from(stations).where(eq(stations.id, createdId));
    expect(row!.deviceKeyHash).toBe(sha256(firstKey));
    // Reading it back never shows the key.
    expect(JSON.stringify((await call('demo-company', 'GET', `/api/station/${createdId}`)).json())).not.toContain(firstKey);
  });

  it('refuses an existing code: 80006 "Code already exists"', async () => {
    expect((await call('admin', 'POST', '/api/station', station({ code: 'nwp-sh01' }))).json()).toMatchObject({ code: 80006, msg: 'Code already exists' });
  });

  const refusals: [string, () => object, string][] = [
    ['a missing tax number', () => ({ taxNumber: '' }), 'Tax number: is required'],
    ['an unknown time zone', () => ({ timezone: 'Mars/Olympus' }), 'Time zone: must be a time zone such as Europe/Madrid'],
    ['a longitude with six decimals', () => ({ longitude: '-0.324567' }), 'Longitude: must be a valid number with at most five decimals'],
    ['a latitude beyond 90', () => ({ latitude: '91.5' }), 'Latitude: must be a valid number with at most five decimals'],
    ['a device address that is neither IP nor host', () => ({ deviceIp: '999.1.1.1' }), 'Device IP: must be an IP address or host name'],
    ['a port beyond 65535', () => ({ devicePort: 70000 }), 'Device port: is not valid'],
    ['101 tanks', () => ({ tanks: Array.from({ length: 101 }, (_, i) => tank(String(i + 1))) }), 'Tank: must hold at most 100 tanks'],
    ['two tanks with one code', () => ({ tanks: [tank('1'), tank('1')] }), 'Tank 2 · Code: is already used in this list'],
    ['thresholds out of order', () => ({ tanks: [tank('1', { lowOilWarnMm: 150 })] }), 'Tank 1 · Low oil warning: must be in order: low alarm < low warning < high warning < high alarm'],
    ['a high alarm above the tank', () => ({ tanks: [tank('1', { highOilAlarmMm: 2100 })] }), 'Tank 1 · High oil alarm: must not exceed the tank height'],
    ['a height-volume table that falls', () => ({ tanks: [tank('1', { strapping: [{ heightMm: 0, volumeL: 0 }, { heightMm: 1000, volumeL: 10000 }, { heightMm: 900, volumeL: 12000 }] })] }), 'Tank 1 · Height-volume point 3 · Height (mm): heights and volumes must increase from point to point'],
    ['a height-volume point above the tank', () => ({ tanks: [tank('1', { strapping: [{ heightMm: 0, volumeL: 0 }, { heightMm: 2500, volumeL: 19000 }] })] }), 'Tank 1 · Height-volume point 2 · Height (mm): must stay within the tank height and volume'],
    ['a product that does not exist', () => ({ tanks: [tank('1', { productId: 9999 })] }), 'Tank 1 · Product: is not valid'],
    ['an area of another company', () => ({ areaId: ids.lsfArea }), 'Area: must be an area of the chosen company'],
  ];
  for (const [name, overrides, msg] of refusals) {
    it(`refuses ${name}: 91011 "${msg}"`, async () => {
      const response = await call('admin', 'POST', '/api/station', station(overrides()));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 91011, msg });
    });
  }

  it('a disabled company cannot receive new stations', async () => {
    await call('admin', 'PUT', `/api/company/${ids.LSF}/status`, { disabled: true });
    try {
      const response = await call('admin', 'POST', '/api/station', station({ companyId: ids.LSF, areaId: ids.lsfArea }), 'es');
      expect(response.json()).toMatchObject({ code: 91011, msg: 'Empresa: está deshabilitada y no puede recibir estaciones nuevas' });
    } finally {
      await call('admin', 'PUT', `/api/company/${ids.LSF}/status`, { disabled: false });
    }
  });

  it('edits the station and its tanks in one form: kept tanks keep their ids, removed ones go, new ones come', async () => {
    const detail = (await call('demo-company', 'GET', `/api/station/${createdId}`)).json().data;
    const [t1, , t3] = detail.tanks;
    const response = await call('demo-company', 'PUT', `/api/station/${createdId}`, station({
      code: 'VAL-01',
      name: 'Valencia Puerto Norte',
      tanks: [tank('1', { id: t1.id, heightMm: 2100 }), tank('3', { id: t3.id }), tank('4', { productId: ids.d0 })],
    }));
    expect(response.json().data.deviceKey).toBeNull();
    const after = response.json().data.station;
    expect(after.name).toBe('Valencia Puerto Norte');
    expect(after.tanks.map((t: { id: number; code: string; heightMm: number }) => [t.code, t.heightMm])).toEqual([['1', 2100], ['3', 2000], ['4', 2000]]);
    expect(after.tanks[0].id).toBe(t1.id);
    expect(after.tanks[1].id).toBe(t3.id);
  });

  it('refuses a tank id that belongs to another station', async () => {
    const foreignTank = (await call('admin', 'GET', `/api/station/${ids.lsfStation}`)).json().data.tanks[0].id;
    const response = await call('admin', 'PUT', `/api/station/${createdId}`, station({ code: 'VAL-01', tanks: [tank('9', { id: foreignTank })] }));
    expect(response.json()).toMatchObject({ code: 91011 });
    const still = (await call('admin', 'GET', `/api/station/${ids.lsfStation}`)).json().data.tanks[0];
    expect(still.id).toBe(foreignTank);
    expect(still.code).not.toBe('9');
  });

  it('refuses to remove a tank that has readings, or to delete a station that sent data (80007)', async () => {
    const detail = (await call('admin', 'GET', `/api/station/${ids.lsfStation}`)).json().data;
    const report = await ctx.app.inject({
      method: 'POST',
      url: `/api/device/v1/stations/${detail.code}/report`,
      payload: { readings: [{ tank: detail.tanks[1].code, ts: new Date().toISOString(), productHeightMm: 800, temperatureC: 20 }] },
      headers: { authorization: `Bearer demo-device-key:${detail.code}` },
    });
    expect(report.json().data.accepted).toBe(1);
    const kept = detail.tanks.filter((_: unknown, i: number) => i !== 1).map((t: Record<string, unknown>) => ({ ...t, productName: undefined, productColor: undefined }));
    const body = { ...detail, tanks: kept, id: undefined, companyName: undefined, areaName: undefined, hasDeviceKey: undefined, distributorId: undefined, distributorName: undefined, createdAt: undefined, tankCount: undefined };
    for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
    const response = await call('admin', 'PUT', `/api/station/${ids.lsfStation}`, body);
    expect(response.json()).toEqual({ code: 80007, msg: `Tank ${detail.tanks[1].code} has readings and cannot be removed: its history would be lost` });
    expect((await call('admin', 'GET', `/api/station/${ids.lsfStation}`)).json().data.tanks).toHaveLength(detail.tanks.length);
    expect((await call('admin', 'DELETE', `/api/station/${ids.lsfStation}`)).json()).toEqual({ code: 80007, msg: 'This station has sent data and cannot be deleted: its history would be lost' });
  });

  it('rotates the device key: a new one, shown once; the old hash is gone', async () => {
    const response = await call('demo-company', 'POST', `/api/station/${createdId}/device-key`);
    const key = response.json().data.deviceKey as string;
    expect(key).not.toBe(firstKey);
    const [row] = await ctx.db.select().from(stations).where(eq(stations.id, createdId));
    expect(row!.deviceKeyHash).toBe(sha256(key));
  });

  it('lists with filters and sorting, exports xlsx in the caller’s language', async () => {
    const list = (await call('admin', 'GET', `/api/station/list?companyId=${ids.NWP}&sortField=code&sortOrder=ascend&pageSize=3`)).json().data;
    expect(list.total).toBe(7);
    expect(list.list.map((s: { code: string }) => s.code)).toEqual(['NWP-CA05', 'NWP-DX03', 'NWP-MD06']);
    const response = await call('admin', 'GET', `/api/station/export?companyId=${ids.NWP}`, undefined, 'zh_CN');
    expect(response.headers['content-type'], response.body.slice(0, 300)).toContain('spreadsheetml');
    const { sheet, header } = await readSheet(response);
    expect(sheet.name).toBe('油站');
    expect(header.slice(0, 3)).toEqual(['名称', '编码', '税号']);
    expect(sheet.rowCount).toBe(8);
  });

  it('refuses to delete a station that has accounts (80007); deletes one without, with its tanks', async () => {
    expect((await call('admin', 'DELETE', `/api/station/${ids.ownStation}`)).json()).toEqual({ code: 80007, msg: 'This station still has accounts; remove them first' });
    expect((await call('demo-company', 'DELETE', `/api/station/${createdId}`)).json().code).toBe(100);
    expect(await ctx.db.select().from(tanks).where(eq(tanks.stationId, createdId))).toHaveLength(0);
  });
});

describe('station settings: who may do what', () => {
  it('a company account cannot read, edit, rotate or delete another company’s station, nor create under it', async () => {
    expect((await call('demo-company', 'GET', `/api/station/${ids.lsfStation}`)).json().code).toBe(80001);
    expect((await call('demo-company', 'PUT', `/api/station/${ids.lsfStation}`, station({ companyId: ids.NWP }))).json().code).toBe(80001);
    expect((await call('demo-company', 'POST', `/api/station/${ids.lsfStation}/device-key`)).json().code).toBe(80001);
    expect((await call('demo-company', 'DELETE', `/api/station/${ids.lsfStation}`)).json().code).toBe(80001);
    expect((await call('demo-company', 'POST', '/api/station', station({ companyId: ids.LSF, areaId: ids.lsfArea }))).json()).toMatchObject({ code: 91011, msg: 'Company: is not valid' });
  });

  it('a station account reads its own station but changes nothing', async () => {
    const own = (await call('demo-station', 'GET', `/api/station/${ids.ownStation}`)).json();
    expect(own.data.code).toBe('NWP-SH01');
    expect((await call('demo-station', 'PUT', `/api/station/${ids.ownStation}`, station({ code: 'NWP-SH01' }))).json().code).toBe(80003);
    expect((await call('demo-station', 'POST', `/api/station/${ids.ownStation}/device-key`)).json().code).toBe(80003);
    expect((await call('demo-station', 'POST', '/api/station', station())).json().code).toBe(80003);
  });

  it('a station account is not shown its console’s security code; those who manage the station are', async () => {
    await ctx.db.execute(sql`update stations set atg_security_code = 'Sc7782' where id = ${ids.ownStation}`);
    try {
      expect((await call('demo-station', 'GET', `/api/station/${ids.ownStation}`)).json().data.atgSecurityCode).toBeNull();
      const listed = (await call('demo-station', 'GET', '/api/station/list?q=NWP-SH01')).json().data.list;
      expect(listed.map((s: { code: string; atgSecurityCode: string | null }) => [s.code, s.atgSecurityCode])).toEqual([['NWP-SH01', null]]);
      expect((await call('demo-company', 'GET', `/api/station/${ids.ownStation}`)).json().data.atgSecurityCode).toBe('Sc7782');
    } finally {
      await ctx.db.execute(sql`update stations set atg_security_code = null where id = ${ids.ownStation}`);
    }
  });

  it('a distributor account manages stations of its companies', async () => {
    const response = await call('demo-distributor', 'POST', '/api/station', station({ companyId: ids.LSF, areaId: ids.lsfArea }));
    expect(response.json().code).toBe(1000);
  });
});

describe('station settings: the Veeder-Root console’s poll interval and security code (issue 9)', () => {
  const created: number[] = [];
  afterAll(async () => {
    for (const id of created) await call('admin', 'DELETE', `/api/station/${id}`);
  });
  const create = async (overrides: object) => {
    const body = (await call('demo-company', 'POST', '/api/station', station(overrides))).json();
    expect(body.code, body.msg).toBe(1000);
    created.push(body.data.station.id);
    return body.data.station as { id: number; code: string; atgPollSeconds: number | null; atgSecurityCode: string | null };
  };

  it('saves both for a Veeder-Root TLS station and answers them in the detail, the list and the export', async () => {
    const saved = await create({ code: 'TLS-01', atgPollSeconds: 15, atgSecurityCode: 'Ab12cD' });
    expect(saved).toMatchObject({ atgPollSeconds: 15, atgSecurityCode: 'Ab12cD' });
    expect((await call('demo-company', 'GET', `/api/station/${saved.id}`)).json().data).toMatchObject({ atgPollSeconds: 15, atgSecurityCode: 'Ab12cD' });
    const listed = (await call('demo-company', 'GET', '/api/station/list?q=TLS-01')).json().data.list;
    expect(listed).toMatchObject([{ code: 'TLS-01', atgPollSeconds: 15, atgSecurityCode: 'Ab12cD' }]);
    const [row] = await ctx.db.select().from(stations).where(eq(stations.id, saved.id));
    expect([row!.atgPollSeconds, row!.atgSecurityCode]).toEqual([15, 'Ab12cD']);

    const response = await call('admin', 'GET', '/api/station/export?q=TLS-01', undefined, 'es');
    const { col, cell } = await readSheet(response);
    expect(col('Intervalo de consulta a la consola (s)')).toBeGreaterThan(0);
    expect(col('Código de seguridad de la consola')).toBeGreaterThan(0);
    expect(cell(2, 'Intervalo de consulta a la consola (s)')).toBe(15);
    expect(cell(2, 'Código de seguridad de la consola')).toBe('Ab12cD');
  });

  it('edits them; null interval means the default, a blank code means none', async () => {
    const saved = await create({ code: 'TLS-02', atgPollSeconds: 3600, atgSecurityCode: '000000' });
    expect(saved).toMatchObject({ atgPollSeconds: 3600, atgSecurityCode: '000000' });
    const edited = (await call('demo-company', 'PUT', `/api/station/${saved.id}`, station({ code: 'TLS-02', atgPollSeconds: 10, atgSecurityCode: 'ZZ99ZZ' }))).json();
    expect(edited.data.station).toMatchObject({ atgPollSeconds: 10, atgSecurityCode: 'ZZ99ZZ' });
    const cleared = (await call('demo-company', 'PUT', `/api/station/${saved.id}`, station({ code: 'TLS-02', atgPollSeconds: null, atgSecurityCode: '' }))).json();
    expect(cleared.data.station).toMatchObject({ atgPollSeconds: null, atgSecurityCode: null });
    // Omitted is the same as none.
    expect((await create({ code: 'TLS-03' })).atgPollSeconds).toBeNull();
  });

  it('never writes the security code into the audit log', async () => {
    const saved = await create({ code: 'TLS-04', atgSecurityCode: 'SECR3T' });
    await call('demo-company', 'PUT', `/api/station/${saved.id}`, station({ code: 'TLS-04', atgSecurityCode: 'N3WC0D' }));
    const rows = await ctx.db.select().from(auditLog).where(and(eq(auditLog.entity, 'station'), eq(auditLog.entityId, saved.id)));
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(JSON.stringify(rows)).not.toMatch(/SECR3T|N3WC0D/);
    expect(rows[1]!.changes).toMatchObject({ atgSecurityCode: ['******', '******'] });
  });

  const refusals: [string, object, string, string][] = [
    ['a poll interval of 9 s', { atgPollSeconds: 9 }, 'en', 'Console poll interval (s): is not valid'],
    ['a poll interval of 3601 s', { atgPollSeconds: 3601 }, 'en', 'Console poll interval (s): is not valid'],
    ['a poll interval that is not whole', { atgPollSeconds: 30.5 }, 'en', 'Console poll interval (s): is not valid'],
    ['a 5-character security code', { atgSecurityCode: 'AB123' }, 'en', 'Console security code: is not valid'],
    ['a 7-character security code', { atgSecurityCode: 'AB12345' }, 'en', 'Console security code: is not valid'],
    ['a security code with a hyphen', { atgSecurityCode: 'AB-123' }, 'en', 'Console security code: is not valid'],
    ['a security code with an accented letter', { atgSecurityCode: 'ÁB1234' }, 'en', 'Console security code: is not valid'],
    ['a poll interval of 9 s, in Chinese', { atgPollSeconds: 9 }, 'zh_CN', '液位仪轮询间隔（秒）：无效'],
    ['a short security code, in Arabic', { atgSecurityCode: 'AB123' }, 'ar', 'رمز أمان وحدة التحكم: غير صالح'],
  ];
  for (const [name, overrides, language, msg] of refusals) {
    it(`refuses ${name}: 91011 "${msg}"`, async () => {
      const response = await call('admin', 'POST', '/api/station', station({ code: 'TLS-BAD', ...overrides }), language);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({ code: 91011, msg });
      expect(body.data.fields[0]).toMatchObject({ field: Object.keys(overrides)[0], rule: 'invalid' });
    });
  }

  it('stores neither for another device type, and drops them when a station stops being Veeder-Root TLS', async () => {
    const collector = await create({ code: 'COL-01', deviceType: 'ullage-collector', atgPollSeconds: 30, atgSecurityCode: 'AB1234' });
    expect(collector).toMatchObject({ atgPollSeconds: null, atgSecurityCode: null });
    const tls = await create({ code: 'TLS-05', atgPollSeconds: 30, atgSecurityCode: 'AB1234' });
    const switched = (await call('demo-company', 'PUT', `/api/station/${tls.id}`, station({ code: 'TLS-05', deviceType: 'ullage-collector', atgPollSeconds: 30, atgSecurityCode: 'AB1234' }))).json();
    expect(switched.data.station).toMatchObject({ deviceType: 'ullage-collector', atgPollSeconds: null, atgSecurityCode: null });
    const [row] = await ctx.db.select().from(stations).where(eq(stations.id, tls.id));
    expect([row!.atgPollSeconds, row!.atgSecurityCode]).toEqual([null, null]);
  });
});
