import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { mqttAckTopic, mqttReportTopic, mqttTankTopic } from '@ullage/contracts/device';
import { rawRows } from '../../lib/raw-sql';
import { ADMIN_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';
import { commandAckStation, messageOf, startEmbeddedBroker, type MqttService } from './mqtt';

let ctx: TestContext;
let broker: MqttService;
const KEY = 'demo-device-key:NWP-SZ02';

beforeAll(async () => {
  ctx = await startTestApp();
  broker = await startEmbeddedBroker(ctx.app.ingest, 0, '127.0.0.1', ctx.app.log, undefined, ctx.app.metrics);
});
afterAll(async () => {
  await broker.close();
  await ctx.close();
});

const connect = (username: string, password: string) =>
  mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, { username, password, reconnectPeriod: 0, connectTimeout: 5000 });

/** Publishes and waits for the server's answer on the station's ack topic. */
async function publishAndAck(client: mqtt.MqttClient, topic: string, body: unknown, ackTopic: string) {
  const ack = new Promise<Record<string, unknown>>((resolve) => client.once('message', (_t, payload) => resolve(JSON.parse(payload.toString()))));
  await client.subscribeAsync(ackTopic);
  await client.publishAsync(topic, body === undefined ? '{oops' : JSON.stringify(body), { qos: 1 });
  return ack;
}

const readingsOf = (code: string) =>
  rawRows<{ tank: string; product_height_mm: number; volume_l: number }>(
    ctx.db,
    sql`select t.code as tank, r.product_height_mm, r.volume_l from tank_readings r join tanks t on t.id = r.tank_id join stations s on s.id = t.station_id where s.code = ${code} order by r.ts, t.code`,
  );

