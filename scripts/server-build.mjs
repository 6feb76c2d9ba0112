// The compiled server (apps/server/build.mjs): what `npm start`, the Docker image, the browser
// tests' servers and the benches run. Rebuilt when a source is newer than the build, as the web
// app is (scripts/web-build.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { newestMtime } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** The server's entry point, relative to the repository's root (the processes' command line names it). */
export const SERVER_ENTRY = 'apps/server/dist/main.mjs';

const sources = ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', 'packages/domain/src', 'packages/contracts/src', 'apps/simulator/src'];

const builtAt = () => (fs.existsSync(path.join(root, SERVER_ENTRY)) ? fs.statSync(path.join(root, SERVER_ENTRY)).mtimeMs : 0);

/** Whether the server was never built or a source is newer than the build. */
export function serverBuildNeeded() {
  return builtAt() < Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
}

/** Builds the server when it was never built or a source is newer than the build (about a second). */
export function ensureServerBuilt() {
  if (!serverBuildNeeded()) return;
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`the server's build failed (exit ${result.status})`);
}
