import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mqttAckTopic, mqttReportTopic } from '@ullage/contracts/device';
import { E2E_ADMIN_PASSWORD, freePort, startServer, type RunningServer } from '../../../e2e/server';
import { backend } from './test/databases';
import { TEST_DEVICE_KEY_PREFIX, testDeviceKey } from './test/harness';
import { emptyPostgresDatabase, signInOverHttp } from './test/processes';
import { readSseFrames } from './test/sse-frames';
import { tcpProxy, type TcpProxy } from './test/tcp-proxy';

/**
 * Issue 32: dependencies that go away and come back, as in production. Two real server
 * processes on one PostgreSQL database with Redis (B also on the external MQTT broker), each
 * dependency reached through a TCP proxy the test cuts, while devices report over HTTP (resending
 * what is not acknowledged, as devices do) and an alarm feed is open on each instance (reopened
 * with Last-Event-ID when it breaks, as EventSource does). Each dependency is cut for 5 s and for
 * 30 s (FAULT_LONG_CUT_MS), and PostgreSQL's own pg_terminate_backend ends every connection.
 * Expected: no instance exits; /api/ready is 503 while the database is away and 200 while Redis
 * or the broker is (docs/deploy.md); devices get 200 or 503, never anything else; every
 * acknowledged reading is stored once; every alarm reaches both feeds once, in order; service
 * is back within RECOVERY_MS of the dependency's return; each database outage is logged once.
 */
