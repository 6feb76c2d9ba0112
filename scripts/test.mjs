// `npm test`: typecheck, lint, build the web app, then every vitest project: domain and web
// units, server API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), browser tests.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureWebBuilt } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const run = (command, args) => {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('npm', ['run', 'typecheck']);
run('npm', ['run', 'lint']);
ensureWebBuilt();
run('npx', ['vitest', 'run', ...process.argv.slice(2)]);
