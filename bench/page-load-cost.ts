/**
 * What one page of the app costs the machine, by how it is opened: the browser tests' time is
 * mostly Chromium loading the app, so this says which way of opening a page is cheap. For each
 * way, the same routes are opened `--rounds` times, signed in as the administrator, each waited
 * for until its title shows and the network is quiet:
 *   - a new browser context each time (what most browser tests do: nothing cached, a new renderer);
 *   - a new tab in one context (a new renderer, the context's HTTP cache warm);
 *   - `goto` in one tab (the same renderer: V8's and Blink's in-memory caches warm);
 *   - the router's own navigation in one tab (no reload of the app).
 * Printed per page: the whole machine's CPU (from /proc/stat: Chromium, the server and this
 * process alike), Chromium's own processes that outlived the step, the server's, and the wall
 * time; for a new context each, also the requests a cold page makes and Chromium's CPU by kind
 * of process, sampled every 50 ms (a renderer lives only as long as its context: most of it is
 * missed by a reading after the step). `--service-worker` lets the app's service worker install
 * (the browser tests block it).
 * `--profile /route` also writes the renderer's JavaScript profile of one cold load to
 * /tmp/page-load.cpuprofile (open it in Chromium's DevTools); with `--warm`, of a load in a tab
 * that has loaded the app before; `--profile-only` skips the ways.
 * `--chromium-args "--flag …"` adds flags to the browser tests' own (e2e/chromium.ts), to weigh one.
 * Run: npm run build && node --import tsx bench/page-load-cost.ts [--rounds 3] [--service-worker] [--chromium-args "…"] [--profile /alarm_report [--warm] [--profile-only]]
 */
import fs from 'node:fs';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium';
import { E2E_ADMIN_PASSWORD, startServer } from '../e2e/server';
import { processCpuMs } from './ingest-cpu';
import { chromiumCpuMs, chromiumProcesses } from './chromium-cpu';
import { signIn } from './setup';

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
};
const ROUNDS = Number(arg('--rounds') ?? 3);
const SERVICE_WORKER = process.argv.includes('--service-worker');
const PROFILE = arg('--profile');
const WARM = process.argv.includes('--warm');
/** Only the profile, not the ways of opening a page. */
const PROFILE_ONLY = process.argv.includes('--profile-only');
/** Chromium flags to try beside the browser tests' own (`--chromium-args "--a --b"`). */
const EXTRA_ARGS = (arg('--chromium-args') ?? '').split(' ').filter(Boolean);
const ROUTES = ['/alarm_report', '/leak_alarm', '/report_data', '/home', '/station'];
const TICKS = 100; // USER_HZ: /proc/stat's unit of CPU time

/** CPU seconds of a process from /proc (0 once it has gone). */
const processCpu = (pid: number): number => (processCpuMs(pid) ?? 0) / 1000;

/** Busy CPU seconds of the whole machine since boot (user, nice, system, irq, softirq). */
function machineCpu(): number {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  return (f[0]! + f[1]! + f[2]! + f[5]! + f[6]!) / TICKS;
}

/** CPU seconds of the Chromium processes alive now. */
const chromiumCpu = (): number => chromiumCpuMs() / 1000;

const server = await startServer();
const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, ...EXTRA_ARGS] });
const session = /ullage_session=([^;]+)/.exec(await signIn(server.baseUrl, 'admin', E2E_ADMIN_PASSWORD))?.[1];
if (!session) throw new Error('sign-in answered no session cookie');

async function signedInContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1366, height: 800 }, reducedMotion: 'reduce', serviceWorkers: SERVICE_WORKER ? 'allow' : 'block' });
  await context.addCookies([{ name: 'ullage_session', value: session!, url: server.baseUrl }]);
  await context.addInitScript(() => {
    localStorage.setItem('hasLogin', 'true');
    localStorage.setItem('currentName', 'admin');
    localStorage.setItem('language', 'en');
  });
  return context;
}

/** Shown: the route's own title (kept-alive pages stay in the document, hidden), then a quiet network. */
async function shown(page: Page, route: string) {
  await page.waitForURL(`**${route}`);
  await page.locator('[data-testid="page-title"] >> visible=true').first().waitFor();
  await page.waitForLoadState('networkidle');
}

/** Chromium's kind of process (renderer, browser, gpu-process, the network service…) from its command line. */
function chromiumKind(cmdline: string): string {
  const type = /--type=([a-z-]+)/.exec(cmdline)?.[1];
  if (!type) return 'browser';
  const service = /--utility-sub-type=[a-z]+\.mojom\.([A-Za-z]+)/.exec(cmdline)?.[1];
  return service ?? type;
}