const onPostgres = backend() === 'postgres';
const REDIS_URL = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const MQTT_URL = new URL(process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883');
const SHORT_CUT_MS = 5_000;
const LONG_CUT_MS = Number(process.env.FAULT_LONG_CUT_MS || 30_000);
/**
 * The bound stated in docs/deploy.md: the database is probed at most 2 s apart, the live bus
 * retried at most 5 s apart (±20 %), the broker every 3 s; with slack for a busy 2-core CI.
 */
const RECOVERY_MS = 10_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Ready = { status: string; database?: string; bus?: string; broker?: string };

/** An alarm feed held open like EventSource holds it: reopened with the last id seen whenever it breaks. */
function resilientFeed(base: string, cookie: string, userId: number) {
  const ids: string[] = [];
  let controller: AbortController | null = null;
  let closed = false;
  let reopened = 0;
  const running = (async () => {
    while (!closed) {
      controller = new AbortController();
      try {
        const last = ids.at(-1);
        const res = await fetch(`${base}/api/sse-msg/connect?userId=${userId}&lang=en`, { headers: { cookie, ...(last ? { 'last-event-id': last } : {}) }, signal: controller.signal });
        if (res.ok && res.headers.get('content-type')?.includes('text/event-stream')) {
          await readSseFrames(res.body!, (id) => {
            if (id !== undefined) ids.push(id);
          });
        } else await res.body?.cancel();
      } catch {
        // refused or reset: try again, as EventSource does
      }
      if (!closed) {
        reopened++;
        await sleep(500);
      }
    }
  })();
  return {
    ids,
    get reopened() {
      return reopened;
    },
    close: async () => {
      closed = true;
      controller?.abort();
      await running;
    },
  };
}

describe.skipIf(!onPostgres)(onPostgres ? 'dependency faults: two instances through TCP proxies' : 'dependency faults — skipped: needs a PostgreSQL server (set TEST_DATABASE_URL)', () => {
  let database: Awaited<ReturnType<typeof emptyPostgresDatabase>>;
  let sqlClient: pg.Client;
  let toPg: TcpProxy;
  let toRedis: TcpProxy;
  let toBroker: TcpProxy;
  let a: RunningServer;
  let b: RunningServer;
  const servers = () => [a, b];

  const query = async <T,>(text: string, values: unknown[] = []) => (await sqlClient.query(text, values)).rows as T[];
  const ready = async (server: RunningServer): Promise<{ status: number; body: Ready | null }> => {
    try {
      const res = await fetch(`${server.baseUrl}/api/ready`, { signal: AbortSignal.timeout(5000) });
      return { status: res.status, body: (await res.json()) as Ready };
    } catch {
      return { status: 0, body: null };
    }
  };
  /** Milliseconds until `check` holds for every instance, polled every 100 ms (Infinity after `limit`). */
  const msUntil = async (check: (r: { status: number; body: Ready | null }) => boolean, limit: number) => {
    const started = Date.now();
    while (Date.now() - started < limit) {
      const answers = await Promise.all(servers().map(ready));
      if (answers.every(check)) return Date.now() - started;
      await sleep(100);
    }
    return Infinity;
  };

  beforeAll(async () => {
    database = await emptyPostgresDatabase();
    toPg = tcpProxy(new URL(database.url), 5432);
    toRedis = tcpProxy(REDIS_URL, 6379);
    toBroker = tcpProxy(MQTT_URL, 1883);
    const viaPg = new URL(database.url);
    viaPg.hostname = '127.0.0.1';
    viaPg.port = String(await toPg.listen());
    const env = { DATABASE_URL: viaPg.toString(), REDIS_URL: `redis://127.0.0.1:${await toRedis.listen()}`, DEMO: 'on', SIMULATOR: 'off', LOG_LEVEL: 'info' };
    const brokerPort = await toBroker.listen();
    a = await startServer(env, { requireWeb: false });
    b = await startServer({ ...env, MQTT_URL: `mqtt://127.0.0.1:${brokerPort}` }, { requireWeb: false });
    sqlClient = new pg.Client({ connectionString: database.url });
    await sqlClient.connect();
    // The seed's device keys are random: the test reports as the devices with keys it knows. The
    // stations get codes of this run's own: the MQTT broker is shared with other tests, whose
    // instances hear every station's topics in groups of their own and would otherwise take and
    // answer this test's reports as their own demo stations' (their databases have the same codes).
    await query(`update stations set code = code || '-' || $2, device_key_hash = encode(sha256(convert_to($1 || code || '-' || $2, 'UTF8')), 'hex') where simulated`, [TEST_DEVICE_KEY_PREFIX, randomBytes(4).toString('hex')]);
    expect(await msUntil((r) => r.status === 200 && r.body?.bus === 'ok', 10_000)).toBeLessThan(10_000);
    expect((await ready(b)).body?.broker).toBe('ok');
  }, 180_000);

  afterAll(async () => {
    await sqlClient?.end();
    await a?.stop();
    await b?.stop();
    for (const proxy of [toPg, toRedis, toBroker]) await proxy?.cut();
    await database?.drop();
  });

  it('no instance stops; readiness follows the database only; no acknowledged reading lost or doubled; every alarm reaches both feeds; back within the bound', async () => {
    const stations = await query<{ code: string; height: number }>(`select s.code, t.height_mm as height from stations s join tanks t on t.station_id = s.id and t.code = '1' where s.simulated order by s.code`);
    expect(stations.length).toBeGreaterThanOrEqual(6);
    const { cookie, userId } = await signInOverHttp(a.baseUrl, 'admin', E2E_ADMIN_PASSWORD);
    const [first] = await query<{ seq: string | null }>('select max(seq)::text as seq from alarm_feed');
    const feeds = [resilientFeed(a.baseUrl, cookie, userId), resilientFeed(b.baseUrl, cookie, userId)];
    await sleep(500);

    // Devices: each report is resent until acknowledged; the answers are counted by phase.
    let phase = 'before';
    const answers = new Map<string, Map<number, number>>();
    const count = (status: number) => {
      const byStatus = answers.get(phase) ?? new Map<number, number>();
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      answers.set(phase, byStatus);
    };
    const acknowledged: { station: string; ts: string }[] = [];
    const raised: { station: string; code: number }[] = [];
    const alarmsToRaise: { station: string; code: number }[] = [];
    let reporting = true;
    const base = Date.now() - 6 * 3600_000;
    const deviceLoop = (async () => {
      for (let i = 0; reporting; i++) {
        // Readings go round the stations; an alarm goes with a reading of its own station.
        const alarm = alarmsToRaise.shift();
        const station = alarm ? stations.find((s) => s.code === alarm.station)! : stations[i % stations.length]!;
        const ts = new Date(base + i * 1000).toISOString();
        const body = {
          readings: [{ tank: '1', ts, productHeightMm: Math.round(station.height * 0.5), waterHeightMm: 0, temperatureC: 20 }],
          ...(alarm ? { alarms: [{ kind: 'level', tank: '1', code: alarm.code, ts: new Date().toISOString() }] } : {}),
        };
        const target = servers()[i % 2]!;
        for (;;) {
          const res = await fetch(`${target.baseUrl}/api/device/v1/stations/${station.code}/report`, {
            method: 'POST',
            headers: { authorization: `Bearer ${testDeviceKey(station.code)}`, 'content-type': 'application/json' },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(15_000),
          }).catch(() => null);
          const code = res ? ((await res.json().catch(() => ({}))) as { code?: number }).code : undefined;
          count(res?.status ?? 0);
          if (res?.status === 200 && code === 1000) break;
          await sleep(200);
        }
        acknowledged.push({ station: station.code, ts });
        if (alarm) raised.push(alarm);
        await sleep(50);
      }
    })();
    /** Alarms raised by devices in the current phase: a code of their own on each of four stations. */
    let nextCode = 2;
    const raiseAlarms = () => {
      for (const station of stations.slice(0, 4)) alarmsToRaise.push({ station: station.code, code: nextCode });
      nextCode++;
    };

    // A device over the external broker (B's): resends its report every 2 s until it is answered.
    const device = await mqtt.connectAsync(MQTT_URL.toString(), { reconnectPeriod: 0, connectTimeout: 5000 });
    const acks = new Map<string, (ack: { code: number }) => void>();
    device.on('message', (_topic, payload) => {
      const ack = JSON.parse(payload.toString('utf8')) as { code: number; data?: { batchId?: string } };
      if (ack.data?.batchId) acks.get(ack.data.batchId)?.(ack);
    });
    await device.subscribeAsync(stations.slice(0, 2).map((s) => mqttAckTopic(s.code)), { qos: 1 });
    const mqttReport = async (station: string, ts: string) => {
      const batchId = `faults-${station}-${ts}`;
      const answered = new Promise<{ code: number }>((resolve) => acks.set(batchId, resolve));
      const message = JSON.stringify({ batchId, deviceKey: testDeviceKey(station), readings: [{ tank: '1', ts, productHeightMm: 1000, waterHeightMm: 0, temperatureC: 18 }] });
      let ack: { code: number } | undefined;
      for (let attempt = 0; attempt < 40 && !ack; attempt++) {
        await device.publishAsync(mqttReportTopic(station), message, { qos: 1 });
        ack = await Promise.race([answered, sleep(2000).then(() => undefined)]);
      }
      expect(ack?.code, `MQTT report ${batchId}`).toBe(1000);
      return { station, ts };
    };
    let duringOutage: Promise<{ station: string; ts: string }> = Promise.resolve({ station: '', ts: '' });

    const recovery: Record<string, number> = {};
    const stillRunning = () => expect(servers().map((s) => s.child.exitCode)).toEqual([null, null]);
    await sleep(1500);

    // 1. The database cut, briefly and for long: not ready meanwhile, devices answered 503, back within the bound.
    for (const [name, ms] of [['database 5 s', SHORT_CUT_MS], ['database long', LONG_CUT_MS]] as const) {
      phase = name;
      await toPg.cut();
      expect(await msUntil((r) => r.status === 503 && r.body?.database === 'down', 8000), `${name}: not ready while the database is away`).toBeLessThan(8000);
      // An MQTT report sent meanwhile is left unanswered (the outage logged once, not once a message), then stored once it is back.
      if (name === 'database long') duringOutage = mqttReport(stations[1]!.code, new Date(base - 2 * 3600_000 + 1000).toISOString());
      // A page's call meanwhile: 503 in the envelope, in the caller's language, with when to try again (never a 500).
      for (const server of servers()) {
        const page = await fetch(`${server.baseUrl}/api/station/list`, { headers: { cookie, language: 'es' } });
        expect(page.status).toBe(503);
        expect(page.headers.get('retry-after')).toBe('2');
        expect(await page.json()).toEqual({ code: 503, msg: 'El servicio no está disponible por un momento; inténtelo de nuevo en unos segundos' });
      }
      await sleep(ms);
      stillRunning();
      raiseAlarms(); // sent during the outage: 503 until the database is back, then raised once
      await toPg.listen();
      phase = `${name}, back`;
      recovery[name] = await msUntil((r) => r.status === 200, RECOVERY_MS + 5000);
      await sleep(1000);
      // Both instances have logged this outage's end before the next cut: under load an instance's
      // probe may lag the test, and two cuts would read as one outage in its log (seen in a CI run).
      const cuts = name === 'database 5 s' ? 1 : 2;
      await expect
        .poll(() => servers().map((s) => s.output().split('\n').filter((l) => l.includes('database reachable again')).length), { timeout: 15_000 })
        .toSatisfy((ends: number[]) => ends.every((n) => n >= cuts));
    }

    // 2. PostgreSQL ends every connection of the instances (a restart, a failover).
    phase = 'pg_terminate_backend';
    raiseAlarms();
    const [terminated] = await query<{ n: number }>('select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    expect(terminated!.n).toBeGreaterThan(0);
    recovery[phase] = await msUntil((r) => r.status === 200, RECOVERY_MS + 5000);
    await sleep(2000);
    stillRunning();

    // 3. Redis and the broker cut: still ready (degraded), devices still stored, alarms still reach every feed.
    for (const [name, ms] of [['redis and broker 5 s', SHORT_CUT_MS], ['redis and broker long', LONG_CUT_MS]] as const) {
      phase = name;
      await Promise.all([toRedis.cut(), toBroker.cut()]);
      expect(await msUntil((r) => r.status === 200 && r.body?.bus === 'down', 8000), `${name}: ready, naming the bus down`).toBeLessThan(8000);
      expect((await ready(b)).body).toMatchObject({ status: 'ready', database: 'ok', broker: 'down' });
      raiseAlarms();
      // Every instance's feed gets them from the database within its 5 s catch-up, with no bus.
      await sleep(ms);
      stillRunning();
      await Promise.all([toRedis.listen(), toBroker.listen()]);
      phase = `${name}, back`;
      recovery[name] = await msUntil((r) => r.status === 200 && r.body?.bus === 'ok' && (r.body.broker === 'ok' || r.body.broker === 'n/a'), RECOVERY_MS + 5000);
    }
    expect((await ready(b)).body?.broker).toBe('ok');

    // 4. A device over the external broker is answered by B once it is back.
    acknowledged.push(await mqttReport(stations[0]!.code, new Date(base - 3600_000).toISOString()));
    acknowledged.push(await duringOutage);
    await device.endAsync(true);

    phase = 'after';
    raiseAlarms();
    await sleep(3000);
    reporting = false;
    await deviceLoop;
    stillRunning();

    // Devices were answered 200 or 503 (resend), never a 500 or a dropped connection; 503 only while the database was away.
    const seen = Object.fromEntries([...answers].map(([p, byStatus]) => [p, Object.fromEntries(byStatus)]));
    for (const [p, byStatus] of answers) {
      for (const status of byStatus.keys()) expect([200, 503], `${p}: ${JSON.stringify(seen)}`).toContain(status);
      if (p.startsWith('redis') || p === 'before' || p === 'after') expect([...byStatus.keys()], `${p}: ${JSON.stringify(seen)}`).toEqual([200]);
    }
    expect(seen['database long']?.[503], JSON.stringify(seen)).toBeGreaterThan(0);

    // Every acknowledged reading stored, once; nothing stored that was not acknowledged.
    const rows = await query<{ station: string; ts: Date }>(
      `select s.code as station, r.ts from tank_readings r join tanks t on t.id = r.tank_id and t.code = '1' join stations s on s.id = t.station_id where s.simulated and r.ts >= $1 order by 1, 2`,
      [new Date(base - 2 * 3600_000)],
    );
    const key = (r: { station: string; ts: string }) => `${r.station} ${r.ts}`;
    expect(rows.map((r) => key({ station: r.station, ts: r.ts.toISOString() }))).toEqual(acknowledged.map(key).sort());

    // Each alarm sent raised once; both feeds got every alarm committed since they opened, once and in order.
    const alarms = await query<{ seq: string; station: string; code: number }>(
      `select f.seq::text as seq, s.code as station, a.code from alarm_feed f join alarms a on a.id = f.alarm_id join stations s on s.id = a.station_id where f.seq > $1 order by f.seq`,
      [first!.seq ?? '0'],
    );
    const fromDevices = alarms.filter((r) => raised.some((x) => x.station === r.station && x.code === r.code));
    expect(fromDevices.map((r) => `${r.station}:${r.code}`).sort()).toEqual(raised.map((r) => `${r.station}:${r.code}`).sort());
    const expected = alarms.map((r) => r.seq);
    for (const feed of feeds) await expect.poll(() => feed.ids.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(expected.length);
    await sleep(500);
    for (const feed of feeds) expect(feed.ids).toEqual(expected);
    await Promise.all(feeds.map((f) => f.close()));

    // Back within the bound after every fault.
    for (const [name, ms] of Object.entries(recovery)) expect(ms, `${name}: ${JSON.stringify(recovery)}`).toBeLessThanOrEqual(RECOVERY_MS);

    // Each database outage logged once, and its end once; no unhandled error, no unhandled rejection.
    for (const server of servers()) {
      const log = server.output();
      const outages = log.split('\n').filter((l) => l.includes('database unreachable')).length;
      const ends = log.split('\n').filter((l) => l.includes('database reachable again')).length;
      expect(outages, log.slice(-3000)).toBeGreaterThanOrEqual(2);
      expect(outages).toBeLessThanOrEqual(3);
      expect(ends).toBe(outages);
      expect(log).not.toContain('unhandled');
      expect(log).not.toContain('mqtt ingest failed');
    }
    console.log(`faults: recovery ms ${JSON.stringify(recovery)}; device answers by phase ${JSON.stringify(seen)}; ${acknowledged.length} readings acknowledged and stored; ${expected.length} alarms on each feed (reopened ${feeds.map((f) => f.reopened).join(', ')} times)`);
  }, 300_000);

  it('an instance started while the database is away waits for it, logging that once, and serves once it answers', async () => {
    const port = await freePort();
    const later = tcpProxy(new URL(database.url), 5432, port);
    const viaLater = new URL(database.url);
    viaLater.hostname = '127.0.0.1';
    viaLater.port = String(port);
    // Nothing listens on the port yet: the start fails to connect, and must wait, not exit.
    let output = () => '';
    const starting = startServer({ DATABASE_URL: viaLater.toString(), DEMO: 'on', SIMULATOR: 'off', LOG_LEVEL: 'info' }, { requireWeb: false, onSpawn: (read) => (output = read) });
    let c: RunningServer | undefined;
    try {
      // The database comes back once the instance has found it away and said it waits (a fixed
      // sleep raced a slow start on a busy machine: the database was back before the first try).
      const deadline = Date.now() + 60_000;
      while (!output().includes('waiting for it before starting')) {
        if (Date.now() > deadline) throw new Error(`the instance never said it waits for the database:\n${output()}`);
        await sleep(200);
      }
      await sleep(1000);
      await later.listen();
      // startServer throws if the process exits before it answers /api/health.
      c = await starting;
      expect((await ready(c)).status).toBe(200);
      const log = c.output().split('\n');
      expect(log.filter((l) => l.includes('waiting for it before starting'))).toHaveLength(1);
      expect(log.filter((l) => l.includes('database reachable: starting'))).toHaveLength(1);
    } finally {
      await (c ?? (await starting.catch(() => undefined)))?.stop();
      await later.cut();
    }
  }, 120_000);
});
