import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ensureServerBuilt, SERVER_ENTRY } from '../scripts/server-build.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';
import { copyServerTemplate, type ServerData, type ServerTemplate } from './server-data';

export const E2E_ADMIN_PASSWORD = 'Admin#2026e2e';
export const E2E_DEMO_PASSWORD = 'Demo#2026e2e';

export interface RunningServer {
  baseUrl: string;
  /** The server process (tests of shutdown signal it, tests of a crash kill it). */
  child: ChildProcess;
  /** Resolves with the process's exit code (null when a signal ended it) once it exits. */
  exited: Promise<number | null>;
  /** What the process has written to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * The real server as `npm start` runs it, on a fresh embedded database in its own directory,
 * on a free port. Used by the browser tests and the web benchmarks.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: {
    requireWeb?: boolean;
    nodeArgs?: string[];
    /** Given the process's output so far, as soon as it is spawned (before it is healthy). */
    onSpawn?: (output: () => string) => void;
    /** The data a first start made (e2e/server-data.ts): the server starts on a copy of its own, removed when it stops, rather than migrating and seeding. */
    dataFrom?: ServerTemplate;
  } = {},
): Promise<RunningServer> {
  const root = path.resolve(import.meta.dirname, '..');
  // WEB_DIST (as for `npm start`) lets a build elsewhere be tested while apps/web/dist is rebuilt.
  const webDist = process.env.WEB_DIST || path.join(root, 'apps/web/dist');
  if (options.requireWeb !== false && !fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('The web app is not built: run `npm test` (it builds first) or `npm run build`.');
  }
  // The compiled server, as `npm start` runs it (built here when a source is newer: about a second).
  ensureServerBuilt();
  const dataDir = path.join(root, '.tmp', `server-${process.pid}-${Date.now()}`);
  const data: ServerData | undefined = options.dataFrom && (await copyServerTemplate(options.dataFrom, 'server'));
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const server: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...(options.nodeArgs ?? []), SERVER_ENTRY], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      DEMO_PASSWORD: E2E_DEMO_PASSWORD,
      CAPTCHA: 'off',
      MQTT_PORT: '0',
      // Browser tests send their own readings; a fleet would race them for the same tanks.
      SIMULATOR: 'off',
      // A test that turns the fleet on wants it live at once, not after weeks of history.
      DEMO_BACKFILL_DAYS: '0',
      // Days a test sends are booked and leak-tested within seconds, not a minute or two.
      BOOKS_INTERVAL_MS: '2000',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...data?.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (d) => (output += d));
  server.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  options.onSpawn?.(() => output);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, server, () => output);
  } catch (error) {
    // A server that never became healthy would otherwise outlive the test run, holding its port and data.
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    await data?.remove();
    throw error;
  }
  return {
    baseUrl,
    child: server,
    exited,
    output: () => output,
    stop: async () => {
      if (server.exitCode === null && server.signalCode === null) {
        server.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
      await data?.remove();
    },
  };
}

async function waitForHealth(baseUrl: string, server: ChildProcess, output: () => string) {
  // SERVER_START_MS: more time on a machine busy with other work (benchmarks run beside tests).
  const deadline = Date.now() + Number(process.env.SERVER_START_MS || 90_000);
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited early:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the server did not become healthy in time:\n${output()}`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}
