import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN_PASSWORD, freePort, startServer, type RunningServer } from '../../../e2e/server';
import { backend } from './test/databases';
import { TEST_DEVICE_KEY_PREFIX, testDeviceKey } from './test/harness';
import { emptyPostgresDatabase, signInOverHttp } from './test/processes';
import { openSse, type OpenSse } from './test/sse';

/**
 * The headline test of issue 21 (DESIGN §7): two real server processes on one PostgreSQL
 * database behind haproxy (Debian's), configured by deploy/haproxy.cfg as shipped. Everything
 * goes through the load balancer, as a browser and a device would: an alarm reported reaches
 * the alarm feed; the instance holding the feed is killed with -9 while devices keep reporting;
 * every acknowledged reading is stored, the feed reconnected through the load balancer with
 * Last-Event-ID gets every alarm raised meanwhile, in order; and the dead instance's periodic
 * jobs move to the survivor when their leases lapse.
 */
const HAPROXY = '/usr/sbin/haproxy';
const onPostgres = backend() === 'postgres';
const hasHaproxy = fs.existsSync(HAPROXY);
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const skipped = !onPostgres
  ? 'skipped: several instances need a PostgreSQL server (set TEST_DATABASE_URL)'
  : !hasHaproxy
    ? `skipped: no haproxy at ${HAPROXY} (apt-get install -y haproxy)`
    : '';
/** Short leases, so the takeover is seen in seconds rather than the default 40. */
const LEASE = { JOB_LEASE_RENEW_MS: '500', JOB_LEASE_MS: '2000' };

type Alarm = Record<string, string | number | null>;

