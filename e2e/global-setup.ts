import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { startServer } from './server';
import './browser';

/**
 * One server per vitest worker, and one Chromium for the run (issue 33). When files run side by
 * side, each worker's files share its server one after another, as they all shared one server
 * before, so a file never meets another file's clicks half-way. Each file opens its own browser
 * contexts (cookies and storage of their own) in the shared Chromium.
 */
export default async function setup(project: TestProject) {
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const [browser, ...servers] = await Promise.all([
    chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS }),
    ...Array.from({ length: workers }, () => startServer()),
  ]);
  project.provide('baseUrls', servers.map((s) => s.baseUrl));
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await Promise.all(servers.map((s) => s.stop()));
  };
}
