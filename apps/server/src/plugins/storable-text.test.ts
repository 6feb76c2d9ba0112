import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rawRows } from '../lib/raw-sql';
import { ADMIN_PASSWORD, signIn, startTestApp, testDeviceKey, type TestContext } from '../test/harness';

/**
 * Issue 32 item 4: text PostgreSQL cannot store — a NUL, an unpaired surrogate — is refused as
 * 91011 naming the field (it answered 500), and a device's bad item is refused alone.
 */
let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await startTestApp({ config: { logLevel: 'error' } });
  admin = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
});
afterAll(() => ctx.close());

const count = async (table: string, where = sql`true`) => (await rawRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`))[0]!.n;

/** JSON escapes: what a client's "\u0000" and "\uD800" become once parsed. */
const BAD_JSON: Array<[string, string]> = [
  ['a NUL', 'x\u0000y'],
  ['an unpaired high surrogate', 'x\uD800y'],
  ['an unpaired low surrogate', '\uDC00'],
];

const STORABLE = 'must not contain a NUL character or an unpaired surrogate (text that cannot be stored)';

describe('a text filter (list and export)', () => {
  it.each([
    ['the tag list', '/api/tag/list'],
    ['the tag export', '/api/tag/export'],
    ['the station list', '/api/station/list'],
  ])('%s refuses a NUL in its search with 91011 naming the field, in the request’s language', async (_name, url) => {
    const res = await ctx.app.inject({ method: 'GET', url: `${url}?q=a%00b`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ code: 91011, msg: `Search: ${STORABLE}`, data: { fields: [{ field: 'q', rule: 'storableText' }] } });
    const es = await ctx.app.inject({ method: 'GET', url: `${url}?q=%00`, headers: { cookie: admin, language: 'es' } });
    expect(es.json()).toMatchObject({ code: 91011, msg: 'Búsqueda: no debe contener el carácter NUL ni sustitutos sin pareja (texto que no se puede guardar)' });
  });

  it('refuses a NUL in any filter of a list, not only the search', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/tag/list?type=%00', headers: { cookie: admin, language: 'zh_CN' } });
    expect(res.json()).toMatchObject({ code: 91011, msg: '类型：不能包含空字符（NUL）或未配对的代理字符（无法保存的文本）', data: { fields: [{ field: 'type' }] } });
  });

  it('an unpaired surrogate cannot arrive in a URL: its WTF-8 bytes stay percent text, searched as such, never a 500', async () => {
    // encodeURIComponent('\uD800') throws; the only bytes that would mean it (ED A0 80) are not
    // UTF-8, and the query parser leaves them as they came.
    for (const url of ['/api/tag/list?q=a%ED%A0%80b', '/api/tag/export?q=%ED%B0%80', '/api/station/list?q=%ED%A0%80']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: admin } });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('a URL whose percent-encoding is no UTF-8 (a surrogate’s bytes in a path) answers the envelope, 91011', async () => {
    for (const url of ['/api/user/photo/a%ED%A0%80b', '/api/tag/%E0%A4', `/api/device/v1/stations/${'A'.repeat(101)}/report`]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: admin, language: 'es' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 91011, msg: 'Solicitud: no es válido' });
    }
  });

  it('a path parameter is checked too', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user/photo/a%00b.png', headers: { cookie: admin } });
    expect(res.json()).toMatchObject({ code: 91011, data: { fields: [{ field: 'name', rule: 'storableText' }] } });
  });
});

describe('sign-in', () => {
  it.each(BAD_JSON)('refuses %s in the user name or password with 91011, and writes nothing', async (_name, bad) => {
    const before = { sessions: await count('sessions'), failures: await count('login_failures'), audit: await count('audit_log') };
    for (const [field, label, payload] of [
      ['username', 'User name', { username: `admin${bad}`, password: ADMIN_PASSWORD }],
      ['password', 'Password', { username: 'admin', password: bad }],
    ] as const) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/login/auth', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 91011, msg: `${label}: ${STORABLE}`, data: { fields: [{ field, rule: 'storableText' }] } });
    }
    expect({ sessions: await count('sessions'), failures: await count('login_failures'), audit: await count('audit_log') }).toEqual(before);
  });
});

describe('POST /api/tag', () => {
  it.each(BAD_JSON)('refuses %s in any text field with 91011 naming it; no tag is made', async (_name, bad) => {
    const tags = await count('tags');
    for (const [field, label] of [['key', 'Key'], ['value', 'Value'], ['remark', 'Remark']] as const) {
      const payload = { key: 'app.k', value: 'v', type: 'download', remark: 'r', [field]: bad };
      const res = await ctx.app.inject({ method: 'POST', url: '/api/tag', payload, headers: { cookie: admin } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 91011, msg: `${label}: ${STORABLE}`, data: { fields: [{ field, rule: 'storableText' }] } });
    }
    expect(await count('tags')).toBe(tags);
  });

  it('a bad key of the body names the body, and a good tag is still taken', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/tag', payload: { key: 'k1', value: 'v', type: 't', ['x\u0000']: 1 }, headers: { cookie: admin } });
    expect(res.json()).toMatchObject({ code: 91011, data: { fields: [{ field: 'request', rule: 'storableText' }] } });
    const good = await ctx.app.inject({ method: 'POST', url: '/api/tag', payload: { key: 'k1', value: 'v\u{1F600}', type: 't' }, headers: { cookie: admin } });
    expect(good.json()).toMatchObject({ code: 1000, data: { value: 'v\u{1F600}' } });
  });
});

describe('a device report over HTTP', () => {
  const CODE = 'NWP-SH01';
  const post = (body: unknown, code = CODE) =>
    ctx.app.inject({ method: 'POST', url: `/api/device/v1/stations/${encodeURIComponent(code)}/report`, payload: body as object, headers: { authorization: `Bearer ${testDeviceKey(CODE)}` } });
  const stationId = async () => (await rawRows<{ id: number }>(ctx.db, sql`select id from stations where code = ${CODE}`))[0]!.id;

  it.each(BAD_JSON)('refuses only the item with %s, naming its path; the rest is stored, and sent again it is answered the same (the device is not stuck)', async (name, bad) => {
    const id = await stationId();
    const ts = new Date(Date.now() - 60_000 - name.length * 1000).toISOString();
    const body = {
      readings: [{ tank: '1', ts, productHeightMm: 1200, temperatureC: 18 }, { tank: `1${bad}`, ts, productHeightMm: 1200, temperatureC: 18 }],
      sensors: [{ sensorNo: `S${bad}1`, ts, state: 'normal' }, { sensorNo: `S-${name.length}`, ts, state: 'normal' }],
      sales: [{ tank: '1', id: `sale${bad}`, ts, volumeL: 12 }, { tank: '1', id: `sale-${name.length}`, ts, volumeL: 13 }],
    };
    const before = { readings: await count('tank_readings', sql`station_id = ${id}`), sensors: await count('sensor_latest', sql`station_id = ${id}`), sales: await count('metered_sales', sql`station_id = ${id}`) };
    const res = await post(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 1000,
      data: {
        accepted: 1,
        refused: [
          { path: 'readings[1].tank', message: `Reading 2 · Tank: ${STORABLE}` },
          { path: 'sensors[0].sensorNo', message: `Sensor 1 · Sensor number: ${STORABLE}` },
          { path: 'sales[0].id', message: `Sale 1 · Id: ${STORABLE}` },
        ],
        sales: { accepted: 1, duplicates: 0 },
      },
    });
    expect({ readings: await count('tank_readings', sql`station_id = ${id}`), sensors: await count('sensor_latest', sql`station_id = ${id}`), sales: await count('metered_sales', sql`station_id = ${id}`) }).toEqual({
      readings: before.readings + 1,
      sensors: before.sensors + 1,
      sales: before.sales + 1,
    });
    const again = await post(body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ code: 1000, data: { accepted: 0, duplicates: 1, refused: [{ path: 'readings[1].tank' }, { path: 'sensors[0].sensorNo' }, { path: 'sales[0].id' }], sales: { accepted: 0, duplicates: 1 } } });
  });

  it('a bad item anywhere is refused alone: alarms, totaliser readings, tickets, deliveries, events and their readings', async () => {
    const ts = new Date(Date.now() - 30_000).toISOString();
    const res = await post({
      alarms: [{ kind: 'leak', sensorNo: 'S\u0000', code: 8, ts }],
      meterTotals: [{ tank: '1', meter: 'N\uD800', ts, totalL: 5 }],
      tickets: [{ tank: '1', deliveredAt: ts, volumeL: 100, ticketNo: 'T\u0000' }],
      deliveries: [{ tank: '1\u0000', startedAt: ts, endedAt: ts, startVolumeL: 1, endVolumeL: 2 }],
      events: [{ type: 'power-on', ts, readings: [{ tank: '1\uDC00', ts, productHeightMm: 1, temperatureC: 1 }] }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.refused.map((r: { path: string }) => r.path)).toEqual([
      'alarms[0].sensorNo',
      'events[0].readings[0].tank',
      'deliveries[0].tank',
      'meterTotals[0].meter',
      'tickets[0].ticketNo',
    ]);
    expect(await count('alarms', sql`sensor_no like 'S%' and station_id = ${await stationId()}`)).toBe(0);
  });

  it('a bad batch id refuses the batch (HTTP 400, 91011 naming it): nothing is stored, and a 4xx is not resent', async () => {
    const id = await stationId();
    const readings = await count('tank_readings', sql`station_id = ${id}`);
    const res = await post({ batchId: 'b\u0000', readings: [{ tank: '1', ts: new Date(Date.now() - 10_000).toISOString(), productHeightMm: 900, temperatureC: 18 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 91011, msg: `Batch id: ${STORABLE}` });
    expect(await count('tank_readings', sql`station_id = ${id}`)).toBe(readings);
  });

  it('a NUL in the station code answers 91011, not a 500', async () => {
    const res = await post({ readings: [] }, 'NWP\u0000SH01');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 91011, data: { fields: [{ field: 'code', rule: 'storableText' }] } });
  });

  it('a command answer with a NUL in its reason is refused with 91011 naming it', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: `/api/device/v1/stations/${CODE}/commands/1/ack`, payload: { id: 1, status: 'failed', reason: 'EEPROM\u0000' }, headers: { authorization: `Bearer ${testDeviceKey(CODE)}` } });
    expect(res.json()).toMatchObject({ code: 91011, data: { fields: [{ field: 'reason', rule: 'storableText' }] } });
  });
});
