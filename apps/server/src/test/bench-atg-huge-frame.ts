// Time and peak memory for the poller to refuse (or, before issue 20 #5, to read) one huge frame:
//   node --import tsx apps/server/src/test/bench-atg-huge-frame.ts 8000000
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { AtgConnection } from '../modules/atg/connection';
import { startFakeAtgConsole } from './fake-atg-console';

const bytes = Number(process.argv[2] ?? 8_000_000);
const fake = await startFakeAtgConsole({ faults: { hugeFrameBytes: bytes } });
const conn = new AtgConnection({ host: fake.host, port: fake.port, timeouts: { firstByteMs: 120_000, idleMs: 120_000, capMs: 300_000 } });
const h = monitorEventLoopDelay({ resolution: 10 });
h.enable();
const rss0 = process.resourceUsage().maxRSS;
const t0 = performance.now();
let outcome = '';
try {
  await conn.query('i20100');
  outcome = 'answered';
} catch (e) {
  outcome = (e as Error).message;
}
const ms = performance.now() - t0;
h.disable();
console.log(JSON.stringify({ bytes, ms: Math.round(ms), maxRssMiB: Math.round(process.resourceUsage().maxRSS / 1024), rssGrowthMiB: Math.round((process.resourceUsage().maxRSS - rss0) / 1024), maxLoopDelayMs: Math.round(h.max / 1e6), outcome }));
conn.close();
await fake.close();
