/**
 * Web budgets of DESIGN.md §8, measured in Debian Chromium against the built app:
 *   - login route ≤ 150 KB of JavaScript, gzip;
 *   - no route ≥ 400 KB gzip (all JS a visitor has loaded by the time the route is shown);
 *   - home interactive < 1.5 s on localhost (navigation start → side menu clickable).
 * Run: npm run build && node --import tsx bench/web-budgets.ts
 */
import zlib from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/browser';
import { E2E_ADMIN_PASSWORD, startServer } from '../e2e/server';

const server = await startServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function collectScripts(page: Page) {
  const seen = new Map<string, number>();
  page.on('response', async (response) => {
    const url = response.url();
    if (!url.endsWith('.js') || seen.has(url)) return;
    try {
      seen.set(url, zlib.gzipSync(await response.body(), { level: 9 }).length);
    } catch {
      // a response without a body (redirect) carries no script
    }
  });
  return seen;
}
const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

try {
  // Login route, cold.
  const loginContext = await browser.newContext();
  const loginPage = await loginContext.newPage();
  const loginScripts = collectScripts(loginPage);
  await loginPage.goto(`${server.baseUrl}/login`, { waitUntil: 'networkidle' });
  console.log(`login route JS (gzip): ${kb(total(loginScripts))}  [budget 150 KB]`);
  for (const [url, size] of loginScripts) console.log(`  ${kb(size).padStart(9)}  ${new URL(url).pathname}`);

  // Sign in, then time home from a cold navigation to an interactive menu.
  await loginPage.locator('#username').fill('admin');
  await loginPage.locator('#password').fill(E2E_ADMIN_PASSWORD);
  await loginPage.locator('button[type=submit]').click();
  await loginPage.waitForURL('**/home');
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const page = await loginContext.newPage();
    const start = Date.now();
    await page.goto(`${server.baseUrl}/home`);
    await page.locator('[data-testid="side-menu"] [data-menu="home"]').waitFor({ state: 'visible' });
    times.push(Date.now() - start);
    await page.close();
  }
  times.sort((a, b) => a - b);
  console.log(`home interactive: median ${times[2]} ms, worst ${times[4]} ms over 5 cold loads  [budget 1500 ms]`);

  // Every desktop route: JS loaded by a fresh signed-in page that opens it directly.
  const routes = await loginPage.locator('[data-testid="side-menu"] [data-menu]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu')!));
  const sizes: { route: string; size: number }[] = [];
  for (const route of ['home', ...routes.filter((r) => r !== 'home')]) {
    const page = await loginContext.newPage();
    const scripts = collectScripts(page);
    await page.goto(`${server.baseUrl}/${route}`, { waitUntil: 'networkidle' });
    sizes.push({ route, size: total(scripts) });
    await page.close();
  }
  sizes.sort((a, b) => b.size - a.size);
  const worst = sizes[0]!;
  console.log(`largest route: /${worst.route} loads ${kb(worst.size)} of JS (gzip)  [budget < 400 KB]`);
  // Every route, largest first, so a change shows where it moved the figures.
  for (const { route, size } of sizes) console.log(`  ${kb(size).padStart(9)}  /${route}${size >= 400 * 1024 ? '  over budget' : ''}`);
  await loginContext.close();
} finally {
  await browser.close();
  await server.stop();
}
