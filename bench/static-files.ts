/**
 * What the server spends sending the built web app's scripts: a cold page asks for ~60 of them.
 * Every script of the build (up to `--files`, 200) asked three times in turn, after a first pass,
 * as a browser that takes brotli and as one that takes nothing compressed; the server process's
 * CPU (from /proc) and the wall a file.
 * Run: npm run build && node --import tsx bench/static-files.ts [--files 200]
 */
import fs from 'node:fs';
import path from 'node:path';
import { startServer } from '../e2e/server';
import { processCpuMs } from './ingest-cpu';

const at = process.argv.indexOf('--files');
const FILES = at < 0 ? 200 : Number(process.argv[at + 1]);
const assets = path.resolve(process.env.WEB_DIST ?? 'apps/web/dist', 'assets');
const files = fs
  .readdirSync(assets)
  .filter((f) => f.endsWith('.js'))
  .slice(0, FILES);

const server = await startServer({ SIMULATOR: 'off' });
try {
  const pid = server.child.pid!;
  for (const [label, headers] of [
    ['brotli', { 'accept-encoding': 'gzip, deflate, br' }],
    ['uncompressed', {}],
  ] as const) {
    const pass = async () => {
      for (const file of files) await (await fetch(`${server.baseUrl}/assets/${file}`, { headers })).arrayBuffer();
    };
    await pass();
    const cpu = processCpuMs(pid)!;
    const started = performance.now();
    for (let round = 0; round < 3; round++) await pass();
    const n = files.length * 3;
    console.log(`${label}: ${((processCpuMs(pid)! - cpu) / n).toFixed(2)} ms of server CPU a file, ${((performance.now() - started) / n).toFixed(2)} ms wall (${files.length} scripts × 3)`);
  }
} finally {
  await server.stop();
}
