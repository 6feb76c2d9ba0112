/**
 * Memory and latency under load on the list endpoints (issue 20 #23): the server as `npm start`
 * runs it (e2e/server.ts startServer: embedded database, demo organisation), then N clients,
 * each signed in as one of the demo accounts or the administrator, ask list endpoints back to
 * back for a while. Prints p50/p99/max latency and requests/s, and the server's RSS (from
 * /proc/<pid>/status) before, at the end of the load, and after a rest — whether what the load
 * took is given back.
 * Run: node --import tsx bench/list-load.ts [--clients 50 --seconds 60 --rest 30 --think-ms 0 --simulator
 *   --database-url postgres://…/empty-db]
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { E2E_ADMIN_PASSWORD, E2E_DEMO_PASSWORD, startServer } from '../e2e/server';
import { SERVER_ENTRY } from '../scripts/server-build.mjs';
import { signIn } from './setup';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '60' },
    rest: { type: 'string', default: '30' },
    simulator: { type: 'boolean', default: false },
    // A PostgreSQL server (an empty database: the server seeds it) instead of the embedded one.
    'database-url': { type: 'string', default: '' },
    // Each client's pause between its requests: 0 is back to back (the harshest reading of
    // "50 concurrent users"); a person at a list page asks far less often than once a second.
    'think-ms': { type: 'string', default: '0' },
  },
});
const CLIENTS = Number(args.clients);
const SECONDS = Number(args.seconds);
const REST = Number(args.rest);
const THINK_MS = Number(args['think-ms']);

/** List endpoints with the page sizes the pages ask for (and the largest a client may ask). */
const ENDPOINTS = [
  '/api/station/list?page=1&pageSize=20',
  '/api/station/list?page=1&pageSize=200',
  '/api/account/list?page=1&pageSize=20',
  '/api/company/list?page=1&pageSize=20',
  '/api/area/list?page=1&pageSize=20',
  '/api/product/list?page=1&pageSize=20',
  '/api/tag/list?page=1&pageSize=20',
  '/api/distributor/list?page=1&pageSize=20',
  '/api/audit/list?page=1&pageSize=20',
  '/api/alarm/list?page=1&pageSize=20',
  '/api/device-commands?page=1&pageSize=20',
  '/api/device-firmware?page=1&pageSize=20',
  '/api/report/delivery/list?page=1&pageSize=20',
  '/api/report/power/list?page=1&pageSize=20',
  '/api/report/offline/list?page=1&pageSize=20',
  '/api/report/jumps/list?page=1&pageSize=20',
  '/api/monitor/overview',
  '/api/org/tree',
];