/** Chromium's CPU by kind of process while `work` runs, read from /proc every 50 ms. */
async function byKind(work: () => Promise<void>): Promise<Map<string, number>> {
  const last = new Map<number, number>();
  const total = new Map<string, number>();
  const read = (count: boolean) => {
    for (const { pid, cmdline } of chromiumProcesses()) {
      const cpu = processCpu(pid);
      // The kind is read each time: a renderer forked from the zygote carries the zygote's command line at first.
      const kind = chromiumKind(cmdline);
      if (count) total.set(kind, (total.get(kind) ?? 0) + cpu - (last.get(pid) ?? 0));
      last.set(pid, cpu);
    }
  };
  read(false);
  const timer = setInterval(() => read(true), 50);
  try {
    await work();
  } finally {
    clearInterval(timer);
    read(true);
  }
  return total;
}

async function measure(name: string, pages: number, work: () => Promise<void>) {
  const before = { machine: machineCpu(), chromium: chromiumCpu(), server: processCpu(server.child.pid!), at: performance.now() };
  await work();
  const per = (n: number) => `${(n / pages).toFixed(2)} s`;
  console.log(
    `${name.padEnd(28)} machine ${per(machineCpu() - before.machine)}, Chromium (processes alive) ${per(chromiumCpu() - before.chromium)}, server ${per(processCpu(server.child.pid!) - before.server)}, wall ${per((performance.now() - before.at) / 1000)} a page`,
  );
}

const loads = ROUNDS * ROUTES.length;
const each = async (visit: (route: string) => Promise<void>) => {
  for (let round = 0; round < ROUNDS; round++) for (const route of ROUTES) await visit(route);
};
console.log(`${loads} page loads a way (${ROUTES.join(', ')}), service worker ${SERVICE_WORKER ? 'on' : 'blocked'}; machine load ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
// The first load warms the server's own caches and Chromium's start.
{
  const context = await signedInContext();
  const page = await context.newPage();
  await page.goto('/home');
  await shown(page, '/home');
  await context.close();
}
if (!PROFILE_ONLY) {
  const requests = new Map<string, number>();
  const kinds = await byKind(() =>
    measure('a new context each', loads, () =>
      each(async (route) => {
        const context = await signedInContext();
        const page = await context.newPage();
        page.on('requestfinished', (request) => requests.set(request.resourceType(), (requests.get(request.resourceType()) ?? 0) + 1));
        await page.goto(route);
        await shown(page, route);
        await context.close();
      }),
    ),
  );
  const perPage = (map: Map<string, number>, digits: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .map(([kind, n]) => `${kind} ${(n / loads).toFixed(digits)}`)
      .join(', ');
  console.log(`  requests a page: ${perPage(requests, 0)}`);
  console.log(`  Chromium's CPU a page by process (s): ${perPage(kinds, 2)}`);
}
if (!PROFILE_ONLY) {
  const context = await signedInContext();
  await measure('a new tab in one context', loads, () =>
    each(async (route) => {
      const page = await context.newPage();
      await page.goto(route);
      await shown(page, route);
      await page.close();
    }),
  );
  const page = await context.newPage();
  await measure('goto in one tab', loads, () =>
    each(async (route) => {
      await page.goto(route);
      await shown(page, route);
    }),
  );
  await measure("the router's navigation", loads, () =>
    each(async (route) => {
      await page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, route);
      await shown(page, route);
    }),
  );
  await context.close();
}
if (PROFILE) {
  const context = await signedInContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Performance.enable');
  if (WARM) {
    // The tab has loaded the app before: what a test's `goto` in a kept tab costs (e2e/page-pool.ts).
    await page.goto('/home');
    await shown(page, '/home');
  }
  await cdp.send('Profiler.start');
  await page.goto(PROFILE);
  await shown(page, PROFILE);
  const { profile } = await cdp.send('Profiler.stop');
  fs.writeFileSync('/tmp/page-load.cpuprofile', JSON.stringify(profile));
  const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  console.log(`${PROFILE}, ${WARM ? 'warm' : 'cold'}: the renderer's main thread busy ${metrics.TaskDuration?.toFixed(2)} s, of it script ${metrics.ScriptDuration?.toFixed(2)} s, style ${metrics.RecalcStyleDuration?.toFixed(2)} s, layout ${metrics.LayoutDuration?.toFixed(2)} s; profile in /tmp/page-load.cpuprofile`);
  await context.close();
}
await browser.close();
await server.stop();
