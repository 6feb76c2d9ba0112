// `npm start`: build the web app and the server if needed, then run the compiled server, which serves the app.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';
import { ensureServerBuilt, SERVER_ENTRY } from './server-build.mjs';
import { ensureWebBuilt } from './web-build.mjs';

ensureWebBuilt();
ensureServerBuilt();
const root = path.resolve(import.meta.dirname, '..');
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