describe.skipIf(skipped !== '')(`two instances behind haproxy${skipped ? ` — ${skipped}` : ''}`, () => {
  let database: Awaited<ReturnType<typeof emptyPostgresDatabase>>;
  let sqlClient: pg.Client;
  let a: RunningServer;
  let b: RunningServer;
  let haproxy: ChildProcess;
  let haproxyOutput = '';
  let lb = '';

  const query = async <T,>(text: string, values: unknown[] = []) => (await sqlClient.query(text, values)).rows as T[];
  const pidOfHolder = (holder: string) => Number(holder.split(':').at(-2));
  /** Every periodic job (app.ts), by name, with the pid of the instance holding it. */
  const JOBS = ['device-command-timeouts', 'leak-tests', 'mail-digests', 'offline-sweep', 'partition-upkeep', 'push', 'run-out-forecast', 'session-cleanup', 'summaries', 'tank-day-books', 'variance-alarms', 'webhooks'];
  const holders = async () => (await query<{ job: string; holder: string }>('select job, holder from job_leases order by job')).map((l) => [l.job, pidOfHolder(l.holder)]);

  beforeAll(async () => {
    database = await emptyPostgresDatabase();
    // TRUSTED_PROXIES as docs/deploy.md says: haproxy's address (here loopback, which is the
    // clients' too: what a client sends in a forwarded header must still not be believed).
    const env = { DATABASE_URL: database.url, REDIS_URL, DEMO: 'on', SIMULATOR: 'off', TRUSTED_PROXIES: '127.0.0.1', ...LEASE };
    // A first: it migrates the empty database and seeds the demo organisation; then B on it.
    a = await startServer(env, { requireWeb: false });
    b = await startServer(env, { requireWeb: false });
    sqlClient = new pg.Client({ connectionString: database.url });
    await sqlClient.connect();
    // The seed's device keys are random: the test reports as the devices with keys it knows.
    await query(`update stations set device_key_hash = encode(sha256(convert_to($1 || code, 'UTF8')), 'hex') where simulated`, [TEST_DEVICE_KEY_PREFIX]);
    const port = await freePort();
    lb = `http://127.0.0.1:${port}`;
    haproxy = spawn(HAPROXY, ['-f', path.resolve(import.meta.dirname, '../../../deploy/haproxy.cfg'), '-db'], {
      env: { ...process.env, ULLAGE_BIND: `127.0.0.1:${port}`, ULLAGE_SERVER_A: new URL(a.baseUrl).host, ULLAGE_SERVER_B: new URL(b.baseUrl).host },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    haproxy.stdout?.on('data', (d) => (haproxyOutput += d));
    haproxy.stderr?.on('data', (d) => (haproxyOutput += d));
    for (const until = Date.now() + 10_000; ; ) {
      const ok = await fetch(`${lb}/api/ready`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > until || haproxy.exitCode !== null) throw new Error(`haproxy did not start:\n${haproxyOutput}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 180_000);

  afterAll(async () => {
    if (haproxy && haproxy.exitCode === null) {
      haproxy.kill('SIGTERM');
      await new Promise((r) => haproxy.once('exit', r));
    }
    await sqlClient?.end();
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  const report = (code: string, body: object) =>
    fetch(`${lb}/api/device/v1/stations/${code}/report`, { method: 'POST', headers: { authorization: `Bearer ${testDeviceKey(code)}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const levelAlarm = (tank: string, code: number) => ({ alarms: [{ kind: 'level', tank, code, ts: new Date(Date.now() - 1000).toISOString() }] });
  /** Open live streams of one instance, from its own /metrics. */
  const sseClients = async (server: RunningServer) => Number(/^ullage_sse_clients (\d+)/m.exec(await (await fetch(`${server.baseUrl}/metrics`)).text())?.[1]);

  it('the client address and host the instances believe are what haproxy saw, not what the client sent', async () => {
    const spoofed = { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-host': 'evil.example', forwarded: 'for=203.0.113.9;host=evil.example', 'x-real-ip': '203.0.113.9' };
    // A session records the address it was opened from (the per-address sign-in limits count the same).
    const signIn = await fetch(`${lb}/api/login/auth`, { method: 'POST', headers: { 'content-type': 'application/json', ...spoofed }, body: JSON.stringify({ username: 'admin', password: E2E_ADMIN_PASSWORD }) });
    const token = signIn.headers.getSetCookie().find((c) => c.startsWith('ullage_session='))!.split(';')[0]!.slice('ullage_session='.length);
    const [session] = await query<{ ip: string }>(`select ip from sessions where token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`, [token]);
    expect(session?.ip).toBe('127.0.0.1');
    // The cross-site check compares Origin with the host the call was made to: a page of another
    // site naming its own host in X-Forwarded-Host is still refused, and this site's own page is
    // not refused for a client's X-Forwarded-Host.
    const post = async (origin: string) => ((await (await fetch(`${lb}/api/login/logout`, { method: 'POST', headers: { origin, ...spoofed } })).json()) as { code: number }).code;
    expect(await post('http://evil.example')).toBe(80003);
    expect(await post(lb)).not.toBe(80003);
  });

  it('an alarm reaches the feed; the feed’s instance killed -9: no acknowledged reading lost, the feed back with every alarm in order, the jobs taken over', async () => {
    const stations = await query<{ code: string; height: number }>(
      `select s.code, t.height_mm as height from stations s join tanks t on t.station_id = s.id and t.code = '1' where s.simulated order by s.code`,
    );
    expect(stations.length).toBeGreaterThanOrEqual(6);
    const [first, writer, ...others] = stations;

    // Sessions live in the database: signed in through the load balancer, valid on both.
    const { cookie, userId } = await signInOverHttp(lb, 'admin', E2E_ADMIN_PASSWORD);
    const feedUrl = `${lb}/api/sse-msg/connect?userId=${userId}&lang=en`;
    // Round robin: open the feed until it lands on A, the instance that also holds the jobs. A
    // feed on B stays open: haproxy notices a client gone only when it next writes to it (the
    // server's heartbeat, every 20 s), so B's count would not drop at once.
    let feed: OpenSse<Alarm> | undefined;
    const onB: OpenSse<Alarm>[] = [];
    for (let attempt = 0; attempt < 6 && !feed; attempt++) {
      const opened = await openSse<Alarm>(feedUrl, { cookie });
      await expect.poll(async () => (await sseClients(a)) + (await sseClients(b)), { timeout: 3000 }).toBe(attempt + 1);
      if ((await sseClients(a)) === 1) feed = opened;
      else onB.push(opened);
    }
    expect(feed, 'the feed never landed on A').toBeDefined();

    // A started first and renews its leases: it runs every periodic job.
    await expect.poll(() => holders(), { timeout: 5000 }).toEqual(JOBS.map((job) => [job, a.child.pid]));

    // (a) An alarm reported through the load balancer reaches the feed opened through it.
    expect((await report(first!.code, levelAlarm('1', 3))).status).toBe(200);
    await expect.poll(() => feed!.messages.length, { timeout: 5000 }).toBe(1);
    const [raisedFirst] = await query<{ id: number }>(`select a.id from alarms a join stations s on s.id = a.station_id where s.code = $1`, [first!.code]);
    expect(feed!.messages[0]!.id).toBe(String(raisedFirst!.id));
    const lastId = feed!.messages[0]!.id!;

    // (b) A device keeps reporting through the load balancer, before, during and after the kill.
    const acknowledged: string[] = [];
    let refused = 0;
    let writing = true;
    const start = Date.now() - 10 * 60_000;
    const writing$ = (async () => {
      for (let i = 0; writing; i++) {
        const ts = new Date(start + i * 1000).toISOString();
        const res = await report(writer!.code, { readings: [{ tank: '1', ts, productHeightMm: Math.round(writer!.height * 0.5), waterHeightMm: 0, temperatureC: 20 }] }).catch(() => null);
        // Only an answered report counts as acknowledged; one the dying instance dropped is the device's to resend.
        if (res?.status === 200 && ((await res.json()) as { code: number }).code === 1000) acknowledged.push(ts);
        else refused++;
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    // Enough acknowledged before the kill to matter, however slowly a loaded machine answers.
    await expect.poll(() => acknowledged.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(10);

    a.child.kill('SIGKILL');
    const acknowledgedAtKill = acknowledged.length;
    expect(await a.exited).toBe(null);
    // The stream breaks with its instance (it does not hang).
    await Promise.race([feed!.ended, new Promise((_, reject) => setTimeout(() => reject(new Error('the feed did not end')), 5000))]);

    // Alarms raised while the feed is away, through the load balancer (it finds A gone and sends to B).
    const raised: [string, string, number][] = others.slice(0, 4).flatMap((s) => [[s.code, '1', 3] as [string, string, number], [s.code, '1', 5] as [string, string, number]]);
    for (const [code, tank, alarm] of raised) expect((await report(code, levelAlarm(tank, alarm))).status).toBe(200);
    // And some after it, through B.
    await expect.poll(() => acknowledged.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(acknowledgedAtKill + 11);
    writing = false;
    await writing$;

    // Every acknowledged reading is stored.
    expect(acknowledged.length).toBeGreaterThan(20);
    const stored = new Set(
      (await query<{ ts: Date }>(`select r.ts from tank_readings r join tanks t on t.id = r.tank_id join stations s on s.id = t.station_id where s.code = $1 and t.code = '1'`, [writer!.code])).map((r) => r.ts.toISOString()),
    );
    expect(acknowledged.filter((ts) => !stored.has(ts)), `refused: ${refused}`).toEqual([]);

    // The client reconnects through the load balancer, as EventSource does, with the last id it saw.
    const back = await openSse<Alarm>(feedUrl, { cookie, 'last-event-id': lastId });
    // Event ids are feed places (migration 0023: commit order), so "after the last one seen" is every alarm committed after it.
    const missedRows = await query<{ id: string; station: string; code: number }>(
      'select f.seq as id, s.code as station, a.code from alarm_feed f join alarms a on a.id = f.alarm_id join stations s on s.id = a.station_id where f.seq > $1 order by f.seq',
      [Number(lastId)],
    );
    // Each report raised its alarm once (none lost, none doubled by a retry), in the order sent.
    expect(missedRows.map((r) => [r.station, r.code])).toEqual(raised.map(([code, , alarm]) => [code, alarm]));
    const missed = missedRows.map((r) => String(r.id));
    await expect.poll(() => back.messages.length, { timeout: 5000 }).toBe(missed.length);
    expect(back.messages.map((m) => m.id)).toEqual(missed);
    back.close();
    for (const other of onB) other.close();

    // (c) A's leases lapse (2 s here, 30 s by default) and B takes every job at its next renewal.
    await expect.poll(() => holders(), { timeout: 10_000, interval: 250 }).toEqual(JOBS.map((job) => [job, b.child.pid]));
  }, 120_000);
});