/** The server's process: the child of this one running the compiled server (SERVER_ENTRY). */
function serverPid(): number {
  for (const task of fs.readdirSync('/proc/self/task')) {
    for (const pid of fs.readFileSync(`/proc/self/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)) {
      if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(SERVER_ENTRY)) return pid;
    }
  }
  throw new Error('the server process was not found among this process’s children');
}

const rssMb = (pid: number) => Number(/^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
const mb = (n: number) => `${n.toFixed(0)} MB`;

/** Where the RSS is: V8's heap (used / reserved) and memory outside it (PGlite's WebAssembly memory, buffers), from /metrics. */
async function heapOf(baseUrl: string): Promise<string> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN) / 1024 / 1024;
  return `heap used ${mb(value('nodejs_heap_size_used_bytes'))} of ${mb(value('nodejs_heap_size_total_bytes'))}, external ${mb(value('nodejs_external_memory_bytes'))}`;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const server = await startServer({ SIMULATOR: args.simulator ? 'on' : 'off', ...(args['database-url'] ? { DATABASE_URL: args['database-url'] } : {}) });
try {
  const pid = serverPid();
  const as = (username: string, password: string) => signIn(server.baseUrl, username, password);
  const cookies = [await as('admin', E2E_ADMIN_PASSWORD), await as('demo-distributor', E2E_DEMO_PASSWORD), await as('demo-company', E2E_DEMO_PASSWORD), await as('demo-station', E2E_DEMO_PASSWORD)];

  // Which endpoints each account may ask (an administrator's lists are not a station's); the
  // rest are left out for that account.
  const allowed: string[][] = [];
  for (const cookie of cookies) {
    const mine: string[] = [];
    for (const url of ENDPOINTS) {
      const body = (await (await fetch(`${server.baseUrl}${url}`, { headers: { cookie } })).json()) as { code: number };
      if (body.code === 1000) mine.push(url);
    }
    allowed.push(mine);
  }
  const endpoints = ENDPOINTS.filter((url) => allowed[0]!.includes(url));
  for (const url of ENDPOINTS) if (!endpoints.includes(url)) console.log(`  (left out: ${url} does not answer 1000 without more parameters)`);
  // One round of every endpoint first, so code paths are compiled before "before" is read.
  for (let a = 0; a < cookies.length; a++) for (const url of allowed[a]!) await fetch(`${server.baseUrl}${url}`, { headers: { cookie: cookies[a]! } }).then((r) => r.arrayBuffer());
  await sleep(2000);
  const before = rssMb(pid);
  console.log(`server pid ${pid}: RSS before ${mb(before)} (${await heapOf(server.baseUrl)}); ${CLIENTS} clients × ${endpoints.length} list endpoints for ${SECONDS} s${THINK_MS ? `, ${THINK_MS} ms between a client's requests` : ', back to back'}${args['database-url'] ? ' on PostgreSQL' : ' on the embedded database'}${args.simulator ? ' (simulated fleet on)' : ''}…`);

  const latencies: number[] = [];
  // Per endpoint too: a budget missed overall is found where it is missed.
  const byEndpoint = new Map<string, number[]>();
  let errors = 0;
  const errorCodes = new Map<string, number>();
  const failed = (what: string) => {
    errors++;
    errorCodes.set(what, (errorCodes.get(what) ?? 0) + 1);
  };
  let peak = before;
  const until = Date.now() + SECONDS * 1000;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 1000);
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      const cookie = cookies[client % cookies.length]!;
      const mine = allowed[client % cookies.length]!;
      for (let i = client; Date.now() < until; i++) {
        const url = mine[i % mine.length]!;
        const start = performance.now();
        try {
          const res = await fetch(`${server.baseUrl}${url}`, { headers: { cookie } });
          const body = (await res.json()) as { code: number };
          if (body.code !== 1000) failed(`${url.split('?')[0]} ${res.status} ${body.code}`);
        } catch (error) {
          failed(String((error as Error).message));
        }
        const took = performance.now() - start;
        latencies.push(took);
        const path = url.split('?')[0]!;
        if (!byEndpoint.has(path)) byEndpoint.set(path, []);
        byEndpoint.get(path)!.push(took);
        if (THINK_MS > 0) await sleep(THINK_MS);
      }
    }),
  );
  clearInterval(sampler);
  const atEnd = rssMb(pid);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  console.log(`requests: ${latencies.length} (${(latencies.length / SECONDS).toFixed(0)}/s), errors ${errors}; latency p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms`);
  for (const [what, count] of errorCodes) console.log(`  error ×${count}: ${what}`);
  const quantile = (list: number[], q: number) => list[Math.min(list.length - 1, Math.floor(q * list.length))]!;
  for (const [path, list] of [...byEndpoint].sort((a, b) => quantile(b[1].sort((x, y) => x - y), 0.99) - quantile(a[1].sort((x, y) => x - y), 0.99))) {
    console.log(`  ${path.padEnd(32)} n ${String(list.length).padStart(5)}  p50 ${quantile(list, 0.5).toFixed(0).padStart(5)} ms  p99 ${quantile(list, 0.99).toFixed(0).padStart(5)} ms  max ${list.at(-1)!.toFixed(0).padStart(5)} ms`);
  }
  console.log(`RSS: before ${mb(before)}, peak ${mb(peak)}, at the end ${mb(atEnd)} (${await heapOf(server.baseUrl)})`);
  await sleep(REST * 1000);
  const after = rssMb(pid);
  console.log(`RSS ${REST} s after the load: ${mb(after)} (${after - before >= 0 ? '+' : ''}${mb(after - before)} over before; ${await heapOf(server.baseUrl)})`);
} finally {
  await server.stop();
}
