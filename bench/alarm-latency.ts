/**
 * DESIGN.md §8: device report → alarm on an open SSE feed, p99 < 250 ms, at ingest load.
 * A load of device batches runs through the HTTP device path while a probe station reports
 * one device alarm every 100 ms; each alarm's time from the start of its POST to its arrival
 * on the administrator's `/api/sse-msg/connect` feed is measured.
 *
 *   node --import tsx bench/alarm-latency.ts [--seconds 20] [--stations 50] [--concurrency 6]
 *
 * PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/ullage_bench; dropped and recreated).
 */
import { parseArgs } from 'node:util';
import { LEVEL_ALARM_CODES } from '@ullage/domain/alarm-codes';
import { makeBatches } from '@ullage/simulator/bench-batches';
import { E2E_ADMIN_PASSWORD, startServer } from '../e2e/server';
import { createFleet, fmt, post, recreateDatabase } from './setup';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    stations: { type: 'string', default: '50' },
    concurrency: { type: 'string', default: '6' },
  },
});
const SECONDS = Number(args.seconds);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ullage_bench';

await recreateDatabase(PG_URL);

const server = await startServer({ DATABASE_URL: PG_URL, MQTT_PORT: '0', LOG_LEVEL: 'warn' }, { requireWeb: false });
try {
  const load = await createFleet(server, 'LOAD-', Number(args.stations), 10);
  const [probe] = (await createFleet(server, 'PROBE-', 1, 10)).stations;

  const login = await fetch(`${server.baseUrl}/api/login/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: E2E_ADMIN_PASSWORD }) });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const userId = ((await (await fetch(`${server.baseUrl}/api/login/getInfo`, { headers: { cookie } })).json()) as { data: { userId: number } }).data.userId;

  // The feed: each message is matched to its alarm by tank and alarm name.
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const controller = new AbortController();
  const feed = await fetch(`${server.baseUrl}/api/sse-msg/connect?userId=${userId}&lang=en`, { headers: { cookie }, signal: controller.signal });
  const reading = (async () => {
    const reader = feed.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer.slice(0, end).split('\n').find((l) => l.startsWith('data: '));
          buffer = buffer.slice(end + 2);
          if (!data) continue;
          const message = JSON.parse(data.slice(6)) as { tankCode: string; alarmTypeDesc: string };
          const key = `${message.tankCode}|${message.alarmTypeDesc}`;
          const start = sentAt.get(key);
          if (start !== undefined) {
            latencies.push(performance.now() - start);
            sentAt.delete(key);
          }
        }
      }
    } catch {
      // aborted at the end
    }
  })();

  const deadline = performance.now() + SECONDS * 1000;
  const concurrency = Number(args.concurrency);
  const workers = Array.from({ length: concurrency }, (_, w) => {
    const mine = load.stations.filter((_, i) => i % concurrency === w);
    const keys = new Map(mine.map((s) => [s.code, s.key]));
    const gen = makeBatches({ stations: mine, batchSize: 1000, startTs: Date.parse('2020-01-01T00:00:00Z'), stepMs: 1000 });
    return (async () => {
      let readings = 0;
      while (performance.now() < deadline) {
        const { stationCode, report } = gen.next().value!;
        const text = await post(`${server.baseUrl}/api/device/v1/stations/${stationCode}/report`, keys.get(stationCode)!, JSON.stringify(report));
        readings += (JSON.parse(text) as { data: { accepted: number } }).data.accepted;
      }
      return readings;
    })();
  });

  // The probe: one alarm every 100 ms, each (tank, code) raised then cleared so the next is new.
  const codes = Object.keys(LEVEL_ALARM_CODES).map(Number).filter((c) => c < 10 || c > 14);
  let sent = 0;
  const probing = (async () => {
    for (let n = 0; performance.now() < deadline; n++) {
      const tank = String((n % 10) + 1);
      const code = codes[Math.floor(n / 10) % codes.length]!;
      const name = LEVEL_ALARM_CODES[code as keyof typeof LEVEL_ALARM_CODES];
      const key = `${tank}|${name[0]!.toUpperCase()}${name.slice(1)}`;
      sentAt.set(key, performance.now());
      const ts = new Date(Date.now() - 1000).toISOString();
      await post(`${server.baseUrl}/api/device/v1/stations/${probe!.code}/report`, probe!.key, JSON.stringify({ alarms: [{ kind: 'level', tank, code, ts }] }));
      await post(`${server.baseUrl}/api/device/v1/stations/${probe!.code}/report`, probe!.key, JSON.stringify({ alarms: [{ kind: 'level', tank, code, ts, state: 'cleared' }] }));
      sent++;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();

  const loadReadings = (await Promise.all(workers)).reduce((a, b) => a + b, 0);
  await probing;
  await new Promise((r) => setTimeout(r, 1000));
  controller.abort();
  await reading;

  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  console.log(`Load: ${fmt(Math.round(loadReadings / SECONDS))} readings/s through the HTTP device path (${args.stations} stations × 10 tanks, ${concurrency} in flight)`);
  console.log(`Alarms: ${sent} sent, ${latencies.length} received on the SSE feed`);
  console.log(`report → SSE latency: p50 ${pct(50).toFixed(0)} ms, p95 ${pct(95).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms, max ${(latencies.at(-1) ?? NaN).toFixed(0)} ms  [budget p99 < 250 ms: ${pct(99) < 250 ? 'met' : 'NOT met'}]`);
} finally {
  await server.stop();
}
