// `npm start`: build the web app if needed, then run the server, which serves it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';
import { ensureWebBuilt } from './web-build.mjs';

ensureWebBuilt();
const root = path.resolve(import.meta.dirname, '..');
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