describe('device ingest over MQTT (embedded broker)', () => {
  it('a station publishes a report; the data is stored and acknowledged on its ack topic', async () => {
    const client = await connect('NWP-SZ02', KEY);
    const ts = new Date(Date.now() - 60_000).toISOString();
    const ack = await publishAndAck(client, mqttReportTopic('NWP-SZ02'), { batchId: 'b-1', readings: [{ tank: '2', ts, productHeightMm: 1200, waterHeightMm: 0, temperatureC: 18 }, { tank: '9', ts, productHeightMm: 1, temperatureC: 1 }] }, mqttAckTopic('NWP-SZ02'));
    expect(ack).toMatchObject({ code: 1000, data: { batchId: 'b-1', accepted: 1, duplicates: 0, refused: [{ path: 'readings[1].tank', message: 'Reading 2 · Tank: is not a tank of this station' }] } });
    const rows = await readingsOf('NWP-SZ02');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tank: '2', product_height_mm: 1200 });
    expect(rows[0]!.volume_l).toBeGreaterThan(0);
    // …and the station monitor shows it.
    const cookie = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
    const stationId = (await ctx.app.inject({ method: 'GET', url: '/api/monitor/overview', headers: { cookie } })).json().data.stations.find((s: { code: string }) => s.code === 'NWP-SZ02').id;
    const monitor = (await ctx.app.inject({ method: 'GET', url: `/api/monitor/station/${stationId}`, headers: { cookie } })).json().data;
    expect(monitor.tanks.find((t: { code: string }) => t.code === '2')).toMatchObject({ productHeightMm: 1200, temperatureC: 18, ts });
    expect(monitor.station.status).toBe('online');
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).body).toContain('ullage_mqtt_messages_total{kind="report",outcome="accepted"} 1\n');
    await client.endAsync();
  });

  it('a tank topic carries that tank’s readings', async () => {
    const client = await connect('NWP-SZ02', KEY);
    const ts = new Date(Date.now() - 30_000).toISOString();
    const ack = await publishAndAck(client, mqttTankTopic('NWP-SZ02', '3'), [{ ts, productHeightMm: 900, temperatureC: 17 }], mqttAckTopic('NWP-SZ02'));
    expect(ack).toMatchObject({ code: 1000, data: { accepted: 1 } });
    expect((await readingsOf('NWP-SZ02')).map((r) => r.tank)).toEqual(['2', '3']);
    await client.endAsync();
  });

  it('metered sales and totaliser readings travel in the same report; sent again they add nothing (issue 23)', async () => {
    const client = await connect('NWP-SZ02', KEY);
    const ts = new Date(Date.now() - 20_000).toISOString();
    const body = { sales: [{ tank: '2', id: 'mq-1', ts, volumeL: 42.5, amount: 300, unitPrice: 7.06 }, { tank: '2', ts, volumeL: -1 }], meterTotals: [{ tank: '3', meter: 'N3', ts, totalL: 1_234.5 }] };
    const first = await publishAndAck(client, mqttReportTopic('NWP-SZ02'), body, mqttAckTopic('NWP-SZ02'));
    expect(first).toMatchObject({ code: 1000, data: { sales: { accepted: 2, duplicates: 0, tickets: 0 }, refused: [{ path: 'sales[1].volumeL' }] } });
    const again = await publishAndAck(client, mqttReportTopic('NWP-SZ02'), body, mqttAckTopic('NWP-SZ02'));
    expect(again).toMatchObject({ code: 1000, data: { sales: { accepted: 0, duplicates: 2 } } });
    const stored = await rawRows<{ n: number }>(ctx.db, sql`select (select count(*) from metered_sales)::int + (select count(*) from meter_totals)::int as n`);
    expect(stored[0]!.n).toBe(2);
    await client.endAsync();
  });

  it('names the type a field must have (review item 4)', async () => {
    const client = await connect('NWP-SZ02', KEY);
    const ts = new Date(Date.now() - 20_000).toISOString();
    const ack = await publishAndAck(client, mqttReportTopic('NWP-SZ02'), { readings: [{ tank: '2', ts, productHeightMm: 1000, temperatureC: '15' }, { tank: '2', ts: 12345, productHeightMm: 1000, temperatureC: 15 }] }, mqttAckTopic('NWP-SZ02'));
    expect(ack).toMatchObject({
      code: 1000,
      data: {
        accepted: 0,
        refused: [
          { path: 'readings[0].temperatureC', message: 'Reading 1 · Temperature (°C): must be a number' },
          { path: 'readings[1].ts', message: 'Reading 2 · Time: must be a date and time with its offset, such as 2026-11-22T08:00:00Z' },
        ],
      },
    });
    await client.endAsync();
  });

  it('a message that is not JSON is refused whole with 91011', async () => {
    const client = await connect('NWP-SZ02', KEY);
    const ack = await publishAndAck(client, mqttReportTopic('NWP-SZ02'), undefined, mqttAckTopic('NWP-SZ02'));
    expect(ack).toEqual({ code: 91011, msg: 'Request: is not valid' });
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).body).toContain('ullage_mqtt_messages_total{kind="report",outcome="refused"} 1\n');
    await client.endAsync();
  });

  it('text that cannot be stored refuses its item alone, as over HTTP; the good items are stored and answered (issue 32)', async () => {
    const client = await connect('NWP-SZ02', KEY);
    const ts = new Date(Date.now() - 15_000).toISOString();
    const sensors = () => rawRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from sensor_latest l join stations s on s.id = l.station_id where s.code = 'NWP-SZ02'`);
    const before = (await sensors())[0]!.n;
    const body = { sensors: [{ sensorNo: 'S\u00001', ts, state: 'normal' }, { sensorNo: 'S-2', ts, state: 'normal' }], sales: [{ tank: '2', id: 'x\uD800', ts, volumeL: 5 }] };
    // JSON.stringify writes the lone surrogate as the escape \ud800, as a device would.
    const ack = await publishAndAck(client, mqttReportTopic('NWP-SZ02'), body, mqttAckTopic('NWP-SZ02'));
    expect(ack).toMatchObject({
      code: 1000,
      data: {
        refused: [
          { path: 'sensors[0].sensorNo', message: 'Sensor 1 · Sensor number: must not contain a NUL character or an unpaired surrogate (text that cannot be stored)' },
          { path: 'sales[0].id', message: 'Sale 1 · Id: must not contain a NUL character or an unpaired surrogate (text that cannot be stored)' },
        ],
      },
    });
    expect((await sensors())[0]!.n).toBe(before + 1);
    // A bad batch id refuses the report whole (91011), answered like any malformed report: the device does not resend it.
    const whole = await publishAndAck(client, mqttReportTopic('NWP-SZ02'), { batchId: 'b\u0000', sensors: [{ sensorNo: 'S-3', ts, state: 'normal' }] }, mqttAckTopic('NWP-SZ02'));
    expect(whole).toMatchObject({ code: 91011, msg: 'Batch id: must not contain a NUL character or an unpaired surrogate (text that cannot be stored)' });
    expect((await sensors())[0]!.n).toBe(before + 1);
    await client.endAsync();
  });

  it('refuses a connection with a wrong device key', async () => {
    await expect(connect('NWP-SZ02', 'demo-device-key:NWP-SH01')).rejects.toThrow(/Bad username or password|Not authorized/i);
  });

  it('a station cannot publish for another station', async () => {
    const client = await connect('NWP-SZ02', KEY);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(mqttReportTopic('NWP-SH01'), JSON.stringify({ readings: [{ tank: '1', ts: new Date().toISOString(), productHeightMm: 5, temperatureC: 5 }] }), { qos: 1 });
    await closed;
    expect(await readingsOf('NWP-SH01')).toHaveLength(0);
    client.end(true);
  });

  it('reads the station and body from each topic form', () => {
    expect(messageOf('ullage/v1/stations/A-1/report', Buffer.from('{"readings":[]}'))).toEqual({ stationCode: 'A-1', body: '{"readings":[]}' });
    expect(messageOf('ullage/v1/stations/A-1/tanks/4/readings', Buffer.from('[{"ts":"x"}]'))).toEqual({ stationCode: 'A-1', body: { readings: [{ ts: 'x', tank: '4' }] } });
    expect(messageOf('ullage/v1/stations/A-1/ack', Buffer.from('{}'))).toBeNull();
    expect(messageOf('ullage/v1/stations/A-1/tanks/2/readings', Buffer.from('not json'))).toEqual({ stationCode: 'A-1', body: undefined });
    // A level that is no valid percent-encoding is no topic of ours (it threw, inside the broker's callback).
    expect(messageOf('ullage/v1/stations/A%ED%A0%80/report', Buffer.from('{}'))).toBeNull();
    expect(messageOf('ullage/v1/stations/A-1/tanks/%E0%A4/readings', Buffer.from('[]'))).toBeNull();
    expect(commandAckStation('ullage/v1/stations/%ZZ/commands/ack')).toBeNull();
  });
});
