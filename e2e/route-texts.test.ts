import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiSignedInPage, launchBrowser, menuItems, newPage, openInApp } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';

/**
 * Each route is sent only its own locale bundles (apps/web/src/i18n/locale-bundles.ts). Every
 * route, desktop and phone, is opened here and must show no key in place of a text; the e2e
 * setup also fails a test in which a text was shown before its bundle had arrived.
 */
const EN = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../apps/web/src/i18n/locales/en.json'), 'utf8')) as Record<string, string>;
const PREFIXES = [...new Set(Object.keys(EN).map((key) => key.split('.')[0]))];
const RAW_KEY = new RegExp(`\\b(?:${PREFIXES.join('|')})\\.[A-Za-z]\\w*\\.[\\w.]+`, 'g');
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const PHONE_ROUTES = [
  'realAlarm',
  'alarmHistory',
  'setting',
  'invertory',
  'deliveryHistory',
  'abnormal_can_phone',
  'Monthly_phone',
  'alarm_record_phone',
  'offline_record_phone',
  'leak_test_phone',
  'history_can_save_phone',
  'delivery_phone',
  'open_close_report_phone',
  'alarm_report_phone',
  'leak_report_phone',
];

/**
 * Each test opens dozens of pages (about 40 desktop, 15 phone), each waited for until the network
 * is quiet: over the default 60 s on a machine busy with a second test run (failed so at load 16–19).
 */
const LOADS_TIMEOUT_MS = 240_000;
/** How long no request may be open for a page to count as shown (as playwright's `networkidle`). */
const QUIET_MS = 500;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * Resolves once no request of the page has been open for QUIET_MS: `networkidle` for a move by
 * the app's router, which loads no document. A live stream (EventSource) never ends and is not
 * counted.
 */
function watchRequests(page: Page): () => Promise<void> {
  const open = new Set<unknown>();
  let lastChange = Date.now();
  const settle = (request: unknown) => {
    if (open.delete(request)) lastChange = Date.now();
  };
  page.on('request', (request) => {
    if (request.resourceType() === 'eventsource') return;
    open.add(request);
    lastChange = Date.now();
  });
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  return async () => {
    const began = Date.now();
    // A move's first requests start in the page's next tasks: give them a moment to show.
    await new Promise((resolve) => setTimeout(resolve, 100));
    while (open.size > 0 || Date.now() - lastChange < QUIET_MS) {
      if (Date.now() - began > 30_000) throw new Error(`${page.url()}: requests still open after 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
}

/** The keys the page shows as text (and in titles and placeholders) instead of a translation. */
async function rawKeysShown(page: Page, route: string): Promise<string[]> {
  const text = await page.evaluate(() => {
    // Pages the app keeps alive stay in the document, hidden: only what is shown counts.
    const attributes = Array.from(document.querySelectorAll('[placeholder], [title], [aria-label]'))
      .filter((el) => el.checkVisibility())
      .map((el) => ['placeholder', 'title', 'aria-label'].map((name) => el.getAttribute(name) ?? '').join(' '));
    return `${document.title}\n${document.body.innerText}\n${attributes.join('\n')}`;
  });
  return [...text.matchAll(RAW_KEY)].map((match) => `/${route}: ${match[0]}`);
}

/** The page loaded whole at `/route`: what a link from outside or a reload shows. */
async function rawKeysOnLoad(page: Page, route: string): Promise<string[]> {
  await page.goto(`/${route}`, { waitUntil: 'networkidle' });
  return rawKeysShown(page, route);
}

/**
 * Every route after the first by the app's own router, as the menu moves: a whole load each cost
 * the machine about ten times the CPU (bench/page-load-cost.ts). That a route names every locale
 * bundle its page uses, which only a whole load would show here (a bundle an earlier page
 * fetched stays), apps/web/src/app/route-texts.test.ts reads from the sources for every route.
 */
async function rawKeysOnRoutes(page: Page, routes: readonly string[]): Promise<string[]> {
  const quiet = watchRequests(page);
  const raw: string[] = [];
  for (const route of routes) {
    await openInApp(page, `/${route}`);
    await quiet();
    raw.push(...(await rawKeysShown(page, route)));
  }
  return raw;
}

describe('every route has its texts', () => {
  it('the key pattern finds a key left in a page', () => {
    expect('Shown: settingsMore.field.name here'.match(RAW_KEY)).toEqual(['settingsMore.field.name']);
    expect('2026.11.23 and e.g. names'.match(RAW_KEY)).toBeNull();
  });

  it('each desktop route and the pages without sign-in, in English', async () => {
    const signedOut = await newPage(browser);
    const signedIn = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD);
    try {
      const raw: string[] = [];
      for (const route of ['login', 'app', '404']) raw.push(...(await rawKeysOnLoad(signedOut.page, route)));
      const { page } = signedIn;
      raw.push(...(await rawKeysOnLoad(page, 'home')));
      const routes = await menuItems(page);
      expect(routes.length).toBeGreaterThan(20);
      raw.push(...(await rawKeysOnRoutes(page, routes)));
      expect(raw).toEqual([]);
    } finally {
      await signedOut.context.close();
      await signedIn.context.close();
    }
  }, LOADS_TIMEOUT_MS);

  it('each phone route, in English', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, 'en', { userAgent: PHONE, width: 390, height: 844 });
    try {
      const raw: string[] = [];
      raw.push(...(await rawKeysOnLoad(page, PHONE_ROUTES[0]!)), ...(await rawKeysOnRoutes(page, PHONE_ROUTES.slice(1))));
      expect(raw).toEqual([]);
    } finally {
      await context.close();
    }
  }, LOADS_TIMEOUT_MS);
});
