/**
 * What a page costs the machine while it only sits open: a control room keeps home, a station's
 * monitor or the big screen up all day, on a PC that does other work (or on a laptop's battery).
 * Each route opens in a context of its own with motion allowed (a visitor's default; the browser
 * tests ask for reduced motion), is left 6 s after its load event to settle, then watched for
 * `--seconds`: the renderer's main thread (CDP Performance.getMetrics: TaskDuration, of it script,
 * style, layout) and every Chromium process's CPU from /proc (the compositor's and raster's work is
 * there, not on the main thread). The server's live stream stays open meanwhile; with the
 * simulator off nothing changes on screen, so what is left is the page's own animations and timers.
 * Run: npm run build && node --import tsx bench/idle-page-cost.ts [--seconds 10] [--routes /home,/single_monitor,/screenfull] [--simulator] [--alarms 3] [--animations]
 * (`--animations` lists the animations running on each page; `WEB_DIST=<dir>` measures another build.)
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium';
import { E2E_ADMIN_PASSWORD, startServer } from '../e2e/server';
import { chromiumCpuMs } from './chromium-cpu';
import { api, signIn } from './setup';

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
};
const SECONDS = Number(arg('--seconds') ?? 10);
const ROUTES = (arg('--routes') ?? '/home,/single_monitor,/screenfull').split(',');

// `--simulator`: the demo's simulated stations on (readings arriving, the page updating), as `npm start` runs.
const server = await startServer({ SIMULATOR: process.argv.includes('--simulator') ? 'on' : 'off' });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const session = /ullage_session=([^;]+)/.exec(await signIn(server.baseUrl, 'admin', E2E_ADMIN_PASSWORD))?.[1];
  if (!session) throw new Error('sign-in answered no session cookie');
  // `--alarms N`: N stations in alarm (a device reports one each), so the map pulses where they are.
  const alarms = Number(arg('--alarms') ?? 0);
  if (alarms > 0) {
    const cookie = `ullage_session=${session}`;
    const stations = ((await api(server, cookie, 'GET', '/api/station/list?pageSize=100')).list as { id: number; code: string }[]).slice(0, alarms);
    for (const station of stations) {
      // Taken over as an administrator would (Settings → Stations → new key): the seed's keys are shown to no one.
      const rotated = (await (await fetch(`${server.baseUrl}/api/station/${station.id}/device-key`, { method: 'POST', headers: { cookie } })).json()) as { data: { deviceKey: string } };
      const { deviceKey } = rotated.data;
      const response = await fetch(`${server.baseUrl}/api/device/v1/stations/${station.code}/report`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${deviceKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ alarms: [{ ts: new Date(Date.now() - 1000).toISOString(), kind: 'level', tank: '1', code: 2 }] }),
      });
      if (!response.ok) throw new Error(`${station.code}: the alarm was answered ${response.status}`);
    }
  }
  console.log(`each route open and idle for ${SECONDS} s (after 6 s to settle), motion allowed, 1366×800`);
  console.log('route | main thread busy ms a second (script, style, layout) | Chromium CPU ms a second');
  for (const route of ROUTES) {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1366, height: 800 }, reducedMotion: 'no-preference', serviceWorkers: 'block' });
    await context.addCookies([{ name: 'ullage_session', value: session, url: server.baseUrl }]);
    // As a signed-in browser holds them (page-load-cost.ts does the same): without them the app goes to sign-in.
    await context.addInitScript(() => {
      localStorage.setItem('hasLogin', 'true');
      localStorage.setItem('currentName', 'admin');
      localStorage.setItem('language', 'en');
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(route);
    await page.waitForLoadState('load');
    await page.waitForTimeout(6_000);
    if (!page.url().endsWith(route)) throw new Error(`${route} went to ${page.url()}`);
    if (process.argv.includes('--animations')) console.log(route, await page.evaluate(() => document.getAnimations().map((a) => (a as CSSAnimation).animationName + ' ' + a.playState).join(', ')));
    const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value])) as Record<string, number>;
    const before = await metrics();
    const cpuBefore = chromiumCpuMs();
    await page.waitForTimeout(SECONDS * 1000);
    const after = await metrics();
    const cpuAfter = chromiumCpuMs();
    const perSecond = (key: string) => (((after[key] ?? 0) - (before[key] ?? 0)) * 1000) / SECONDS;
    console.log(
      `${route} | ${perSecond('TaskDuration').toFixed(0)} (${perSecond('ScriptDuration').toFixed(0)}, ${perSecond('RecalcStyleDuration').toFixed(0)}, ${perSecond('LayoutDuration').toFixed(0)}) | ` +
        `${((cpuAfter - cpuBefore) / SECONDS).toFixed(0)}`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
