/**
 * The embedded default's first start as a person meets it (issue 36): `npm start` exactly as
 * the README runs it (scripts/start.mjs, a fresh DATA_DIR, the embedded database, the demo
 * fleet replaying `DEMO_BACKFILL_DAYS` of history), and from the moment the address is printed
 * a person loading the home page every `--think-ms`: the page's static files (index.html, its
 * scripts and styles) one after another, then the shell's and /home's API calls together, as the
 * browser asks them (bench/screen-calls.ts). Prints the time to the address and to the end of
 * the replay, then p50 / p95 / max of the static files and of the page's calls during the
 * replay and for `--after` seconds after it, with the machine's load beside them.
 * Budgets during the replay (issue 36): page calls p95 < 500 ms, static files < 100 ms.
 *
 *   node --import tsx bench/first-start.ts [--days 35 --after 30 --think-ms 1000]
 *
 * The only settings given are those a bench needs: PORT, DATA_DIR, ADMIN_PASSWORD, CAPTCHA=off
 * (the bench signs in through the API) and MQTT_PORT=0 (the machine's own broker holds 1883).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { E2E_ADMIN_PASSWORD, freePort } from '../e2e/server';
import { SCREEN_CALLS } from './screen-calls';
import { signIn } from './setup';

const { values: args } = parseArgs({
  options: {
    days: { type: 'string', default: '35' },
    after: { type: 'string', default: '30' },
    'think-ms': { type: 'string', default: '1000' },
  },
});
const AFTER_MS = Number(args.after) * 1000;
const THINK_MS = Number(args['think-ms']);
const root = path.resolve(import.meta.dirname, '..');
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.ceil(s.length * p) - 1)]!;
};

type Phase = 'replay' | 'after';
interface Sample {
  phase: Phase;
  kind: 'static' | 'api';
  path: string;
  ms: number;
  status: number;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ullage-first-start-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, CAPTCHA: 'off', MQTT_PORT: '0', DEMO_BACKFILL_DAYS: args.days, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let addressAt = 0;
  let replayEndAt = 0;
  const onData = (d: Buffer) => {
    output += d;
    if (!addressAt && output.includes('Ullage is running at')) addressAt = performance.now();
    if (!replayEndAt && output.includes('history sent, now reporting live')) replayEndAt = performance.now();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const stop = () => {
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    while (!addressAt) {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    console.log(`address printed after ${((addressAt - started) / 1000).toFixed(1)} s; load ${os.loadavg()[0]!.toFixed(1)}`);
    const samples: Sample[] = [];
    const phase = (): Phase => (replayEndAt ? 'after' : 'replay');
    const timed = async (kind: Sample['kind'], p: string, headers: Record<string, string> = {}) => {
      const t = performance.now();
      const res = await fetch(`${baseUrl}${p}`, { headers });
      await res.arrayBuffer();
      samples.push({ phase: phase(), kind, path: p, ms: performance.now() - t, status: res.status });
      return res;
    };
    // The person signs in as soon as the address is printed (through the API: the bench has no captcha to solve).
    const signInStarted = performance.now();
    const cookie = await signIn(baseUrl, 'admin', E2E_ADMIN_PASSWORD);
    console.log(`signed in after ${(performance.now() - signInStarted).toFixed(0)} ms`);
    const html = await (await fetch(`${baseUrl}/`)).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    const calls = SCREEN_CALLS.filter((c) => c.page === 'shell' || c.page === '/home').map((c) => c.path.replaceAll('{tz}', 'UTC').replaceAll('{day}', new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)));
    const loads: number[] = [];
    let endAt = Infinity;
    while (performance.now() < endAt) {
      if (replayEndAt && endAt === Infinity) endAt = replayEndAt + AFTER_MS;
      loads.push(os.loadavg()[0]!);
      await timed('static', '/');
      for (const a of assets) await timed('static', a, { 'accept-encoding': 'br, gzip' });
      await Promise.all(calls.map((c) => timed('api', c, { cookie })));
      await new Promise((r) => setTimeout(r, THINK_MS));
    }
    console.log(`replay of ${args.days} days ended ${((replayEndAt - addressAt) / 1000).toFixed(0)} s after the address; load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}\n`);
    console.log('phase | kind | n | p50 ms | p95 ms | max ms | not 200 | budget (replay)');
    for (const ph of ['replay', 'after'] as Phase[]) {
      for (const kind of ['static', 'api'] as const) {
        const xs = samples.filter((s) => s.phase === ph && s.kind === kind);
        const budget = kind === 'static' ? 100 : 500;
        const p95 = pct(xs.map((s) => s.ms), 0.95);
        const verdict = ph === 'replay' ? `${budget} ${p95 < budget ? '✓' : '✗'}` : '';
        console.log(`${ph} | ${kind} | ${xs.length} | ${pct(xs.map((s) => s.ms), 0.5).toFixed(0)} | ${p95.toFixed(0)} | ${Math.max(...xs.map((s) => s.ms)).toFixed(0)} | ${xs.filter((s) => s.status !== 200).length} | ${verdict}`);
      }
    }
    const slow = samples.filter((s) => s.phase === 'replay' && s.kind === 'api');
    const byPath = new Map<string, number[]>();
    for (const s of slow) byPath.set(s.path, [...(byPath.get(s.path) ?? []), s.ms]);
    console.log('\nduring the replay, by call: p95 ms');
    for (const [p, xs] of [...byPath].sort((a, b) => pct(b[1], 0.95) - pct(a[1], 0.95))) console.log(`  ${pct(xs, 0.95).toFixed(0).padStart(6)}  ${p}`);
  } finally {
    stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
