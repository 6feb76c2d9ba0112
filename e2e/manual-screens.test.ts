import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LANGUAGES, type Language } from '@ullage/domain/languages';
import { MANUAL_SCREENS, SCREEN_SIZES, type ManualScreen, type ScreenLayout, type ScreenStep } from '../apps/web/src/features/manual/manual-screens';
import { launchBrowser, openInApp, serverTemplate } from './browser';
import { E2E_ADMIN_PASSWORD, startServer, type RunningServer } from './server';

/**
 * The manual's pictures (issue 24), taken from the real screens on the demo data in every
 * language and written to docs/manual/images/<language>/<name>.jpg on every run — so they
 * cannot go stale: a screen of apps/web/src/features/manual/manual-screens.ts that is gone,
 * or never shows its data, fails here.
 *
 * Its own server: the demo fleet live, after two days of history (the shared e2e server
 * runs no fleet, so its reports are empty).
 *
 * `npm test` takes Arabic only: right to left, the layout most apt to break, and enough to fail
 * on a screen that is gone or shows no data (a screen's data does not depend on its language).
 * English beside it doubled the file's time (310 s of a 32-minute run on a 2-core machine).
 * `npm run manual:pictures` (MANUAL_LANGUAGES=all) takes all four: run it before committing
 * pictures, as the README says.
 */
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IMAGES = path.resolve(import.meta.dirname, '..', 'docs', 'manual', 'images');
/** JPEG quality: text stays legible, a 1280×800 screen stays near 60–100 KB. */
const QUALITY = 60;
const READY_MS = 15_000;
const TAKEN: readonly Language[] = process.env.MANUAL_LANGUAGES === 'all' ? LANGUAGES : ['ar'];

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  // Live reports once a minute rather than every 10 s: the pictures show live data either way, and
  // each report re-draws the open pages (the machine's CPU the other browser files are short of).
  server = await startServer({ SIMULATOR: 'on', SIMULATOR_INTERVAL_MS: '60000', DEMO_BACKFILL_DAYS: '2', LOG_LEVEL: 'info' }, { dataFrom: await serverTemplate() });
  const started = Date.now();
  // The fleet sends its history first (apps/server/src/seed/demo-fleet.ts), then says so.
  while (!server.output().includes('now reporting live')) {
    if (Date.now() - started > 240_000) throw new Error(`the demo history did not finish:\n${server.output().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.log(`manual screens: demo history sent in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // The leak tests are figured by a job a minute apart, once the history's days are booked: the
  // leak-test picture waits for them rather than showing an empty table (or failing first).
  const login = await fetch(`${server.baseUrl}/api/login/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: E2E_ADMIN_PASSWORD }) });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const leakTests = async () => ((await (await fetch(`${server.baseUrl}/api/leak-test/list?pageSize=1`, { headers: { cookie } })).json()) as { data?: { total?: number } }).data?.total ?? 0;
  while ((await leakTests()) === 0) {
    if (Date.now() - started > 240_000) throw new Error('no leak test was figured from the demo history');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  console.log(`manual screens: leak tests figured after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openContext(language: Language, layout: ScreenLayout): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: SCREEN_SIZES[layout],
    deviceScaleFactor: 1,
    locale: 'en-US',
    // antd's motions (and the app's own) off: a screen is still once its data shows, with no wait for it to settle.
    reducedMotion: 'reduce',
    // No service worker: installing it caches the shell and the manual for every context, and a picture needs neither.
    serviceWorkers: 'block',
    ...(layout === 'phone' ? { userAgent: PHONE_UA } : {}),
  });
  // The language is the stored choice from the first load on; no pictures of a language switch.
  await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  const page = await context.newPage();
  return { context, page };
}

async function signIn(page: Page, layout: ScreenLayout) {
  const phone = layout === 'phone';
  await page.goto(phone ? '/loginMobile' : '/login');
  await page.locator('#username').fill('admin');
  await page.locator('#password').fill(E2E_ADMIN_PASSWORD);
  await page.locator('button[type=submit]').click();
  await page.waitForURL(phone ? '**/realAlarm' : '**/home');
}

/** In the app already: the router's own navigation (no reload of the whole app). */
async function open(page: Page, screen: ManualScreen) {
  const fresh = screen.steps?.length || !page.url().startsWith(server.baseUrl) || screen.signedOut;
  if (fresh) {
    await page.goto(screen.path);
    return;
  }
  await openInApp(page, screen.path);
}

