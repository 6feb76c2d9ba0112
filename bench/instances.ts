/**
 * One instance against two behind the load balancer (issue 21, DESIGN §7 and §8), on one
 * PostgreSQL database with Redis for live events, haproxy configured by deploy/haproxy.cfg as
 * shipped. Two phases of equal length, the same load of device reports through haproxy:
 *   1. one instance: haproxy's two servers both point at instance A; the alarm feed is opened on
 *      A and the probe reports to A, directly;
 *   2. two instances: A and B behind haproxy; the alarm feed is opened on B directly and the
 *      probe reports to A directly, so every probe alarm crosses instances through Redis.
 * Printed per phase: readings/s and reports/s stored (answered 1000), report → alarm on the feed
 * for device alarms and for the server's own threshold alarms (bench/alarm-probe.ts, p50/p95/p99;
 * 110 s a phase give 1,000 samples of each), and the machine's load average. `--bus notify` sends
 * the live events over PostgreSQL's LISTEN/NOTIFY instead of Redis (REDIS_URL unset). On two cores
 * a second instance adds no CPU: what it shows is the cost (or not) of the fan-out, not
 * scaling; on a machine per instance the ingest rate is what each one's share adds up to.
 *
 * `--rate` paces the load at that many readings a second (0: as fast as it goes; run that first,
 * then e.g. 70 % of it).
 *
 *   node --import tsx bench/instances.ts [--seconds 30] [--stations 200] [--readings 10] [--concurrency 24] [--bus redis|notify] [--rate 0]
 *
 * PostgreSQL at BENCH_INSTANCES_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/ullage_bench_instances;
 * dropped and recreated), Redis at REDIS_URL (default redis://127.0.0.1:6379), haproxy at /usr/sbin/haproxy.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { makeBatches } from '@ullage/simulator/bench-batches';
import { E2E_ADMIN_PASSWORD, startServer, type RunningServer } from '../e2e/server';
import { adminCookie, latencyLine, openAlarmFeed, probeAlarms, probeThresholdAlarms } from './alarm-probe';
import { createFleet, fmt, freePort, paced, post, recreateDatabase, type Fleet } from './setup';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    stations: { type: 'string', default: '200' },
    /** Readings per report: 10 is one per tank, as a collector sends once a minute. */
    readings: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '24' },
    bus: { type: 'string', default: 'redis' },
    /** Readings a second the load sends, all loops together; 0 for as fast as the servers take them (their capacity). */
    rate: { type: 'string', default: '0' },
  },
});
const RATE = Number(args.rate);
if (args.bus !== 'redis' && args.bus !== 'notify') throw new Error('--bus is redis or notify');
const SECONDS = Number(args.seconds);
const READINGS = Number(args.readings);
const CONCURRENCY = Number(args.concurrency);
const PG_URL = process.env.BENCH_INSTANCES_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ullage_bench_instances';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const HAPROXY = '/usr/sbin/haproxy';

