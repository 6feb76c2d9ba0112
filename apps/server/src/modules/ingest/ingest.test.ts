import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { stations, tanks } from '../../db/schema';
import { rawRows } from '../../lib/raw-sql';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';
import { addSecondOrganisation } from '../../test/second-organisation';
import { sha256 } from '../../lib/tokens';
import { stationChanged } from '../station/changes';

/** A clock the test moves: offline detection after 15 minutes without waiting 15 minutes. */
let nowMs = Date.parse('2026-11-22T10:00:00Z');
const clock = () => new Date(nowMs);
const at = (minutes: number) => new Date(Date.parse('2026-11-22T10:00:00Z') + minutes * 60_000).toISOString();

let ctx: TestContext;
const cookie: Record<string, string> = {};
let stationId = 0;
let tank1Id = 0;
const KEY = 'demo-device-key:NWP-SH01';
// 10 L per mm up to 1000 mm, then 20 L per mm: volumes are easy to check by hand.
const STRAPPING = [
  { heightMm: 0, volumeL: 0 },
  { heightMm: 1000, volumeL: 10_000 },
  { heightMm: 2000, volumeL: 30_000 },
];

beforeAll(async () => {
  ctx = await startTestApp({ clock, config: { logLevel: 'error' } });
  cookie.admin = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
  for (const name of ['demo-company', 'demo-station']) cookie[name] = await signIn(ctx.app, name, DEMO_PASSWORD);
  const [s] = await ctx.db.select({ id: stations.id }).from(stations).where(eq(stations.code, 'NWP-SH01'));
  stationId = s!.id;
  const [t] = await ctx.db
    .update(tanks)
    // No thresholds: these tests are about ingest; threshold-evaluator.test.ts is about alarms.
    .set({ heightMm: 2000, volumeL: 30_000, strapping: STRAPPING, oilOffsetMm: 0, waterOffsetMm: 0, highOilAlarmMm: null, highOilWarnMm: null, lowOilWarnMm: null, lowOilAlarmMm: null, highWaterAlarmMm: null })
    .where(and(eq(tanks.stationId, stationId), eq(tanks.code, '1')))
    .returning({ id: tanks.id });
  tank1Id = t!.id;
});
afterAll(() => ctx.close());

