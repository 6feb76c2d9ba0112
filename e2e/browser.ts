import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { pooledTab, sessionCookie } from './page-pool';
import type { ServerTemplate } from './server-data';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by global-setup.ts: where to ask for this worker's server and for the run's Chromium. */
    e2eControl: string;
  }
}

async function ask<T>(what: string): Promise<T> {
  const response = await fetch(`${inject('e2eControl')}${what}`);
  if (!response.ok) throw new Error(`the browser tests' ${what} did not start: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The run's Chromium (started once, by global-setup.ts, for the first file that asks). Closing
 * what this answers disconnects the file and closes its contexts; the browser goes on for the
 * other files.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.connect((await ask<{ endpoint: string }>('/browser')).endpoint);
}

let workerServer: { id: number; baseUrl: string } | undefined;

/** Leases a server for this file (started for the first file that finds none free); worker-server.setup.ts does, before each file. */
export async function startWorkerServer(): Promise<void> {
  workerServer ??= await ask<{ id: number; baseUrl: string }>('/server/lease');
}

/** Gives this file's server back for a later file; worker-server.setup.ts does, after each file. */
export async function releaseWorkerServer(): Promise<void> {
  if (!workerServer) return;
  const { id } = workerServer;
  workerServer = undefined;
  // Sessions are the file's own: a later file on this worker (modules outlive files here) may
  // find them ended by what a file in between did (a password change ends an account's sessions).
  sessions.clear();
  await ask(`/server/release?id=${id}`);
}

/** The run's first-start data (e2e/server-data.ts), for a file that starts a server of its own: `startServer(env, { dataFrom: await serverTemplate() })`. */
export function serverTemplate(): Promise<ServerTemplate> {
  return ask<ServerTemplate>('/server/template');
}

/** This file's server: no other file uses it while this one runs. */
export function baseUrl(): string {
  if (!workerServer) throw new Error('no server: e2e/worker-server.setup.ts leases one before each file');
  return workerServer.baseUrl;
}

const lateTexts: string[] = [];

/**
 * Collects the web app's warning that a text was shown before its locale bundle arrived (a
 * route that does not name a bundle it uses: apps/web/src/i18n/locale-bundles.ts). The e2e
 * setup fails the test that saw one.
 */
export function watchLateTexts(page: Page): void {
  page.on('console', (message) => {
    if (message.type() === 'warning' && message.text().startsWith('i18n:')) lateTexts.push(`${new URL(page.url()).pathname}: ${message.text()}`);
  });
}

/** The late texts seen since the last call. */
export function takeLateTexts(): string[] {
  return lateTexts.splice(0);
}

/** A script run before each document of a context (as text: a transpiled function may call helpers the page lacks). */
const HIDE_ALARM_TOASTS = `document.addEventListener('DOMContentLoaded', () => {
  const style = document.createElement('style');
  style.textContent = '.ant-notification:has([data-testid="alarm-toast"]), .ant-notification:has([data-testid="alarm-toast-summary"]) { display: none !important; }';
  document.head.appendChild(style);
}, { once: true });`;

/**
 * `alarmToasts: false` hides the live alarm toasts, for a test of another page: the shared
 * server's jobs raise alarms of their own at any moment (a station that reported in an earlier
 * file goes offline 15 minutes later, a forecast crosses its horizon), and a toast that lands on
 * the button a test clicks next fails it for no fault of the page.
 */
export interface PageOptions {
  locale?: string;
  userAgent?: string;
  width?: number;
  height?: number;
  alarmToasts?: boolean;
  /** The viewer's time zone (an IANA name); Chromium's own otherwise. */
  timezoneId?: string;
  /** `true` for the app's animations; by default the page asks for reduced motion (no antd animations to wait for or to draw). */
  motion?: boolean;
  /** A phone's touch screen (isMobile and hasTouch), with `userAgent` a phone's. */
  touch?: boolean;
  /** A server the file started itself (one with data of its own); the file's leased server otherwise. */
  server?: string;
  /**
   * `true` lets the app's service worker install. By default it is blocked: installing it caches
   * the shell and the manual's texts, and every asset then passes through it. Measured on a
   * 2-core machine, 15 loads of app pages in one context cost Chromium 14.0 s of CPU with it and
   * 5.5 s without; only the test of the installable app needs it.
   */
  serviceWorker?: boolean;
  /**
   * `true` for a browser context of its own, as a user's first visit has (nothing cached, a new
   * renderer); by default the page is a tab an earlier test of the file used with the same
   * options, made as new (e2e/page-pool.ts).
   */
  newContext?: boolean;
}

export async function newPage(browser: Browser, options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  return openPage(browser, options, {});
}

/**
 * A page with `storage` in localStorage and `session` as its cookie: a tab kept from an earlier
 * test of the file with the same context options (e2e/page-pool.ts), or with `newContext` a
 * context of its own, as a user's first visit has.
 */
async function openPage(browser: Browser, options: PageOptions, start: { storage?: Record<string, string>; session?: string }): Promise<{ context: BrowserContext; page: Page }> {
  const origin = options.server ?? baseUrl();
  const viewport = { width: options.width ?? 1366, height: options.height ?? 800 };
  const contextOptions = {
    baseURL: origin,
    locale: options.locale ?? 'en-US',
    userAgent: options.userAgent,
    timezoneId: options.timezoneId,
    reducedMotion: options.motion ? ('no-preference' as const) : ('reduce' as const),
    serviceWorkers: options.serviceWorker ? ('allow' as const) : ('block' as const),
    ...(options.touch ? { isMobile: true, hasTouch: true } : {}),
  };
  const createContext = async () => {
    const context = await browser.newContext({ ...contextOptions, viewport });
    if (options.alarmToasts === false) await context.addInitScript({ content: HIDE_ALARM_TOASTS });
    return context;
  };
  // E2E_NEW_CONTEXTS=1: every page in a context of its own, as before the kept tabs (to measure what
  // they save; e2e/page-pool.test.ts then fails, as it should: it tests the kept tabs).
  if (options.newContext || process.env.E2E_NEW_CONTEXTS) {
    const context = await createContext();
    if (start.session) await context.addCookies([sessionCookie(origin, start.session)]);
    const storage = Object.entries(start.storage ?? {});
    // Once per context, before the app's first script: a test that logs out stays logged out.
    if (storage.length > 0)
      await context.addInitScript((entries) => {
        if (localStorage.getItem('e2e.started') !== null) return;
        localStorage.setItem('e2e.started', '1');
        for (const [key, value] of entries) localStorage.setItem(key, value);
      }, storage);
    const page = await context.newPage();
    watchLateTexts(page);
    return { context, page };
  }
  const key = JSON.stringify({ ...contextOptions, alarmToasts: options.alarmToasts !== false });
  return pooledTab(browser, { key, origin, createContext, onNewPage: watchLateTexts, viewport, storage: start.storage ?? {}, session: start.session });
}

/**
 * Goes to `path` by the app's own router, as a click on a menu link does, rather than loading
 * the whole app again: for a test that moves between pages it has already loaded the app for.
 * A load in a browser context costs the machine 1.5–2 s of CPU even with the scripts cached,
 * this about 0.1 s (bench/page-load-cost.ts); a test of what a fresh load does uses `goto`.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Signs in through the login form, as a user would. */
export async function logIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.locator('button[type=submit]').click();
}

/** A new page of the given size, its language stored before the app loads, signed in through the form. */
export async function signedInPage(browser: Browser, username: string, password: string, language: string, size: { width: number; height: number }): Promise<Page> {
  const { page } = await newPage(browser, size);
  await page.goto('/login');
  await page.evaluate((lang) => localStorage.setItem('language', lang), language);
  await page.reload();
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.locator('button[type=submit]').click();
  await page.waitForURL('**/home');
  return page;
}

/** The route names of the visible side-menu items. */
export async function menuItems(page: Page): Promise<string[]> {
  await page.locator('[data-testid="side-menu"] [data-menu]').first().waitFor();
  return page.locator('[data-testid="side-menu"] [data-menu]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu') ?? ''));
}

const sessions = new Map<string, Promise<string>>();

/**
 * A session of the account, signed in once per file through `POST /api/login/auth` and reused
 * by every later page of that account in the file (`fresh` signs in again: for a test that ends
 * its session — logs out, changes the password — so the file's other pages keep theirs).
 */
function sessionOf(origin: string, username: string, password: string, fresh: boolean): Promise<string> {
  const key = `${origin} ${username}`;
  const known = fresh ? undefined : sessions.get(key);
  if (known) return known;
  const session = (async () => {
    const login = await fetch(`${origin}/api/login/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
    const token = /ullage_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
    if (!token) throw new Error(`sign-in of ${username} failed: ${await login.text()}`);
    return token;
  })();
  if (!fresh) sessions.set(key, session);
  session.catch(() => sessions.delete(key));
  return session;
}

/**
 * A page signed in without the form: the account's session cookie (sessionOf) and the stored
 * flags the form would leave (hasLogin, currentName, language). For tests about what a
 * signed-in account sees rather than about signing in; it opens no page (go where the test looks).
 */
export async function apiSignedInPage(
  browser: Browser,
  username: string,
  password: string,
  language = 'en',
  options: PageOptions & { fresh?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const session = await sessionOf(options.server ?? baseUrl(), username, password, options.fresh ?? false);
  // The flags the sign-in form leaves.
  return openPage(browser, options, { session, storage: { hasLogin: 'true', currentName: username, language } });
}
