import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mqttAckTopic, mqttCommandAckTopic, mqttCommandTopic, mqttReportTopic, mqttTankTopic, type DeviceCommand } from '@ullage/contracts/device';
import { rawRows } from '../../lib/raw-sql';
import { backend } from '../../test/databases';
import { tcpProxy } from '../../test/tcp-proxy';
import { ADMIN_PASSWORD, signIn, startPeerApp, startTestApp, TEST_DEVICE_KEY_PREFIX, testDeviceKey, type TestContext } from '../../test/harness';
import { startMqtt, type MqttService } from './mqtt';

/**
 * Devices over a shared external broker (issue 21, DESIGN §7): two instances of the app on one
 * PostgreSQL database, each subscribed to the real Mosquitto on 127.0.0.1:1883 as main.ts does
 * with MQTT_URL, in one MQTT 5 shared subscription group. Each device message is ingested by
 * one instance and answered once; a command goes out from the instance it is issued on and its
 * answer is taken once. The embedded database serves one process: no second instance there.
 */
const onPostgres = backend() === 'postgres';
/** CI runs Mosquitto beside PostgreSQL. */
const MQTT_URL = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

type Log = { level: number; msg: string; clientId?: string; reasonCode?: number };
interface Instance {
  ctx: TestContext;
  mqtt: MqttService;
  logs: Log[];
}
interface Ack {
  code: number;
  msg?: string;
  data?: { batchId?: string; accepted: number; duplicates: number; refused: unknown[] };
}

function keptLogger(logs: Log[]) {
  return pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line) as Log) });
}