const report = (body: unknown, options: { code?: string; key?: string | null; language?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/device/v1/stations/${options.code ?? 'NWP-SH01'}/report`,
    payload: body as object,
    headers: { ...(options.key === null ? {} : { authorization: `Bearer ${options.key ?? KEY}` }), language: options.language ?? 'en' },
  });
const reading = (minutes: number, productHeightMm: number, extra: object = {}) => ({ tank: '1', ts: at(minutes), productHeightMm, waterHeightMm: 100, temperatureC: 15, ...extra });
const stored = () => rawRows<{ ts: Date | string; product_height_mm: number; volume_l: number }>(ctx.db, sql`select ts, product_height_mm, volume_l from tank_readings where tank_id = ${tank1Id} order by ts`);
const get = (who: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie: cookie[who]! } });

describe('device ingest over HTTP (issue 4)', () => {
  it('stores a reading with volume, ullage and fill from the height-volume table, and shows it on the monitor', async () => {
    const res = await report({ sentAt: at(0), readings: [reading(0, 1500)] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 1000, data: { accepted: 1, duplicates: 0, refused: [], clockSkewSeconds: 0, clockFlagged: false } });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    // 1500 mm → 20 000 L gross, minus 100 mm of water (1 000 L).
    expect(rows[0]!.volume_l).toBe(19_000);

    const monitor = (await get('admin', `/api/monitor/station/${stationId}`)).json();
    expect(monitor.code).toBe(1000);
    const tank = monitor.data.tanks.find((t: { code: string }) => t.code === '1');
    expect(tank).toMatchObject({ productHeightMm: 1500, waterHeightMm: 100, volumeL: 19_000, waterVolumeL: 1_000, ullageL: 10_000, temperatureC: 15, ts: at(0) });
    expect(tank.fillPct).toBeCloseTo(66.67, 2);
    expect(monitor.data.station.status).toBe('online');
  });

  it('a resent batch creates no duplicates', async () => {
    const batch = { readings: [reading(1, 1490), reading(2, 1480)] };
    expect((await report(batch)).json().data).toMatchObject({ accepted: 2, duplicates: 0 });
    expect((await report(batch)).json().data).toMatchObject({ accepted: 0, duplicates: 2 });
    expect((await stored()).filter((r) => new Date(r.ts).getTime() >= Date.parse(at(0)))).toHaveLength(3);
  });

  it('concurrent batches (written together) answer each device its own new and duplicate readings', async () => {
    // Five overlapping batches at once: readings at minutes 20..26, each batch three consecutive ones.
    const batches = [0, 1, 2, 3, 4].map((k) => ({ readings: [0, 1, 2].map((j) => reading(-40 + k + j, 1000 + k + j)) }));
    const answers = await Promise.all(batches.map((b) => report(b).then((r) => r.json().data)));
    const accepted = answers.reduce((n, a) => n + a.accepted, 0);
    const duplicates = answers.reduce((n, a) => n + a.duplicates, 0);
    expect(accepted).toBe(7);
    expect(duplicates).toBe(8);
    const [count] = await rawRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from tank_readings where tank_id = ${tank1Id} and ts < ${at(-30)}`);
    expect(count!.n).toBe(7);
  });

  it('stores out-of-order readings in time order and never moves the latest state backwards', async () => {
    expect((await report({ readings: [reading(5, 1450)] })).json().data.accepted).toBe(1);
    expect((await report({ readings: [reading(4, 1460), reading(3, 1470)] })).json().data.accepted).toBe(2);
    const heights = (await stored()).map((r) => r.product_height_mm);
    expect(heights.slice(-6)).toEqual([1500, 1490, 1480, 1470, 1460, 1450]);
    const tank = (await get('admin', `/api/monitor/station/${stationId}`)).json().data.tanks.find((t: { code: string }) => t.code === '1');
    expect(tank).toMatchObject({ productHeightMm: 1450, ts: at(5) });
  });

  it('refuses bad readings with the field and the rule, and keeps the good ones of the batch', async () => {
    nowMs = Date.parse(at(12));
    const res = await report({
      readings: [
        reading(6, 1440),
        reading(7, 1430, { temperatureC: 500 }),
        { tank: '1', ts: at(8), temperatureC: 15 },
        reading(9, 1420, { tank: '99' }),
        reading(10, 1410, { ts: 'yesterday' }),
        reading(600, 1400),
        reading(11, 1400),
      ],
    });
    const data = res.json().data;
    expect(data.accepted).toBe(2);
    expect(data.refused).toEqual([
      { path: 'readings[1].temperatureC', message: 'Reading 2 · Temperature (°C): must be a number from -60 to 120' },
      { path: 'readings[2].productHeightMm', message: 'Reading 3 · Product height (mm): is required' },
      { path: 'readings[3].tank', message: 'Reading 4 · Tank: is not a tank of this station' },
      { path: 'readings[4].ts', message: 'Reading 5 · Time: must be a date and time with its offset, such as 2026-11-22T08:00:00Z' },
      { path: 'readings[5].ts', message: 'Reading 6 · Time: is more than 5 minutes ahead of the server clock' },
    ]);
    expect((await stored()).map((r) => r.product_height_mm).slice(-2)).toEqual([1440, 1400]);
  });

  it('localises the refusals by the language header', async () => {
    const res = await report({ readings: [reading(12, 1390, { temperatureC: -100 })] }, { language: 'es' });
    expect(res.json().data.refused[0].message).toBe('Lectura 1 · Temperatura (°C): debe ser un número entre -60 y 120');
  });

  it('says which type a field must have when a device sends the wrong one, not that it is missing (review item 4)', async () => {
    const res = await report({
      readings: [
        reading(12, 1390, { temperatureC: '15' }),
        reading(12, 1390, { productHeightMm: '1000' }),
        reading(12, 1390, { tank: 5 }),
        reading(12, 1390, { ts: 12345 }),
      ],
      alarms: [{ kind: 'level', tank: '1', code: '1', ts: at(12) }],
    });
    expect(res.json().data.refused).toEqual([
      { path: 'readings[0].temperatureC', message: 'Reading 1 · Temperature (°C): must be a number' },
      { path: 'readings[1].productHeightMm', message: 'Reading 2 · Product height (mm): must be a number' },
      { path: 'readings[2].tank', message: 'Reading 3 · Tank: must be a string (text in quotes)' },
      { path: 'readings[3].ts', message: 'Reading 4 · Time: must be a date and time with its offset, such as 2026-11-22T08:00:00Z' },
      { path: 'alarms[0].code', message: 'Alarm 1 · Code: must be a number' },
    ]);
    const es = await report({ readings: [reading(12, 1390, { temperatureC: '15' })] }, { language: 'es' });
    expect(es.json().data.refused[0].message).toBe('Lectura 1 · Temperatura (°C): debe ser un número');
    const envelope = await report({ sentAt: 12345, readings: [] });
    expect(envelope.statusCode).toBe(400);
    expect(envelope.json().data.fields[0]).toMatchObject({ field: 'sentAt', rule: 'datetime' });
    expect(envelope.json().msg).toMatch(/must be a date and time with its offset/);
  });

  it('a malformed batch is refused whole with 91011, never 500', async () => {
    for (const body of [{ readings: 'many' }, [1, 2], { readings: [{}], sentAt: 'now' }]) {
      const res = await report(body);
      expect(res.json().code).toBe(91011);
      expect(res.statusCode).toBe(400);
    }
    const res = await ctx.app.inject({ method: 'POST', url: '/api/device/v1/stations/NWP-SH01/report', payload: '{not json', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' } });
    expect(res.json().code).toBe(91011);
  });

  it('refuses a missing, wrong or rotated device key, and an unknown station, with 30001', async () => {
    nowMs = Date.parse(at(13));
    const body = { readings: [reading(13, 1380)] };
    for (const options of [{ key: null }, { key: 'demo-device-key:NWP-SZ02' }, { code: 'NOPE-01' }]) {
      const res = await report(body, options);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 30001, msg: 'The station code or device key is not valid' });
    }
    const rotated = (await ctx.app.inject({ method: 'POST', url: `/api/station/${stationId}/device-key`, headers: { cookie: cookie.admin! } })).json();
    expect(rotated.code).toBe(1000);
    expect((await report(body)).json().code).toBe(30001);
    expect((await report(body, { key: rotated.data.deviceKey })).json().data.accepted).toBe(1);
    // Put the demo key back for the other tests.
    await ctx.db.update(stations).set({ deviceKeyHash: sha256(KEY) }).where(eq(stations.id, stationId));
    stationChanged(ctx.app.bus, stationId);
  });

  it('flags a device clock far off', async () => {
    nowMs = Date.parse(at(14));
    const data = (await report({ sentAt: at(-16), readings: [reading(14, 1370)] })).json().data;
    expect(data).toMatchObject({ clockSkewSeconds: -1800, clockFlagged: true });
    const summary = (await get('admin', '/api/monitor/overview')).json().data.stations.find((s: { id: number }) => s.id === stationId);
    expect(summary.clockFlagged).toBe(true);
  });

  it('a station is offline after 15 minutes without data, with an offline record that closes when data returns', async () => {
    // The last contact was the clock test's batch, at minute 14.
    nowMs = Date.parse(at(29));
    expect(await ctx.app.ingest.sweepOffline()).toBe(0);
    nowMs = Date.parse(at(29)) + 1000;
    // Every demo station that never reported stays out of it: it has no contact to lose.
    expect(await ctx.app.ingest.sweepOffline()).toBe(1);
    let overview = (await get('admin', '/api/monitor/overview')).json().data;
    expect(overview.stations.find((s: { id: number }) => s.id === stationId).status).toBe('offline');
    let records = await rawRows<{ started_at: Date | string; ended_at: Date | string | null }>(ctx.db, sql`select started_at, ended_at from offline_records where station_id = ${stationId}`);
    expect(records).toHaveLength(1);
    expect(new Date(records[0]!.started_at).toISOString()).toBe(at(14));
    expect(records[0]!.ended_at).toBeNull();

    nowMs = Date.parse(at(40));
    expect((await report({ readings: [reading(40, 1360)] })).json().data.accepted).toBe(1);
    records = await rawRows(ctx.db, sql`select started_at, ended_at from offline_records where station_id = ${stationId}`);
    expect(records).toHaveLength(1);
    expect(new Date(records[0]!.ended_at!).toISOString()).toBe(at(40));
    overview = (await get('admin', '/api/monitor/overview')).json().data;
    expect(overview.stations.find((s: { id: number }) => s.id === stationId).status).toBe('online');
  });

  it('device alarms and sensor states: one active alarm per key, cleared by the device; the station is in alarm', async () => {
    const alarm = { kind: 'level', tank: '1', code: 2, ts: at(41) };
    await report({ alarms: [alarm, alarm], sensors: [{ sensorNo: 'S1', ts: at(41), state: 'alarm' }] });
    await report({ alarms: [{ ...alarm, ts: at(42) }] });
    let monitor = (await get('admin', `/api/monitor/station/${stationId}`)).json().data;
    expect(monitor.alarms.map((a: { kind: string; code: number; tankCode: string | null; sensorNo: string | null }) => [a.kind, a.code, a.tankCode, a.sensorNo]).sort()).toEqual([
      ['leak', 8, null, 'S1'],
      ['level', 2, '1', null],
    ]);
    expect(monitor.sensors).toMatchObject([{ sensorNo: 'S1', type: 'leak', state: 'alarm' }]);
    expect(monitor.station.status).toBe('alarm');

    const refused = (await report({ alarms: [{ kind: 'level', tank: '1', code: 99, ts: at(43) }, { kind: 'leak', code: 8, ts: at(43) }] })).json().data.refused;
    expect(refused).toEqual([
      { path: 'alarms[0].code', message: 'Alarm 1 · Code: is not an alarm code of this kind' },
      { path: 'alarms[1].sensorNo', message: 'Alarm 2 · Sensor number: a level alarm names its tank, a leak alarm its sensor' },
    ]);

    await report({ alarms: [{ ...alarm, ts: at(44), state: 'cleared' }], sensors: [{ sensorNo: 'S1', ts: at(44), state: 'normal' }] });
    monitor = (await get('admin', `/api/monitor/station/${stationId}`)).json().data;
    expect(monitor.alarms).toEqual([]);
    expect(monitor.station.status).toBe('online');
    const [count] = await rawRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from alarms where station_id = ${stationId}`);
    expect(count!.n).toBe(2);
  });

  it('sensors back to normal end their alarms at each one’s first normal state; one in alarm again after normal stays open', async () => {
    const leak = () =>
      rawRows<{ sensor_no: string; started_at: Date | string; ended_at: Date | string | null }>(
        ctx.db,
        sql`select sensor_no, started_at, ended_at from alarms where station_id = ${stationId} and sensor_no in ('S7', 'S8', 'S9') order by sensor_no, started_at`,
      );
    const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
    await report({ sensors: [{ sensorNo: 'S7', ts: at(41), state: 'alarm' }, { sensorNo: 'S8', ts: at(41), state: 'alarm', code: 9 }, { sensorNo: 'S9', ts: at(41), state: 'normal' }] });
    // S7 normal twice (the first time ends it), S8 normal, S9 normal then in alarm: the normals before it go first.
    await report({
      sensors: [
        { sensorNo: 'S7', ts: at(42), state: 'normal' },
        { sensorNo: 'S8', ts: at(43), state: 'normal' },
        { sensorNo: 'S7', ts: at(43), state: 'normal' },
        { sensorNo: 'S9', ts: at(43), state: 'normal' },
        { sensorNo: 'S9', ts: at(44), state: 'alarm' },
      ],
    });
    expect((await leak()).map((r) => [r.sensor_no, iso(r.started_at), iso(r.ended_at)])).toEqual([
      ['S7', at(41), at(42)],
      ['S8', at(41), at(43)],
      ['S9', at(44), null],
    ]);
    // In alarm, then normal in one report: it opens and ends there.
    await report({ sensors: [{ sensorNo: 'S9', ts: at(44), state: 'normal' }, { sensorNo: 'S8', ts: at(44), state: 'alarm' }, { sensorNo: 'S8', ts: at(44.5), state: 'normal' }] });
    expect((await leak()).map((r) => [r.sensor_no, iso(r.started_at), iso(r.ended_at)])).toEqual([
      ['S7', at(41), at(42)],
      ['S8', at(41), at(43)],
      ['S8', at(44), at(44.5)],
      ['S9', at(44), at(44)],
    ]);
  });

  it('power-off and power-on events are stored with their inventory', async () => {
    nowMs = Date.parse(at(50));
    const res = await report({ events: [{ type: 'power-off', ts: at(45), readings: [reading(45, 1350)] }, { type: 'power-on', ts: at(50), readings: [reading(50, 1350)] }] });
    expect(res.json().data.accepted).toBe(2);
    const events = await rawRows<{ type: string; inventory: { tank: string; volumeL: number }[] }>(ctx.db, sql`select type, inventory from device_events where station_id = ${stationId} order by ts`);
    expect(events.map((e) => e.type)).toEqual(['power-off', 'power-on']);
    expect(events[0]!.inventory[0]).toMatchObject({ tank: '1', productHeightMm: 1350, volumeL: 16_000 });
  });
});

describe('access to live inventory', () => {
  it('another organisation never sees the station, whatever it asks', async () => {
    const other = await addSecondOrganisation(ctx.db);
    expect(other.accountId).toBeGreaterThan(0);
    cookie.pampa = await signIn(ctx.app, 'pampa-company', 'Pampa#2026ok');
    const res = (await get('pampa', `/api/monitor/station/${stationId}`)).json();
    expect(res.code).toBe(80001);
    const overview = (await get('pampa', '/api/monitor/overview')).json().data;
    expect(overview.stations.map((s: { code: string }) => s.code)).toEqual(['PMP-BA01']);
    expect(overview.products.every((p: { volumeL: number }) => p.volumeL === 0)).toBe(true);
  });

  it('a station account sees its own station only; a company account its company', async () => {
    const own = (await get('demo-station', '/api/monitor/overview')).json().data.stations;
    expect(own).toHaveLength(1);
    const company = (await get('demo-company', '/api/monitor/overview')).json().data.stations as { code: string }[];
    expect(company.length).toBe(6);
    expect(company.every((s) => s.code.startsWith('NWP-'))).toBe(true);
  });

  it('refuses the overview with an unknown timezone naming the field', async () => {
    const res = (await get('admin', '/api/monitor/overview?tz=Mars/Olympus')).json();
    expect(res.code).toBe(91011);
    expect(res.msg).toContain('Time zone');
  });

  it('requires a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/monitor/overview' });
    expect(res.json().code).toBe(30001);
  });
});
