/**
 * Web budgets of DESIGN.md §8, measured in Debian Chromium against the built app, served as
 * `npm start` serves it (precompressed, issue 20 #24), every page cold (a browser context of its
 * own: nothing cached):
 *   - login route ≤ 150 KB of JavaScript, gzip;
 *   - no route ≥ 400 KB gzip (all JS a visitor has loaded by the time the route is shown);
 *   - home interactive < 1.5 s on localhost (navigation start → station table shown).
 * Sizes are each script's gzip (level 9) size, the budgets' unit; the bytes on the wire (brotli
 * where the browser takes it) and the Content-Encoding the server sent are printed beside them.
 * Run: npm run build && node --import tsx bench/web-budgets.ts [--simulator] [--home-only] [--loads 5] [--routes delivery,reconciliation]
 * (`--home-only`: the login route and home's time to interactive, not every route's size;
 * `WEB_DIST=<dir>` measures another build, e.g. an older one beside this one.)
 */
import zlib from 'node:zlib';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/chromium';
import { E2E_ADMIN_PASSWORD, startServer } from '../e2e/server';

// `--simulator`: the simulated fleet on, as `npm start` runs, so the history route has readings to chart
// (it replays its last hour at start, which a busy machine's embedded database takes minutes over).
const server = await startServer({ SIMULATOR: process.argv.includes('--simulator') ? 'on' : 'off' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

interface Script {
  gzip: number;
  wire: number;
  encoding: string;
}

/** Every script a page loads; `settled()` waits for the sizes still being read. */
function collectScripts(page: Page) {
  const seen = new Map<string, Script>();
  const reading: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (!url.endsWith('.js') || seen.has(url)) return;
    seen.set(url, { gzip: 0, wire: 0, encoding: '?' });
    reading.push(
      (async () => {
        const body = await response.body().catch(() => undefined);
        // a response without a body (redirect) carries no script
        if (!body) return void seen.delete(url);
        const headers = await response.allHeaders();
        const wire = await response
          .request()
          .sizes()
          .then((s) => s.responseBodySize)
          .catch(() => Number(headers['content-length'] ?? body.length));
        seen.set(url, { gzip: zlib.gzipSync(body, { level: 9 }).length, wire, encoding: headers['content-encoding'] ?? 'none' });
      })(),
    );
  });
  const settled = async () => {
    // A script may arrive while others are read: wait until none is left.
    while (reading.length > 0) await Promise.all(reading.splice(0));
  };
  return Object.assign(seen, { settled });
}
const total = (m: Map<string, Script>, key: 'gzip' | 'wire' = 'gzip') => [...m.values()].reduce((a, b) => a + b[key], 0);
const encodings = (m: Map<string, Script>) => [...new Set([...m.values()].map((s) => s.encoding))].join(', ');

