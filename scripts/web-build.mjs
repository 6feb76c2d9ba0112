import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public', 'packages/domain/src', 'packages/contracts/src'];

/** The newest modification time of a file or of anything under a folder (0 when it does not exist). */
export function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((entry) => newestMtime(path.join(p, entry))));
}

const builtAt = () => (fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0);

/** Whether the web app was never built or a source is newer than the build. */
export function webBuildNeeded() {
  return builtAt() < Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
}

/** Builds the web app when it was never built or a source is newer than the build. */
export function ensureWebBuilt() {
  if (!webBuildNeeded()) return;
  const built = builtAt();
  console.log(built ? 'Web app sources changed: rebuilding…' : 'Building the web app (first start)…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
