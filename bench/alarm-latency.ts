/**
 * DESIGN.md §8: device report → alarm on an open SSE feed, p99 < 250 ms, at ingest load.
 * A load of device batches runs through the HTTP device path while two probe stations report
 * every 100 ms (bench/alarm-probe.ts): one a device alarm, the other a reading over a tank's
 * high water alarm, which the server's own threshold rule raises. Each alarm's time from the start
 * of its POST to its arrival on the administrator's `/api/sse-msg/connect` feed is measured, each
 * kind on its own line. 110 seconds give 1,000 samples of each (a p99 of 50 samples is its
 * maximum); the machine's load average and the load's rate are printed beside the latencies.
 * `--rate` paces the load at that many readings a second (0: as fast as it goes, which is the
 * path's capacity on this machine; run that first, then e.g. 70 % of it).
 *
 *   node --import tsx bench/alarm-latency.ts [--seconds 110] [--stations 50] [--batch 1000] [--concurrency 6] [--rate 0]
 *
 * PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/ullage_bench; dropped and recreated).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { makeBatches } from '@ullage/simulator/bench-batches';
import { E2E_ADMIN_PASSWORD, startServer } from '../e2e/server';
import { adminCookie, latencyLine, openAlarmFeed, probeAlarms, probeThresholdAlarms } from './alarm-probe';
import { createFleet, fmt, paced, post, recreateDatabase } from './setup';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '110' },
    stations: { type: 'string', default: '50' },
    /** Readings per load report: 1,000 (a backlog) by default, 10 for device-sized reports. */
    batch: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '6' },
    /** Readings a second the load sends, all workers together; 0 for as fast as the server takes them. */
    rate: { type: 'string', default: '0' },
  },
});
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const BATCH = Number(args.batch);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ullage_bench';

await recreateDatabase(PG_URL);

const server = await startServer({ DATABASE_URL: PG_URL, MQTT_PORT: '0', LOG_LEVEL: 'warn' }, { requireWeb: false });
try {
  const load = await createFleet(server, 'LOAD-', Number(args.stations), 10);
  const [probe, thresholdProbe] = (await createFleet(server, 'PROBE-', 2, 10)).stations;
  const feed = await openAlarmFeed(server.baseUrl, await adminCookie(server.baseUrl, E2E_ADMIN_PASSWORD));

  const deadline = performance.now() + SECONDS * 1000;
  const concurrency = Number(args.concurrency);
  const loads: number[] = [];
  const sampler = setInterval(() => loads.push(loadavg()[0]!), 5000);
  const workers = Array.from({ length: concurrency }, (_, w) => {
    const mine = load.stations.filter((_, i) => i % concurrency === w);
    const keys = new Map(mine.map((s) => [s.code, s.key]));
    const gen = makeBatches({ stations: mine, batchSize: BATCH, startTs: Date.parse('2020-01-01T00:00:00Z'), stepMs: 1000 });
    const started = performance.now();
    return (async () => {
      let readings = 0;
      while (performance.now() < deadline) {
        // This worker's share of --rate.
        await paced(started, readings, RATE / concurrency);
        if (performance.now() >= deadline) break;
        const { stationCode, report } = gen.next().value!;
        const text = await post(`${server.baseUrl}/api/device/v1/stations/${stationCode}/report`, keys.get(stationCode)!, JSON.stringify(report));
        readings += (JSON.parse(text) as { data: { accepted: number } }).data.accepted;
      }
      return readings;
    })();
  });
  const probing = Promise.all([probeAlarms(server.baseUrl, probe!, feed, deadline), probeThresholdAlarms(server.baseUrl, thresholdProbe!, feed, deadline)]);

  const loadReadings = (await Promise.all(workers)).reduce((a, b) => a + b, 0);
  const [sentDevice, sentThreshold] = await probing;
  clearInterval(sampler);
  await new Promise((r) => setTimeout(r, 1000));
  await feed.close();

  console.log(`Load: ${fmt(Math.round(loadReadings / SECONDS))} readings/s through the HTTP device path (${args.stations} stations × 10 tanks, reports of ${fmt(BATCH)} readings, ${concurrency} in flight${RATE > 0 ? `, paced at ${fmt(RATE)}/s` : ', unpaced'}); machine load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} on 2 cores`);
  console.log(`Alarms: ${sentDevice} device and ${sentThreshold} threshold alarms sent, ${feed.byKind.device.length} and ${feed.byKind.threshold.length} received on the SSE feed`);
  console.log(`report → SSE latency, device alarms:    ${latencyLine(feed.byKind.device, 250)}`);
  console.log(`report → SSE latency, threshold alarms: ${latencyLine(feed.byKind.threshold, 250)}`);
} finally {
  await server.stop();
}
