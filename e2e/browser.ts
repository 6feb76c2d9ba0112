import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by global-setup.ts: where the server under test listens. */
    baseUrl: string;
  }
}

/** Debian's Chromium with the flags this network needs (no background fetches). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export function baseUrl(): string {
  return inject('baseUrl');
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
export async function newPage(browser: Browser, options: { locale?: string; userAgent?: string; width?: number; height?: number; alarmToasts?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: options.locale ?? 'en-US',
    userAgent: options.userAgent,
    viewport: { width: options.width ?? 1366, height: options.height ?? 800 },
  });
  if (options.alarmToasts === false) await context.addInitScript({ content: HIDE_ALARM_TOASTS });
  const page = await context.newPage();
  watchLateTexts(page);
  return { context, page };
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

/**
 * A page signed in without the form: the session cookie from `POST /api/login/auth` and the
 * stored flags the form would leave (hasLogin, currentName, language). For tests about what a
 * signed-in account sees rather than about signing in.
 */
export async function apiSignedInPage(browser: Browser, username: string, password: string, language = 'en', size: { width: number; height: number } = { width: 1366, height: 800 }): Promise<{ context: BrowserContext; page: Page }> {
  const login = await fetch(`${baseUrl()}/api/login/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const session = /ullage_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  if (!session) throw new Error(`sign-in of ${username} failed: ${await login.text()}`);
  const { context, page } = await newPage(browser, size);
  await context.addCookies([{ name: 'ullage_session', value: session, url: baseUrl(), httpOnly: true, sameSite: 'Lax' }]);
  await context.addInitScript(
    ({ name, lang }) => {
      // Once per context: a test that logs out stays logged out.
      if (localStorage.getItem('e2e.apiSignedIn') !== null) return;
      localStorage.setItem('e2e.apiSignedIn', '1');
      localStorage.setItem('hasLogin', 'true');
      localStorage.setItem('currentName', name);
      localStorage.setItem('language', lang);
    },
    { name: username, lang: language },
  );
  return { context, page };
}