describe.skipIf(!onPostgres)(
  onPostgres ? 'devices over a shared MQTT broker, two instances' : 'devices over a shared MQTT broker, two instances — skipped: a second instance needs a PostgreSQL server (set TEST_DATABASE_URL)',
  () => {
    // CI and a developer may share the broker, and the topic root is the protocol's. So this run
    // has a subscription group of its own (another run's instances never take its messages) and
    // station codes of its own (another run's instances, which hear the same topics in their
    // group, refuse its messages as unknown stations and ingest nothing; their refusals carry no
    // batchId, and the device here counts only the answers that name its batches).
    const run = randomBytes(4).toString('hex');
    const group = `ullage-test-${run}`;
    const SH01 = `NWP-SH01-${run}`;
    const SZ02 = `NWP-SZ02-${run}`;
    // Four hours ago, on the second: each message's reading has a time of its own after it.
    const base = Math.floor(Date.now() / 1000) * 1000 - 4 * 3600_000;
    const tsOf = (i: number) => new Date(base + i * 1000).toISOString();

    /** A's way to the broker, which a test cuts (a crash, a network cut) and opens again. */
    const toBroker = tcpProxy(new URL(MQTT_URL), 1883);
    const aClientId = () => a.logs.find((l) => l.msg === 'subscribed to the external MQTT broker')!.clientId!;
    let a: Instance;
    let b: Instance;
    let admin = '';
    let device: mqtt.MqttClient;
    /** Every answer the device got that names one of its batches, and every command, in order. */
    const acks: Ack[] = [];
    const commands: { topic: string; command: DeviceCommand }[] = [];

    async function withMqtt(ctx: TestContext, logs: Log[], url: string): Promise<Instance> {
      // As main.ts does with MQTT_URL set.
      const service = await startMqtt({ ingest: ctx.app.ingest, port: 0, url, host: '127.0.0.1', logger: ctx.app.log, commands: ctx.app.deviceCommands.mqttHooks(), metrics: ctx.app.metrics, shareGroup: group });
      ctx.app.deviceCommands.attachMqtt(service.publish);
      return { ctx, mqtt: service, logs };
    }

    const metric = async (at: Instance, series: string) => {
      const line = (await at.ctx.app.inject({ method: 'GET', url: '/metrics' })).body.split('\n').find((l) => l.startsWith(`${series} `));
      return line === undefined ? 0 : Number(line.slice(series.length + 1));
    };
    const connected = (at: Instance) => metric(at, 'ullage_mqtt_connected');
    const taken = (at: Instance, kind: 'report' | 'command-ack', outcome: 'accepted' | 'refused' | 'failed' = 'accepted') => metric(at, `ullage_mqtt_messages_total{kind="${kind}",outcome="${outcome}"}`);
    /** Reports each instance has accepted so far. */
    const reportsTaken = async () => ({ a: await taken(a, 'report'), b: await taken(b, 'report') });

    beforeAll(async () => {
      const aLogs: Log[] = [];
      const bLogs: Log[] = [];
      const first = await startTestApp({ logger: keptLogger(aLogs) });
      // This run's station codes, with the tests' device keys of those codes.
      await first.db.execute(sql`
        update stations set code = code || '-' || ${run}, device_key_hash = encode(sha256(convert_to(${TEST_DEVICE_KEY_PREFIX} || code || '-' || ${run}, 'UTF8')), 'hex')
        where code in ('NWP-SH01', 'NWP-SZ02')`);
      const second = await startPeerApp(first, { logger: keptLogger(bLogs) });
      a = await withMqtt(first, aLogs, `mqtt://127.0.0.1:${await toBroker.listen()}`);
      b = await withMqtt(second, bLogs, MQTT_URL);
      // (expect.poll works in tests only.)
      for (const until = Date.now() + 10_000; (await connected(a)) + (await connected(b)) < 2 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 50));
      expect([await connected(a), await connected(b)]).toEqual([1, 1]);
      admin = await signIn(a.ctx.app, 'admin', ADMIN_PASSWORD);

      // A collector as they are today: MQTT 3.1.1, the key in each message, answers on its ack topic.
      device = await mqtt.connectAsync(MQTT_URL, { clientId: `ullage-test-device-${run}`, reconnectPeriod: 0, connectTimeout: 5000 });
      device.on('message', (topic, payload) => {
        const json = JSON.parse(payload.toString('utf8')) as unknown;
        if (topic === mqttCommandTopic(SH01) || topic === mqttCommandTopic(SZ02)) commands.push({ topic, command: json as DeviceCommand });
        else if ((json as Ack).data?.batchId?.startsWith(`${run}-`)) acks.push(json as Ack);
      });
      await device.subscribeAsync([mqttAckTopic(SH01), mqttAckTopic(SZ02), mqttCommandTopic(SH01), mqttCommandTopic(SZ02)], { qos: 1 });
    });
    afterAll(async () => {
      await device?.endAsync(true);
      for (const at of [b, a]) {
        at?.ctx.app.deviceCommands.attachMqtt(null);
        await at?.mqtt.close();
      }
      await b?.ctx.close();
      await a?.ctx.close();
      await toBroker.cut();
    });

    /**
     * Publishes messages `from` … `to - 1` (QoS 1), each one reading with a time of its own, on
     * both stations and by both topic forms (report, tank readings); resolves at the broker's PUBACKs.
     */
    function publish(from: number, to: number) {
      const sent: Promise<unknown>[] = [];
      for (let i = from; i < to; i++) {
        const code = i % 2 === 0 ? SH01 : SZ02;
        const tank = String(1 + (Math.floor(i / 2) % 3));
        const reading = { ts: tsOf(i), productHeightMm: 1000, waterHeightMm: 0, temperatureC: 18 };
        const head = { batchId: `${run}-${i}`, deviceKey: testDeviceKey(code) };
        const [topic, body] = i % 4 < 2 ? [mqttReportTopic(code), { ...head, readings: [{ tank, ...reading }] }] : [mqttTankTopic(code, tank), { ...head, readings: [reading] }];
        sent.push(device.publishAsync(topic, JSON.stringify(body), { qos: 1 }));
      }
      return Promise.all(sent);
    }

    /** The device's answers to messages from … to - 1, by batch: each once, stored, nothing refused. */
    async function expectAnsweredOnce(from: number, to: number) {
      const ours = () => acks.filter((ack) => Number(ack.data!.batchId!.slice(run.length + 1)) >= from && Number(ack.data!.batchId!.slice(run.length + 1)) < to);
      await expect.poll(() => ours().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(to - from);
      // A second answer to any of them would come within this.
      await new Promise((r) => setTimeout(r, 500));
      const batches = ours().map((ack) => ack.data!.batchId);
      expect(batches).toHaveLength(to - from);
      expect(new Set(batches).size).toBe(to - from);
      for (const ack of ours()) expect(ack).toMatchObject({ code: 1000, data: { accepted: 1, duplicates: 0, refused: [] } });
    }

    /** Rows stored for readings from … to - 1, and distinct (tank, time) among them. */
    async function stored(from: number, to: number) {
      const [row] = await rawRows<{ rows: number; distinct: number }>(
        a.ctx.db,
        sql`select count(*)::int as rows, count(distinct (r.tank_id, r.ts))::int as distinct
            from tank_readings r join tanks t on t.id = r.tank_id join stations s on s.id = t.station_id
            where s.code in (${SH01}, ${SZ02}) and r.ts >= ${tsOf(from)}::timestamptz and r.ts < ${tsOf(to)}::timestamptz`,
      );
      return row!;
    }

    const commandRow = async (at: Instance, id: number) =>
      ((await at.ctx.app.inject({ method: 'GET', url: '/api/device-commands?pageSize=200', headers: { cookie: admin } })).json().data.list as { id: number; state: string }[]).find((c) => c.id === id);
    const tankOf = async (code: string) => (await rawRows<{ id: number; station: number }>(a.ctx.db, sql`select t.id, t.station_id as station from tanks t join stations s on s.id = t.station_id where s.code = ${code} and t.code = '1'`))[0]!;

    it('N messages through the broker: N readings stored, each message ingested by one instance and answered once, both instances taking a share', async () => {
      const N = 200;
      const before = await reportsTaken();
      await publish(0, N);
      await expectAnsweredOnce(0, N);
      expect(await stored(0, N)).toEqual({ rows: N, distinct: N });
      const after = await reportsTaken();
      const share = { a: after.a - before.a, b: after.b - before.b };
      expect(share.a + share.b).toBe(N);
      expect(share.a).toBeGreaterThan(0);
      expect(share.b).toBeGreaterThan(0);
      for (const at of [a, b]) expect(await taken(at, 'report', 'failed')).toBe(0);
    }, 60_000);

    it('a command issued through B reaches the device once; its answer is taken once and the command succeeds, as A sees', async () => {
      const tank = await tankOf(SH01);
      const thresholds = { highOilAlarmMm: 2300, highOilWarnMm: 2200, lowOilWarnMm: 400, lowOilAlarmMm: 300, highWaterAlarmMm: 100 };
      const answersBefore = (await taken(a, 'command-ack')) + (await taken(b, 'command-ack'));
      const issued = (await b.ctx.app.inject({ method: 'POST', url: '/api/device-commands/thresholds', headers: { cookie: admin }, payload: { stationId: tank.station, tankId: tank.id, ...thresholds } })).json();
      expect(issued).toMatchObject({ code: 1000, data: { state: 'issuing' } });
      const id = issued.data.id as number;
      await expect.poll(() => commands.filter((c) => c.command.id === id).length, { timeout: 5000 }).toBe(1);
      expect(commands.find((c) => c.command.id === id)).toEqual({ topic: mqttCommandTopic(SH01), command: expect.objectContaining({ id, kind: 'thresholds', params: { tank: '1', ...thresholds } }) });

      await device.publishAsync(mqttCommandAckTopic(SH01), JSON.stringify({ id, status: 'success', deviceKey: testDeviceKey(SH01) }), { qos: 1 });
      await expect.poll(async () => (await commandRow(a, id))?.state, { timeout: 5000 }).toBe('success');
      const overview = (await a.ctx.app.inject({ method: 'GET', url: `/api/device-params/station/${tank.station}`, headers: { cookie: admin } })).json().data;
      expect(overview.tanks[0]).toMatchObject(thresholds);
      // Taken by one instance: a second would count too (and find the command already ended).
      await new Promise((r) => setTimeout(r, 500));
      expect((await taken(a, 'command-ack')) + (await taken(b, 'command-ack')) - answersBefore).toBe(1);
      expect(commands.filter((c) => c.command.id === id)).toHaveLength(1);
    }, 30_000);

    it('A cut off the broker, as if it crashed: B takes every message meanwhile; a command issued through A goes out when A is back, subscribed again and taking its share', async () => {
      const before = await reportsTaken();
      await toBroker.cut();
      await expect.poll(() => connected(a), { timeout: 2000, interval: 20 }).toBe(0);
      // A group member whose session outlived its connection would still be dealt a share of these.
      await publish(1000, 1040);
      await expectAnsweredOnce(1000, 1040);
      const away = await reportsTaken();
      expect({ a: away.a - before.a, b: away.b - before.b }).toEqual({ a: 0, b: 40 });

      // Issued through A while it is away: kept, and published once it is back.
      const tank = await tankOf(SZ02);
      const issued = (await a.ctx.app.inject({ method: 'POST', url: '/api/device-commands/clock', headers: { cookie: admin }, payload: { stationId: tank.station, mode: 'sync' } })).json();
      expect(issued).toMatchObject({ code: 1000, data: { state: 'issuing' } });
      const id = issued.data.id as number;
      await new Promise((r) => setTimeout(r, 200));
      expect(commands.filter((c) => c.command.id === id)).toHaveLength(0);

      // The way to the broker is open again: A reconnects (every 3 s) and subscribes again.
      await toBroker.listen();
      await expect.poll(() => connected(a), { timeout: 10_000 }).toBe(1);
      await expect.poll(() => commands.filter((c) => c.command.id === id).length, { timeout: 5000 }).toBe(1);
      // Said once, not at every attempt.
      expect(a.logs.filter((l) => l.msg.startsWith('lost the external MQTT broker'))).toEqual([expect.objectContaining({ level: 40, clientId: aClientId() })]);

      await publish(1040, 1100);
      await expectAnsweredOnce(1040, 1100);
      const back = await reportsTaken();
      expect(back.a - away.a).toBeGreaterThan(0);
      expect(back.a - away.a + back.b - away.b).toBe(60);
      expect(await stored(1000, 1100)).toEqual({ rows: 100, distinct: 100 });
    }, 60_000);

    it('each instance connects with a client id of its own (host name, process id, random): a broker keeps one connection per id', async () => {
      const clientIds = [a, b].map((at) => at.logs.find((l) => l.msg === 'subscribed to the external MQTT broker')!.clientId!);
      expect(new Set(clientIds).size).toBe(2);
      for (const id of clientIds) expect(id).toMatch(/^ullage-.+-\d+-[0-9a-f]{8}$/);
    });

    it('A closes while devices publish: it answers what it took, B takes the rest; N messages, N readings, none lost, none twice', async () => {
      const N = 200;
      const before = await reportsTaken();
      const first = publish(2000, 2000 + N / 2);
      await first;
      // As main.ts on SIGTERM: no more commands through A, then its MQTT client goes.
      a.ctx.app.deviceCommands.attachMqtt(null);
      const closing = a.mqtt.close();
      const second = publish(2000 + N / 2, 2000 + N);
      await Promise.all([closing, second]);
      expect(await connected(a)).toBe(0);
      const closed = await reportsTaken();
      await publish(2000 + N, 2000 + N + 20);
      await expectAnsweredOnce(2000, 2000 + N + 20);
      expect(await stored(2000, 2000 + N + 20)).toEqual({ rows: N + 20, distinct: N + 20 });
      const after = await reportsTaken();
      // Once closed, A takes nothing.
      expect(after.a).toBe(closed.a);
      expect(after.a - before.a + after.b - before.b).toBe(N + 20);
      expect(a.logs.filter((l) => l.msg.startsWith('lost the external MQTT broker'))).toHaveLength(1);
    }, 60_000);
  },
);
