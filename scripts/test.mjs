// `npm test`: the checks that do not depend on each other side by side — each workspace's
// typecheck, lint, the web and server builds — then every vitest project: domain and web units, server API
// tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), browser tests (which need the build).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { serverBuildNeeded } from './server-build.mjs';
import { webBuildNeeded } from './web-build.mjs';
import { overBudget, UNIT_FILE_BUDGET_MS } from './test-budget.mjs';

const root = path.resolve(import.meta.dirname, '..');
/**
 * The typecheck's programs: the platform-free packages and the web app alone, the node side (server,
 * simulator, browser tests, benches) as one (tsconfig.node.json: they import each other's modules).
 */
const PROGRAMS = ['packages/domain/tsconfig.json', 'packages/contracts/tsconfig.json', 'apps/web/tsconfig.json', 'tsconfig.node.json'];
const cache = path.join(root, 'node_modules/.cache');

/** One check: a command whose output is kept and printed whole when it ends, so checks running together do not interleave. */
const checks = [
  ...PROGRAMS.map((program) => ({
    name: `typecheck ${program}`,
    command: 'npx',
    // Incremental: a second run on the same machine rechecks only what changed.
    args: ['tsc', '-p', program, '--incremental', '--tsBuildInfoFile', path.join(cache, 'tsc', `${program.replaceAll('/', '-')}.tsbuildinfo`)],
  })),
  // The cache is keyed by file contents (CI starts without one and is none the worse).
  { name: 'lint', command: 'npx', args: ['eslint', '.', '--cache', '--cache-strategy', 'content', '--cache-location', path.join(cache, 'eslint/')] },
  ...(webBuildNeeded() ? [{ name: 'web build', command: 'npm', args: ['run', 'build', '-w', 'apps/web'] }] : []),
  // The browser tests' servers run the compiled server, as npm start does.
  ...(serverBuildNeeded() ? [{ name: 'server build', command: 'npm', args: ['run', 'build', '-w', 'apps/server'] }] : []),
];

function run(check) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(check.command, check.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`\n> ${check.name} (${seconds} s)${code === 0 ? '' : ` FAILED with ${code}`}`);
      if (code !== 0 || output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      resolve(code === 0);
    });
  });
}

/** Runs the checks, `width` at a time (one per core: tsc and eslint each use one). */
async function runAll(width) {
  const queue = [...checks];
  const results = [];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let check = queue.shift(); check; check = queue.shift()) results.push(await run(check));
    }),
  );
  return results.every(Boolean);
}

const started = performance.now();
const ok = await runAll(Math.max(1, os.availableParallelism()));
console.log(`\nTypecheck, lint and build: ${((performance.now() - started) / 1000).toFixed(0)} s`);
if (!ok) process.exit(1);

console.log(`\n> npx vitest run ${process.argv.slice(2).join(' ')}`);
const result = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
const slow = overBudget(JSON.parse(fs.readFileSync(path.join(root, '.tmp/test-times.json'), 'utf8')));
if (slow.length > 0) {
  console.log(`\nA unit test file over its budget of ${UNIT_FILE_BUDGET_MS / 1000} s (import + tests: scripts/slowest-files-reporter.ts):`);
  for (const row of slow) console.log(`  ${(row.totalMs / 1000).toFixed(1)} s  ${row.project} ${row.file}`);
  process.exit(1);
}
