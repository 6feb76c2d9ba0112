/**
 * DESIGN.md §8: SSE, 10,000 concurrent feeds on one instance, < 1 GB RSS.
 * A few users sign in and open N live alarm feeds (`/api/sse-msg/connect`) between them, one
 * socket each, a batch at a time. Once every feed has its first bytes, the server's RSS is read
 * from /proc/<pid>/status over one heartbeat period (20 s); then one device alarm is reported
 * and its time from the start of the POST to its arrival on each feed is measured, which shows
 * the feeds are live and not only open.
 *
 *   node --import tsx bench/sse-feeds.ts [--feeds 10000] [--batch 250] [--settle 25] [--embedded] [--no-alarm]
 *
 * PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/ullage_bench; dropped
 * and recreated); `--embedded` runs on the embedded database instead (its RSS then includes the
 * database). Every feed is a file descriptor here and in the server: the script says so and stops
 * when `ulimit -n` (the hard limit: Node raises its soft limit to it) is below feeds + 1,024.
 * MB are MiB as /proc counts them; the budget is 1 GiB.
 */
import fs from 'node:fs';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { LEVEL_ALARM_CODES } from '@ullage/domain/alarm-codes';
import { E2E_ADMIN_PASSWORD, E2E_DEMO_PASSWORD, startServer, type RunningServer } from '../e2e/server';
import { fmt, post, recreateDatabase, signIn } from './setup';
import { SERVER_ENTRY } from '../scripts/server-build.mjs';

const { values: args } = parseArgs({
  options: {
    feeds: { type: 'string', default: '10000' },
    /** Feeds opened at once; the next batch waits for this one's first bytes. */
    batch: { type: 'string', default: '250' },
    /** Seconds the open feeds are held before the alarm, sampling RSS (one heartbeat is 20 s). */
    settle: { type: 'string', default: '25' },
    embedded: { type: 'boolean', default: false },
    'no-alarm': { type: 'boolean', default: false },
  },
});
const FEEDS = Number(args.feeds);
const BATCH = Number(args.batch);
const SETTLE_S = Number(args.settle);
const BUDGET_MB = 1024;
/** Descriptors beyond the feeds: the database pool, worker threads, files, the bench's own requests. */
const FD_MARGIN = 1024;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ullage_bench';

/**
 * RLIMIT_NOFILE of this process, which the server, its child, inherits. Node raises its soft
 * limit to the hard one at start-up, so the hard limit is what counts.
 */
function openFileLimits(): { soft: number; hard: number } {
  const line = fs.readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
  const [soft, hard] = (line ?? '').slice('Max open files'.length).trim().split(/\s+/).map((v) => (v === 'unlimited' ? Infinity : Number(v)));
  return { soft: soft ?? 0, hard: hard ?? 0 };
}

/** Whether this machine can hold the feeds: descriptors and local ports; says what to change if not. */
function machineAllows(): boolean {
  if (!Number.isInteger(FEEDS) || FEEDS < 1 || !Number.isInteger(BATCH) || BATCH < 1) {
    console.error('--feeds and --batch must be positive integers.');
    return false;
  }
  const needed = FEEDS + FD_MARGIN;
  const { soft, hard } = openFileLimits();
  if (soft < needed) {
    console.error(
      [
        `${fmt(FEEDS)} feeds need about ${fmt(needed)} open files, in this process and in the server (one socket each, in both),`,
        `but the limit here is ${soft} (soft) / ${hard} (hard).`,
        `Raise it (\`ulimit -n ${needed}\` as root, /etc/security/limits.conf, or \`docker run --ulimit nofile=${needed}:${needed}\`), or run with --feeds ${Math.max(1, soft - FD_MARGIN)}.`,
      ].join('\n'),
    );
    return false;
  }
  const [low, high] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
  if (low !== undefined && high !== undefined && high - low + 1 < needed) {
    console.error(`${fmt(FEEDS)} feeds need ${fmt(FEEDS)} local ports to 127.0.0.1, but net.ipv4.ip_local_port_range is ${low}-${high}. Widen it or run with fewer --feeds.`);
    return false;
  }
  return true;
}

