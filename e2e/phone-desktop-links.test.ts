import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiSignedInPage, launchBrowser } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';

/**
 * Review item 8: a phone opening a desktop address (a shared link, a bookmark) gets the phone
 * counterpart of that page, or a phone page saying it needs a larger screen with a way back;
 * never the 1024-px desktop page cropped into 390 px.
 */
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const texts = (language: string) => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `../apps/web/src/i18n/locales/${language}.json`), 'utf8')) as Record<string, string>;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A phone signed in as the administrator, in the language; it opens no page. */
async function signedInPhone(language: 'en' | 'ar'): Promise<Page> {
  const { page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, language, { userAgent: PHONE, width: 390, height: 844, locale: language === 'ar' ? 'ar' : 'en-US' });
  return page;
}

/** Nothing wider than the phone's screen: no desktop page cropped. */
async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await page.locator('[data-testid="side-menu"]').count()).toBe(0);
}

describe.each(['en', 'ar'] as const)('a phone opening desktop addresses (%s)', (language) => {
  it('/home, /before_single_monitor and /single_monitor?stationId=… lead to the phone inventory and station; /company to the larger-screen page and back', async () => {
    const page = await signedInPhone(language);
    const t = texts(language);
    try {
      const overview = await (await page.request.get('/api/monitor/overview')).json();
      const id = overview.data.stations[0].id as number;

      await page.goto('/home');
      await page.waitForURL('**/invertory');
      await page.locator('[data-testid="mobile-inventory"]').waitFor();
      await fitsTheScreen(page);

      await page.goto('/before_single_monitor');
      await page.waitForURL('**/invertory');
      await page.locator('[data-testid="mobile-inventory"]').waitFor();

      await page.goto(`/single_monitor?stationId=${id}`);
      await page.waitForURL(`**/stationDetails?stationId=${id}`);
      await page.locator('[data-testid="station-header"]').waitFor();
      await fitsTheScreen(page);

      await page.goto(`/before_single_monitor?stationId=${id}`);
      await page.waitForURL(`**/stationDetails?stationId=${id}`);

      await page.goto('/company');
      await page.waitForURL('**/largerScreen?from=%2Fcompany');
      const panel = page.locator('[data-testid="mobile-larger-screen"]');
      await panel.getByText(t['mobile.largerScreen.title']!).waitFor();
      expect(await panel.innerText()).toContain(t['mobile.largerScreen.text']!.replace('{{page}}', t['route.title.company']!));
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      await fitsTheScreen(page);
      await panel.getByRole('button', { name: t['mobile.largerScreen.back'] }).click();
      await page.waitForURL('**/realAlarm');
    } finally {
      await page.context().close();
    }
  });
});