async function step(page: Page, action: ScreenStep) {
  if ('click' in action) await page.locator(`${action.click} >> visible=true`).first().click();
  else if ('waitFor' in action) await page.locator(`${action.waitFor} >> visible=true`).first().waitFor({ timeout: READY_MS });
  else if ('choose' in action) {
    await page.locator(`[data-testid="${action.choose}"]`).click();
    await page.keyboard.type(action.text);
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: action.text }).first();
    await option.click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
  } else {
    await page.locator(`[data-testid="${action.chooseTree}"]`).click();
    // A click that lands while the tree's list still moves (a busy machine) chooses nothing and
    // leaves the list open: click the title again, up to three times.
    const title = page.locator('.ant-select-dropdown:visible .ant-select-tree-title', { hasText: action.text }).first();
    const open = page.locator('.ant-select-dropdown:visible');
    await title.click();
    for (let attempt = 1; attempt < 3; attempt++) {
      await open.first().waitFor({ state: 'hidden', timeout: 2_000 }).catch(() => undefined);
      if ((await open.count()) === 0) break;
      await title.click();
    }
  }
}

async function take(page: Page, language: Language, screen: ManualScreen): Promise<void> {
  await open(page, screen);
  try {
    for (const action of screen.steps ?? []) await step(page, action);
    // Kept-alive pages stay in the document, hidden: only what is on screen counts.
    await page.locator(`${screen.ready} >> visible=true`).first().waitFor({ timeout: READY_MS });
  } catch (error) {
    await page.screenshot({ path: `/tmp/manual-screen-failed-${language}-${screen.name}.png` });
    throw new Error(`${screen.name} (${language}, ${screen.path}): ${String(error)}`);
  }
  if (new URL(page.url()).pathname === '/404') throw new Error(`${screen.name}: ${screen.path} is gone (404)`);
  // No hover or focus ring in the picture; fonts in and nothing moving (reduced motion) before it is taken.
  await page.mouse.move(0, SCREEN_SIZES[screen.layout].height - 1);
  await page.evaluate(async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    await document.fonts.ready;
    // Finite ones only (a live dot pulses for ever), and a second at most.
    const finite = document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity);
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 1_000))]);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
  await page.screenshot({ path: path.join(IMAGES, language, `${screen.name}.jpg`), type: 'jpeg', quality: QUALITY });
  // Dialogs opened for a picture close before the next screen.
  const close = page.locator('.ant-modal-close >> visible=true');
  if (await close.count()) await close.first().click();
}

/** Every screen of a layout; answers the failures (all of them, not only the first). */
async function takeLayout(language: Language, layout: ScreenLayout): Promise<string[]> {
  const screens = MANUAL_SCREENS.filter((screen) => screen.layout === layout);
  const failures: string[] = [];
  const { context, page } = await openContext(language, layout);
  const attempt = async (screen: ManualScreen) => {
    try {
      await take(page, language, screen);
    } catch (error) {
      failures.push(error instanceof Error ? error.message.split('\n')[0]! : String(error));
    }
  };
  try {
    for (const screen of screens.filter((s) => s.signedOut)) await attempt(screen);
    await signIn(page, layout);
    for (const screen of screens.filter((s) => !s.signedOut)) await attempt(screen);
  } finally {
    await context.close();
  }
  return failures;
}

describe('the manual pictures (docs/manual/images)', () => {
  it.each(TAKEN)('takes every screen of the manual in %s', async (language) => {
    const dir = path.join(IMAGES, language);
    fs.mkdirSync(dir, { recursive: true });
    // Only the pictures of the manifest: a screen dropped from it leaves no stale file behind.
    const wanted = new Set(MANUAL_SCREENS.map((screen) => `${screen.name}.jpg`));
    for (const file of fs.readdirSync(dir)) if (!wanted.has(file)) fs.rmSync(path.join(dir, file));
    const started = Date.now();
    const failures = (await Promise.all([takeLayout(language, 'desktop'), takeLayout(language, 'phone')])).flat();
    console.log(`manual screens: ${language} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(failures).toEqual([]);
    for (const file of wanted) expect(fs.statSync(path.join(dir, file)).size, file).toBeGreaterThan(5_000);
  }, 300_000);
});