/** The server's process: the child of this one running the compiled server (SERVER_ENTRY). */
function serverPid(): number {
  for (const task of fs.readdirSync('/proc/self/task')) {
    for (const pid of fs.readFileSync(`/proc/self/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)) {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmdline.includes(SERVER_ENTRY)) return pid;
    }
  }
  throw new Error('the server process was not found among this process’s children');
}

/** VmRSS and VmHWM (peak RSS) of a process, in MB. */
function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** The server's own count of open feeds (the `ullage_sse_clients` gauge). */
async function serverFeedCount(server: RunningServer): Promise<number> {
  const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
  return Number(/^ullage_sse_clients (\d+)/m.exec(text)?.[1] ?? NaN);
}

/** A user signed in, with the id the feed's frames name. */
async function session(server: RunningServer, username: string, password: string) {
  const cookie = await signIn(server.baseUrl, username, password);
  const info = (await (await fetch(`${server.baseUrl}/api/login/getInfo`, { headers: { cookie } })).json()) as { code: number; msg: string; data: { userId: number } };
  if (info.code !== 1000) throw new Error(`sign-in of ${username}: ${info.code} ${info.msg}`);
  return { username, cookie, userId: info.data.userId };
}
type User = Awaited<ReturnType<typeof session>>;

interface Feed {
  req: http.ClientRequest;
  buffer: string;
  heartbeats: number;
  /** Set when the probe alarm arrives on this feed. */
  alarmMs?: number;
  ended: boolean;
}

/** The probe alarm the feeds wait for, matched by tank and alarm name as alarm-latency.ts does. */
const probe = { key: '', sentAt: NaN };

/** One feed on its own socket (no agent, no keep-alive); resolves at its first bytes. */
function openFeed(server: RunningServer, user: User): Promise<Feed> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${server.baseUrl}/api/sse-msg/connect?userId=${user.userId}&lang=en`, { agent: false, headers: { cookie: user.cookie, accept: 'text/event-stream' } });
    const feed: Feed = { req, buffer: '', heartbeats: 0, ended: false };
    const timer = setTimeout(() => req.destroy(new Error('no first bytes within 30 s')), 30_000);
    let open = false;
    const ended = (error?: Error) => {
      clearTimeout(timer);
      if (!open) return reject(error ?? new Error('the feed ended before its first bytes'));
      feed.ended = true;
    };
    req.on('error', ended);
    req.on('response', (res) => {
      res.setEncoding('utf8');
      if (res.statusCode !== 200 || !String(res.headers['content-type']).startsWith('text/event-stream')) {
        let body = '';
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => ended(new Error(`HTTP ${res.statusCode} ${res.headers['content-type']}: ${body.slice(0, 200)}`)));
        return;
      }
      res.on('data', (chunk: string) => {
        if (!open) {
          open = true;
          clearTimeout(timer);
          resolve(feed);
        }
        feed.buffer += chunk;
        let end: number;
        while ((end = feed.buffer.indexOf('\n\n')) >= 0) {
          const event = feed.buffer.slice(0, end);
          feed.buffer = feed.buffer.slice(end + 2);
          if (event.startsWith(':')) feed.heartbeats++;
          const data = event.split('\n').find((l) => l.startsWith('data: '));
          if (!data || feed.alarmMs !== undefined) continue;
          const message = JSON.parse(data.slice(6)) as { tankCode: string; alarmTypeDesc: string };
          if (`${message.tankCode}|${message.alarmTypeDesc}` === probe.key) feed.alarmMs = performance.now() - probe.sentAt;
        }
      });
      res.on('end', () => ended());
      res.on('error', ended);
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (n: number) => `${fmt(Math.round(n))} MB`;

async function run() {
  if (!args.embedded) {
    await recreateDatabase(PG_URL);
  }
  // The demo organisation is on (the default): its accounts are the feeds' users, and its first
  // station (NWP-SH01) is in all their scopes, so every feed should get the alarm. The seed gives
  // it a key nobody knows: the bench rotates it through the API, as an operator would.
  const server = await startServer({ DATABASE_URL: args.embedded ? '' : PG_URL, MQTT_PORT: '0', LOG_LEVEL: 'warn' }, { requireWeb: false });
  const feeds: Feed[] = [];
  try {
    const pid = serverPid();
    const users = [
      await session(server, 'admin', E2E_ADMIN_PASSWORD),
      await session(server, 'demo-distributor', E2E_DEMO_PASSWORD),
      await session(server, 'demo-company', E2E_DEMO_PASSWORD),
      await session(server, 'demo-station', E2E_DEMO_PASSWORD),
    ];
    const stationList = (await (await fetch(`${server.baseUrl}/api/station/list?pageSize=50`, { headers: { cookie: users[0]!.cookie } })).json()) as { data: { list: { id: number; code: string }[] } };
    const probeStationId = stationList.data.list.find((s) => s.code === 'NWP-SH01')!.id;
    const rotated = (await (await fetch(`${server.baseUrl}/api/station/${probeStationId}/device-key`, { method: 'POST', headers: { cookie: users[0]!.cookie } })).json()) as { data: { deviceKey: string } };
    const probeStation = { code: 'NWP-SH01', key: rotated.data.deviceKey };
    // One feed first, so the route's code is loaded and warm before the idle figure.
    const warm = await openFeed(server, users[0]!);
    warm.req.destroy();
    await sleep(2000);
    const idle = memoryOf(pid);
    console.log(`Server (${args.embedded ? 'embedded PGlite' : 'PostgreSQL'}, pid ${pid}) idle: ${mb(idle.rssMb)} RSS; opening ${fmt(FEEDS)} feeds, ${BATCH} at a time…`);

    const started = performance.now();
    /** The highest RSS seen with feeds open: after each batch, then each second while held. */
    let highest = 0;
    let failure: unknown;
    let failures = 0;
    for (let i = 0; i < FEEDS && failure === undefined; i += BATCH) {
      const batch = await Promise.allSettled(Array.from({ length: Math.min(BATCH, FEEDS - i) }, (_, j) => openFeed(server, users[(i + j) % users.length]!)));
      for (const result of batch) {
        if (result.status === 'fulfilled') feeds.push(result.value);
        else {
          failures++;
          failure ??= result.reason;
        }
      }
      const done = i + batch.length;
      const { rssMb } = memoryOf(pid);
      highest = Math.max(highest, rssMb);
      if (done % 2000 < BATCH || done === FEEDS) console.log(`  ${fmt(feeds.length)} open after ${((performance.now() - started) / 1000).toFixed(1)} s, server RSS ${mb(rssMb)}`);
    }
    const openMs = performance.now() - started;
    if (failure !== undefined) console.log(`  stopped opening: ${failures} feed(s) failed, the first with: ${failure instanceof Error ? failure.message : String(failure)}`);

    // Held for one heartbeat period: every feed gets a heartbeat, RSS is sampled each second.
    const counted = await serverFeedCount(server);
    for (let s = 0; s < SETTLE_S; s++) {
      await sleep(1000);
      highest = Math.max(highest, memoryOf(pid).rssMb);
    }
    const held = memoryOf(pid);
    highest = Math.max(highest, held.rssMb);
    const open = feeds.filter((f) => !f.ended).length;
    const heartbeaten = feeds.filter((f) => f.heartbeats > 0).length;

    let alarmLine: string | undefined;
    if (!args['no-alarm']) {
      const code = 2;
      const name = LEVEL_ALARM_CODES[code];
      probe.key = `1|${name[0]!.toUpperCase()}${name.slice(1)}`;
      const station = probeStation;
      const ts = new Date(Date.now() - 1000).toISOString();
      probe.sentAt = performance.now();
      const answer = await post(`${server.baseUrl}/api/device/v1/stations/${station.code}/report`, station.key, JSON.stringify({ alarms: [{ kind: 'level', tank: '1', code, ts }] }));
      if ((JSON.parse(answer) as { code: number }).code !== 1000) throw new Error(`the probe alarm was refused: ${answer.slice(0, 300)}`);
      const deadline = performance.now() + 10_000;
      while (performance.now() < deadline && feeds.some((f) => !f.ended && f.alarmMs === undefined)) await sleep(20);
      const latencies = feeds.flatMap((f) => (f.alarmMs === undefined ? [] : [f.alarmMs])).sort((a, b) => a - b);
      const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
      alarmLine = `Alarm fan-out: ${fmt(latencies.length)} of ${fmt(open)} open feeds got the device alarm; report → SSE latency (one write per socket, read here on the same cores) min ${(latencies[0] ?? NaN).toFixed(0)} ms, p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms, max ${(latencies.at(-1) ?? NaN).toFixed(0)} ms`;
      await post(`${server.baseUrl}/api/device/v1/stations/${station.code}/report`, station.key, JSON.stringify({ alarms: [{ kind: 'level', tank: '1', code, ts, state: 'cleared' }] }));
    }

    // Closed by the clients, as browsers going away would; the server should count none left.
    const closing = performance.now();
    for (const feed of feeds) feed.req.destroy();
    let left = await serverFeedCount(server);
    while (left > 0 && performance.now() - closing < 10_000) {
      await sleep(100);
      left = await serverFeedCount(server);
    }
    const closeMs = performance.now() - closing;
    await sleep(1000);
    const after = memoryOf(pid);

    const perFeed = (held.rssMb * 1024) / Math.max(1, open);
    // Rough: the idle figure can still hold start-up garbage that the held one no longer does.
    const perFeedAbove = ((held.rssMb - idle.rssMb) * 1024) / Math.max(1, open);
    const verdict = highest >= BUDGET_MB ? 'NOT met' : open >= 10_000 ? 'met' : `under, but at ${fmt(open)} feeds; the budget is for 10,000`;
    console.log(`Feeds: ${fmt(open)} open (${fmt(FEEDS)} asked) over ${users.length} users (${users.map((u) => u.username).join(', ')}), opened in ${(openMs / 1000).toFixed(1)} s; the server counted ${fmt(counted)}`);
    console.log(`Heartbeats: ${fmt(heartbeaten)} of ${fmt(open)} feeds had got one by the end of the ${SETTLE_S} s held`);
    console.log(`Server RSS with ${fmt(open)} feeds: ${mb(held.rssMb)} (idle ${mb(idle.rssMb)}, highest with feeds open ${mb(highest)}) → ${perFeed.toFixed(1)} KB per feed${perFeedAbove > 0 ? `, ${perFeedAbove.toFixed(1)} KB per feed above idle` : ' (idle held uncollected start-up garbage: no figure above idle)'}  [budget < 1 GB: ${verdict}]`);
    console.log(`  the process's peak RSS (VmHWM) ${mb(held.peakMb)}${idle.peakMb >= held.peakMb - 1 ? `, reached before any feed was open (start-up: ${args.embedded ? 'the embedded database’s migrations and seed' : 'migrations and seed'})` : ''}`);
    if (alarmLine) console.log(alarmLine);
    console.log(`Closed: the server counted ${fmt(left)} feeds ${(closeMs / 1000).toFixed(1)} s after the clients went; RSS then ${mb(after.rssMb)}`);
  } finally {
    for (const feed of feeds) feed.req.destroy();
    await server.stop();
  }
}

if (machineAllows()) await run();
else process.exitCode = 1;