async function startHaproxy(a: RunningServer, b: RunningServer): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const proc: ChildProcess = spawn(HAPROXY, ['-f', path.resolve(import.meta.dirname, '../deploy/haproxy.cfg'), '-db'], {
    env: { ...process.env, ULLAGE_BIND: `127.0.0.1:${port}`, ULLAGE_SERVER_A: new URL(a.baseUrl).host, ULLAGE_SERVER_B: new URL(b.baseUrl).host },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (const until = Date.now() + 10_000; !(await fetch(`${url}/api/ready`).then((r) => r.ok, () => false)); ) {
    if (Date.now() > until) throw new Error('haproxy did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: async () => {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
    },
  };
}

/** Device reports through `lb` for SECONDS from CONCURRENCY loops, each over its own stations; the probe alarms beside them. */
async function phase(name: string, lb: string, load: Fleet, startTs: number, feedOn: string, probeTo: string, probe: Fleet['stations'][number], thresholdProbe: Fleet['stations'][number]) {
  const feed = await openAlarmFeed(feedOn, await adminCookie(feedOn, E2E_ADMIN_PASSWORD));
  const loads: number[] = [loadavg()[0]!];
  const sampler = setInterval(() => loads.push(loadavg()[0]!), 5000);
  const deadline = performance.now() + SECONDS * 1000;
  let reports = 0;
  let refusedOrFailed = 0;
  const workers = Array.from({ length: CONCURRENCY }, async (_, w) => {
    const mine = load.stations.filter((_, i) => i % CONCURRENCY === w);
    const keys = new Map(mine.map((s) => [s.code, s.key]));
    const gen = makeBatches({ stations: mine, batchSize: READINGS, startTs, stepMs: 60_000 });
    let readings = 0;
    const started = performance.now();
    while (performance.now() < deadline) {
      // This loop's share of --rate.
      await paced(started, readings, RATE / CONCURRENCY);
      if (performance.now() >= deadline) break;
      const { stationCode, report } = gen.next().value!;
      const answer = JSON.parse(await post(`${lb}/api/device/v1/stations/${stationCode}/report`, keys.get(stationCode)!, JSON.stringify(report))) as { code: number; data?: { accepted: number } };
      if (answer.code === 1000) {
        readings += answer.data!.accepted;
        reports++;
      } else refusedOrFailed++;
    }
    return readings;
  });
  const sent = Promise.all([probeAlarms(probeTo, probe, feed, deadline), probeThresholdAlarms(probeTo, thresholdProbe, feed, deadline)]);
  const readings = (await Promise.all(workers)).reduce((a, b) => a + b, 0);
  const [probes, thresholdProbes] = await sent;
  clearInterval(sampler);
  await new Promise((r) => setTimeout(r, 1000));
  await feed.close();
  console.log(`\n${name}`);
  console.log(`  ingest through haproxy: ${fmt(Math.round(readings / SECONDS))} readings/s, ${fmt(Math.round(reports / SECONDS))} reports/s of ${READINGS} readings (${CONCURRENCY} in flight${RATE > 0 ? `, paced at ${fmt(RATE)} readings/s` : ', unpaced'}; ${refusedOrFailed} not stored)`);
  console.log(`  device alarm → on the feed: ${probes} sent; ${latencyLine(feed.byKind.device, 250)}`);
  console.log(`  threshold alarm → on the feed: ${thresholdProbes} sent; ${latencyLine(feed.byKind.threshold, 250)}`);
  console.log(`  machine load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} on 2 cores`);
}

await recreateDatabase(PG_URL);
const env = { DATABASE_URL: PG_URL, ...(args.bus === 'redis' ? { REDIS_URL } : { REDIS_URL: '' }), MQTT_PORT: '0', LOG_LEVEL: 'warn' };
// A first: it migrates and seeds; B starts on the database A made.
const a = await startServer(env, { requireWeb: false });
const b = await startServer(env, { requireWeb: false });
const stopping: (() => Promise<void>)[] = [() => a.stop(), () => b.stop()];
try {
  const load = await createFleet(a, 'LOAD-', Number(args.stations), 10);
  const [probe, thresholdProbe] = (await createFleet(a, 'PROBE-', 2, 10)).stations;
  console.log(`${fmt(load.stations.length)} stations × 10 tanks on ${PG_URL.replace(/^.*@/, '')}, live events through ${args.bus === 'redis' ? `Redis (${REDIS_URL})` : 'LISTEN/NOTIFY'}; ${SECONDS} s per phase`);

  const one = await startHaproxy(a, a);
  stopping.unshift(() => one.stop());
  await phase('one instance (A twice behind haproxy; feed on A, probe to A)', one.url, load, Date.parse('2020-01-01T00:00:00Z'), a.baseUrl, a.baseUrl, probe!, thresholdProbe!);
  await one.stop();
  stopping.shift();

  const two = await startHaproxy(a, b);
  stopping.unshift(() => two.stop());
  // Later readings than phase 1's, so none is a duplicate.
  await phase('two instances (A and B behind haproxy; feed on B, probe to A: every alarm crosses instances)', two.url, load, Date.parse('2021-01-01T00:00:00Z'), b.baseUrl, a.baseUrl, probe!, thresholdProbe!);
} finally {
  for (const stop of stopping) await stop().catch(() => undefined);
}
