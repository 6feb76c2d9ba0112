import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiSignedInPage, launchBrowser, logIn, menuItems, newPage } from './browser';
import { E2E_ADMIN_PASSWORD, E2E_DEMO_PASSWORD } from './server';
import { picture } from './pictures';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('sign-in and the desktop shell', () => {
  it('the admin logs in, lands on /home and sees every settings menu; logging out returns to /login', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'admin', E2E_ADMIN_PASSWORD);
    await page.waitForURL('**/home');
    const items = await menuItems(page);
    for (const route of ['home', 'abnormal_can', 'alarm_record', 'distributor', 'company', 'station', 'product', 'account', 'deviceParamManage']) {
      expect(items).toContain(route);
    }
    await page.locator('[data-testid="user-menu"]').click();
    await page.locator('[data-testid="logout"]').click();
    await page.waitForURL('**/login');
    // The session ended on the server too: the protected page sends us back.
    await page.goto('/home');
    await page.waitForURL('**/login');
    await context.close();
  });

  it('while the demo history loads, every page says how far it has got, in its language and right to left in Arabic; gone once it is in', async () => {
    // The replay itself (GET /api/demo/history while it runs) is the server's test (seed/demo-backfill.test.ts); here the page's part.
    const progress = { loading: true, percent: 40, doneDays: 14, totalDays: 35 };
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD);
    const arabic = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, 'ar');
    try {
      for (const p of [page, arabic.page]) await p.route('**/api/demo/history', (route) => route.fulfill({ json: { code: 1000, msg: 'success', data: progress } }));
      const banner = page.locator('[data-testid="demo-history-banner"]');
      for (const path of ['/home', '/abnormal_can']) {
        await page.goto(path);
        await expect.poll(() => banner.textContent()).toContain('14 of 35 days in (40 %)');
        expect(await banner.locator('[role="progressbar"]').getAttribute('aria-valuenow')).toBe('40');
      }
      await picture(page, '/tmp/demo-history-banner-en.png');
      await arabic.page.goto('/home');
      const arabicBanner = arabic.page.locator('[data-testid="demo-history-banner"]');
      await expect.poll(() => arabicBanner.textContent()).toContain('جارٍ تحميل سجل محطات العرض التجريبي');
      expect(await arabicBanner.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
      await picture(arabic.page, '/tmp/demo-history-banner-ar.png');
      // The sign-in page, before anyone signs in, says it too.
      const visitor = await newPage(browser);
      await visitor.page.route('**/api/demo/history', (route) => route.fulfill({ json: { code: 1000, msg: 'success', data: progress } }));
      await visitor.page.goto('/login');
      await expect.poll(() => visitor.page.locator('[data-testid="demo-history-banner"]').count()).toBe(1);
      await visitor.context.close();
      // Over: the banner goes (the next page asks once and stops asking).
      Object.assign(progress, { loading: false, percent: 100, doneDays: 35 });
      await page.reload();
      await page.locator('[data-testid="page-title"]').first().waitFor();
      expect(await banner.count()).toBe(0);
    } finally {
      await context.close();
      await arabic.context.close();
    }
  });

  it('a wrong password shows the localised login error and stays on /login', async () => {
    const { context, page } = await newPage(browser, { locale: 'es-ES' });
    await logIn(page, 'admin', 'Wrong#password1');
    await expect.poll(() => page.getByText('Usuario o contraseña incorrectos').count()).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('a browser in Spanish that never chose a language gets the server’s words in Spanish too', async () => {
    // The server words exports, refusals and shift names in the `language` header's language:
    // it must be the page's language, not only a stored choice (there is none here).
    const { context, page } = await newPage(browser, { locale: 'es-ES' });
    const sent: Array<string | undefined> = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!url.pathname.startsWith('/api/')) return;
      // An event stream cannot carry headers: the messages' stream names its language in the query,
      // the monitor's carries no words. Each opens once home is up, before these checks or after.
      if (request.resourceType() === 'eventsource') {
        if (url.searchParams.has('lang')) sent.push(url.searchParams.get('lang') ?? undefined);
        return;
      }
      sent.push(request.headers()['language']);
    });
    await logIn(page, 'demo-company', E2E_DEMO_PASSWORD);
    await page.waitForURL('**/home');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBeNull();
    expect(sent.length).toBeGreaterThan(2);
    expect(new Set(sent)).toEqual(new Set(['es']));
    // A menu text too long for the menu's width is cut short; hovering shows it whole.
    expect(await page.locator('[data-menu="abnormal_can"] [title]').getAttribute('title')).toBe('Inventario diario de tanques');
    await context.close();
  });

  it('a station account sees fewer menus: no company, account or product', async () => {
    const { context, page } = await apiSignedInPage(browser, 'demo-station', E2E_DEMO_PASSWORD);
    await page.goto('/home');
    const items = await menuItems(page);
    expect(items).toContain('home');
    expect(items).toContain('station');
    for (const hidden of ['company', 'account', 'product', 'distributor', 'tag']) expect(items).not.toContain(hidden);
    await context.close();
  });

  it('a page outside the account’s menus does not exist for it, even typed in: the 404 page', async () => {
    const { context, page } = await apiSignedInPage(browser, 'demo-station', E2E_DEMO_PASSWORD);
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() === 403) refused.push(response.url());
    });
    await page.goto('/home');
    for (const path of ['/tag', '/product', '/distributor', '/audit']) {
      await page.goto(path);
      await page.waitForURL('**/404');
      await page.locator('[data-testid="page-title"]').waitFor();
    }
    // It never got as far as asking for the data.
    expect(refused).toEqual([]);
    // A page in its menu still opens.
    await page.goto('/station');
    await page.locator('[data-testid="side-menu"]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/station');
    await context.close();
  });

  it('switching to Arabic stores the choice, reloads and lays the page out right to left', async () => {
    const { context, page } = await apiSignedInPage(browser, 'demo-company', E2E_DEMO_PASSWORD);
    await page.goto('/home');
    await page.locator('[data-testid="language-picker"]').click();
    await page.locator('[data-lang="ar"]').click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ar');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    // The side menu is mirrored to the right-hand side.
    const menu = await page.locator('[data-testid="side-menu"]').boundingBox();
    expect(menu!.x).toBeGreaterThan(1366 / 2);
    await context.close();
  });
});

describe('redirect rules (spec §2)', () => {
  it('signed out: a desktop route goes to /login, a mobile route to /loginMobile, / to /login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/abnormal_can');
    await page.waitForURL('**/login');
    await page.goto('/realAlarm');
    await page.waitForURL('**/loginMobile');
    await page.goto('/');
    await page.waitForURL('**/login');
    await context.close();
  });

  it('signed in: /login goes to /home, /loginMobile to /realAlarm, / to /home', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'demo-distributor', E2E_DEMO_PASSWORD);
    await page.waitForURL('**/home');
    await page.goto('/login');
    await page.waitForURL('**/home');
    await page.goto('/loginMobile');
    await page.waitForURL('**/realAlarm');
    await page.goto('/');
    await page.waitForURL('**/home');
    await context.close();
  });

  it('the no-sign-in pages open signed out: /app, /404', async () => {
    const { context, page } = await newPage(browser);
    for (const path of ['/app', '/404']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname).toBe(path);
    }
    await context.close();
  });
});
