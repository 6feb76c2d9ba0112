import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { startServer, type RunningServer } from './server';
import './browser';

/**
 * One server per vitest worker, and one Chromium for the run (issue 33), started when the first
 * browser test asks for them (e2e/worker-server.setup.ts, launchBrowser) rather than here: the
 * browser tests run after the API tests, and servers started with the run would spend those
 * minutes running their jobs on the cores the API tests need.
 *
 * When files run side by side, each worker's files share its server one after another, as they
 * all shared one server before, so a file never meets another file's clicks half-way. Each file
 * opens its own browser contexts (cookies and storage of their own) in the shared Chromium.
 */
export default async function setup(project: TestProject) {
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  let browser: Promise<BrowserServer> | undefined;
  const servers = new Map<number, Promise<RunningServer>>();
  const serverOf = (worker: number) => {
    const slot = (Math.max(1, worker) - 1) % workers;
    if (!servers.has(slot)) servers.set(slot, startServer());
    return servers.get(slot)!;
  };
  const control = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://control');
    const answer =
      url.pathname === '/browser'
        ? (browser ??= chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })).then((b) => ({ endpoint: b.wsEndpoint() }))
        : url.pathname === '/server'
          ? serverOf(Number(url.searchParams.get('worker'))).then((s) => ({ baseUrl: s.baseUrl }))
          : Promise.reject(new Error(`no ${url.pathname} here`));
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
      ...[...servers.values()].map((s) => s.then((server) => server.stop()).catch(() => undefined)),
    ]);
  };
}
