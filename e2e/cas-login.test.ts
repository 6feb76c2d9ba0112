import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, serverTemplate, watchLateTexts } from './browser';
import { startFakeCas, type FakeCas } from '../apps/server/src/test/fake-cas';
import { E2E_ADMIN_PASSWORD, freePort, startServer, type RunningServer } from './server';
import { picture } from './pictures';

/**
 * Single sign-on end to end: a server of its own with CAS pointed at the test CAS server on
 * loopback, and a browser going through the CAS login form and back.
 */
let browser: Browser;
let cas: FakeCas;
let server: RunningServer;

beforeAll(async () => {
  cas = await startFakeCas();
  const port = await freePort();
  server = await startServer({ PORT: String(port), CAS_URL: cas.url, CAS_SERVICE_URL: `http://127.0.0.1:${port}/api/cas/callback` }, { dataFrom: await serverTemplate() });
  browser = await launchBrowser();
  // An account linked to the CAS user li.wei, made as an administrator would.
  const login = await fetch(`${server.baseUrl}/api/login/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: E2E_ADMIN_PASSWORD }) });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const companies = (await (await fetch(`${server.baseUrl}/api/company/list?pageSize=50`, { headers: { cookie } })).json()) as { data: { list: { id: number; code: string }[] } };
  const companyId = companies.data.list.find((c) => c.code === 'NWP')!.id;
  const created = await fetch(`${server.baseUrl}/api/account`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'li.wei.sso', nickname: 'Li Wei', password: 'Sso#2026pass', accountType: 2, unitId: companyId, casUser: 'li.wei' }),
  });
  expect(((await created.json()) as { code: number }).code).toBe(1000);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await cas?.close();
});

async function open(language?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.baseUrl, locale: 'en-US', viewport: { width: 1366, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  watchLateTexts(page);
  if (language) {
    await page.goto('/login');
    await page.evaluate((lang) => localStorage.setItem('language', lang), language);
  }
  return { context, page };
}

async function casSignIn(page: Page, casUser: string) {
  await page.goto('/login');
  await page.locator('[data-testid="cas-sign-in"]').click();
  await page.locator('#cas-username').fill(casUser);
  await page.locator('#cas-submit').click();
}

describe('sign-in through CAS', () => {
  it('a linked account signs in through the CAS login, lands on /home, and signing out ends the CAS session too', async () => {
    const { context, page } = await open();
    try {
      await casSignIn(page, 'li.wei');
      await page.waitForURL('**/home');
      await expect(page.locator('[data-testid="user-menu"]').textContent()).resolves.toContain('Li Wei');
      await page.locator('[data-testid="user-menu"]').click();
      await page.locator('[data-testid="logout"]').click();
      // Through the CAS logout and back to the sign-in page.
      await expect.poll(() => cas.logouts).toEqual([`${server.baseUrl}/login`]);
      await page.waitForURL('**/login', { waitUntil: 'load' });
      await page.locator('#username').waitFor();
      await page.goto('/home');
      await page.waitForURL('**/login');
    } finally {
      await context.close();
    }
  });

  it('/caslogin goes straight on to the CAS login', async () => {
    const { context, page } = await open();
    try {
      await page.goto('/caslogin');
      await page.locator('#cas-username').waitFor();
      expect(page.url()).toContain(`${cas.url}/login?service=`);
    } finally {
      await context.close();
    }
  });

  it('an unlinked CAS user ends on the login page with the message, in English and in Arabic', async () => {
    const { context, page } = await open();
    try {
      await casSignIn(page, 'stranger');
      await page.waitForURL('**/login?casError=unknownUser');
      await expect(page.locator('[data-testid="cas-error"]').textContent()).resolves.toBe(
        'Your single sign-on account is not linked to an Ullage account. Ask your administrator to link it.',
      );
    } finally {
      await context.close();
    }
    const arabic = await open('ar');
    try {
      await casSignIn(arabic.page, 'stranger');
      await arabic.page.waitForURL('**/login?casError=unknownUser');
      await expect(arabic.page.locator('[data-testid="cas-error"]').textContent()).resolves.toContain('غير مرتبط');
      expect(await arabic.page.locator('html').getAttribute('dir')).toBe('rtl');
      await picture(arabic.page, '/tmp/cas-refused-ar.png');
    } finally {
      await arabic.context.close();
    }
  });
});