try {
  // Login route, cold.
  const loginContext = await browser.newContext();
  const loginPage = await loginContext.newPage();
  const loginScripts = collectScripts(loginPage);
  await loginPage.goto(`${server.baseUrl}/login`, { waitUntil: 'networkidle' });
  await loginScripts.settled();
  console.log(`login route JS (gzip): ${kb(total(loginScripts))}  [budget 150 KB]; on the wire ${kb(total(loginScripts, 'wire'))} (${encodings(loginScripts)})`);
  for (const [url, size] of loginScripts) console.log(`  ${kb(size.gzip).padStart(9)}  ${kb(size.wire).padStart(9)} ${size.encoding.padEnd(4)}  ${new URL(url).pathname}`);

  // Sign in; every later page opens in a new context holding only the session cookie, so
  // nothing is cached: each load is cold.
  await loginPage.locator('#username').fill('admin');
  await loginPage.locator('#password').fill(E2E_ADMIN_PASSWORD);
  await loginPage.locator('button[type=submit]').click();
  await loginPage.waitForURL('**/home');
  const session = await loginContext.storageState();
  // Each menu entry's name and path (a route's path need not be its name: /access_tokens), read
  // now: the page then leaves home, whose animations would take CPU from every load measured.
  await loginPage.locator('[data-testid="side-menu"] [data-menu="home"]').waitFor();
  const menu = await loginPage.locator('[data-testid="side-menu"] [data-menu]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-menu')!, e.getAttribute('data-path') ?? `/${e.getAttribute('data-menu')}`] as const));
  await loginPage.goto('about:blank');
  const coldPage = async (): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await browser.newContext({ storageState: session });
    return { context, page: await context.newPage() };
  };
  const times: number[] = [];
  const loadsArg = process.argv.indexOf('--loads');
  const loads = loadsArg > 0 ? Number(process.argv[loadsArg + 1]) : 5;
  for (let i = 0; i < loads; i++) {
    const { context, page } = await coldPage();
    const start = Date.now();
    await page.goto(`${server.baseUrl}/home`, { timeout: 120_000 });
    // Interactive: the side menu and the station table both shown.
    await page.locator('[data-testid="side-menu"] [data-menu="home"]').waitFor({ state: 'visible', timeout: 120_000 });
    await page.locator('[data-testid="station-table"] tbody tr').first().waitFor({ state: 'visible', timeout: 120_000 });
    times.push(Date.now() - start);
    await context.close();
  }
  times.sort((a, b) => a - b);
  console.log(`home interactive (station table shown): median ${times[Math.floor(loads / 2)]} ms, worst ${times.at(-1)} ms over ${loads} cold loads  [budget 1500 ms]`);
  if (!process.argv.includes('--home-only')) {
    // Every desktop route: JS loaded by a fresh signed-in page that opens it directly, plus the
    // history route with its trend chart drawn (the chart's chunk loads when a query is run).
    const pathOf = new Map<string, string>([['home', '/home'], ...menu]);
    const routes = menu.map(([name]) => name);
    const sizes: { route: string; size: number; wire: number; scripts: Map<string, Script> }[] = [];
    // `--routes a,b`: only these (e.g. the ones over budget, while working on them).
    const only = process.argv.includes('--routes') ? new Set(process.argv[process.argv.indexOf('--routes') + 1]!.split(',')) : null;
    for (const route of ['home', ...routes.filter((r) => r !== 'home')].filter((r) => !only || only.has(r))) {
      const { context, page } = await coldPage();
      const scripts = collectScripts(page);
      await page.goto(`${server.baseUrl}${pathOf.get(route) ?? `/${route}`}`, { waitUntil: 'networkidle', timeout: 120_000 });
      await scripts.settled();
      sizes.push({ route, size: total(scripts), wire: total(scripts, 'wire'), scripts });
      if (route === 'history_can_save') {
        // Query the first tank on offer so the trend chart (its own chunk) is drawn too.
        try {
          for (const select of ['history-station', 'history-tank']) {
            await page.locator(`[data-testid="${select}"]:not(.ant-select-loading)`).click({ timeout: 60_000 });
            await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click({ timeout: 60_000 });
            // The next select's options are not to be confused with this one's, still fading out.
            await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
          }
          await page.locator('[data-testid="history-submit"]').click();
          await page.locator('[data-testid="history-chart"][data-rendered="true"]').waitFor({ timeout: 60_000 });
          await page.waitForLoadState('networkidle');
          await scripts.settled();
          sizes.push({ route: 'history_can_save + chart', size: total(scripts), wire: total(scripts, 'wire'), scripts });
        } catch (error) {
          console.log(`  (history: no chart drawn, ${(error as Error).message.split('\n')[0]}; its size is without the chart)`);
        }
      }
      console.log(`  measured /${sizes.at(-1)!.route}: ${kb(sizes.at(-1)!.size)}`);
      await context.close();
    }
    sizes.sort((a, b) => b.size - a.size);
    const worst = sizes[0]!;
    console.log(`largest route: /${worst.route} loads ${kb(worst.size)} of JS (gzip)  [budget < 400 KB]`);
    // Every route, largest first, so a change shows where it moved the figures.
    for (const { route, size, wire } of sizes) console.log(`  ${kb(size).padStart(9)}  ${kb(wire).padStart(9)} on the wire  /${route}${size >= 400 * 1024 ? '  over budget' : ''}`);
    // What a route over budget loads, largest first: where to cut.
    for (const { route, scripts } of sizes.filter((s) => s.size >= 400 * 1024)) {
      console.log(`\n/${route}: its scripts over 5 KB (gzip), largest first`);
      for (const [url, script] of [...scripts].sort((a, b) => b[1].gzip - a[1].gzip).filter(([, x]) => x.gzip > 5 * 1024)) console.log(`  ${kb(script.gzip).padStart(9)}  ${new URL(url).pathname}`);
    }
  }
  await loginContext.close();
} finally {
  await browser.close();
  await server.stop();
}
