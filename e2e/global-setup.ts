import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { ensureServerBuilt } from '../scripts/server-build.mjs';
import { startServer, type RunningServer } from './server';
import { removeServerTemplate, type ServerTemplate } from './server-data';
import { makeServerTemplate } from './server-template';
import './browser';

/**
 * The browser tests' servers and the run's one Chromium (issue 33), started when the first
 * browser test asks for them (e2e/worker-server.setup.ts, launchBrowser) rather than here: the
 * browser tests run after the API tests, and servers started with the run would spend those
 * minutes running their jobs on the cores the API tests need.
 *
 * A file leases a server for its whole run and gives it back when it ends, so two files running
 * side by side never share one: a free server is reused (its data from earlier files, as when all
 * files shared one), and a new one starts only when every server is leased. Each file opens its
 * own browser contexts (cookies and storage of their own) in the shared Chromium.
 *
 * Every server starts on a copy of one first start's data (e2e/server-data.ts), made when the
 * first server is asked for — on the PostgreSQL server of TEST_DATABASE_URL when there is one, as
 * the API tests' — and files that start servers of their own ask for it too (`/server/template`).
 */
export default async function setup(project: TestProject) {
  // Once, before any file: files that start servers of their own side by side must not build it twice at once.
  ensureServerBuilt();
  let browser: Promise<BrowserServer> | undefined;
  const servers: { id: number; server: Promise<RunningServer>; leased: boolean }[] = [];
  // Ids are never reused: a server dropped after a failed start leaves a gap, not a twin.
  let started = 0;
  const templateDir = path.resolve(import.meta.dirname, '..', '.tmp', `e2e-template-${process.pid}`);
  let template: Promise<ServerTemplate> | undefined;
  const madeTemplate = () => (template ??= makeServerTemplate({ dir: templateDir, postgresUrl: process.env.TEST_DATABASE_URL }));
  const lease = () => {
    let slot = servers.find((s) => !s.leased);
    if (!slot) {
      slot = { id: ++started, server: madeTemplate().then((dataFrom) => startServer({}, { dataFrom })), leased: false };
      servers.push(slot);
    }
    slot.leased = true;
    const leased = slot;
    // A server that failed to start is dropped, so the next lease tries a new one.
    return leased.server.then(
      (s) => ({ id: leased.id, baseUrl: s.baseUrl }),
      (error: unknown) => {
        servers.splice(servers.indexOf(leased), 1);
        throw error;
      },
    );
  };
  const release = (id: number) => {
    const slot = servers.find((s) => s.id === id);
    if (!slot) return Promise.reject(new Error(`no server ${id}`));
    slot.leased = false;
    return Promise.resolve({ released: id });
  };
  const control = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://control');
    const routes: Record<string, () => Promise<unknown>> = {
      '/browser': () => (browser ??= chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })).then((b) => ({ endpoint: b.wsEndpoint() })),
      '/server/lease': lease,
      '/server/template': madeTemplate,
      '/server/release': () => release(Number(url.searchParams.get('id'))),
    };
    const answer = routes[url.pathname]?.() ?? Promise.reject(new Error(`no ${url.pathname} here`));
    answer.then(
      (body) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  project.provide('e2eControl', `http://127.0.0.1:${(control.address() as AddressInfo).port}`);
  return async () => {
    control.close();
    await Promise.all([
      browser?.then((b) => b.close()).catch(() => undefined),
      ...servers.map((s) => s.server.then((server) => server.stop()).catch(() => undefined)),
    ]);
    await template?.then(removeServerTemplate).catch(() => undefined);
  };
}
