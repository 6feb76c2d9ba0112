import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiSignedInPage, launchBrowser } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';

/** Review item 14: the polish items, in English and Arabic. */
const texts = (language: string) => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `../apps/web/src/i18n/locales/${language}.json`), 'utf8')) as Record<string, string>;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function signedIn(language: 'en' | 'ar'): Promise<Page> {
  return (await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, language, { width: 1440, height: 900 })).page;
}

describe.each(['en', 'ar'] as const)('polish (%s)', (language) => {
  const t = texts(language);

  it('the date range’s arrow points from its first end to its second (left in Arabic); icons and number-field buttons are named in the page’s language', async () => {
    const page = await signedIn(language);
    try {
      await page.goto('/abnormal_can');
      const range = page.locator('[data-testid="daily-filter-days"] input');
      await range.waitFor({ timeout: 90_000 });
      expect(await range.inputValue()).toContain(language === 'ar' ? ' ← ' : ' → ');
      expect(await range.inputValue()).not.toContain(language === 'ar' ? '→' : '←');

      await page.goto('/station');
      await page.locator('[data-testid="station-table"] .ant-table-row').first().waitFor();
      await page.locator('[data-testid="station-create"]').click();
      await page.locator('[data-testid="station-tank-add"]').click();
      const up = page.locator('[data-testid="station-tanks"] .ant-input-number-action-up').first();
      await up.waitFor({ state: 'attached' });
      expect(await up.getAttribute('aria-label')).toBe(t['common.a11y.increase']);
      expect(await page.locator('[data-testid="station-tanks"] .ant-input-number-action-down').first().getAttribute('aria-label')).toBe(t['common.a11y.decrease']);
      // No icon speaks its English name ("down", "search", "edit").
      expect(await page.locator('.anticon[aria-label]').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))).toEqual([]);
      // The header's icon-only bell is named in the page's language.
      expect(await page.locator('.desktop-shell__header button, .desktop-shell__header [role=button]').evaluateAll((els) => els.filter((el) => !el.getAttribute('aria-label') && !(el.textContent ?? '').trim()).length)).toBe(0);
    } finally {
      await page.context().close();
    }
  }, 180_000);

  it('the monitor’s station switcher is a searchable antd select; the device parameter page sits on the card; /app leads a signed-in user back to the app', async () => {
    const page = await signedIn(language);
    try {
      const overview = await (await page.request.get('/api/monitor/overview')).json();
      const [first, second] = overview.data.stations as Array<{ id: number; code: string }>;
      await page.goto(`/single_monitor?stationId=${first!.id}`);
      const select = page.locator('[data-testid="station-select"]');
      await select.waitFor();
      expect(await select.evaluate((el) => el.tagName)).not.toBe('SELECT');
      expect(await select.evaluate((el) => el.classList.contains('ant-select'))).toBe(true);
      await select.click();
      await page.keyboard.type(second!.code);
      const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
      await expect.poll(() => options.count()).toBe(1);
      await options.first().click();
      await page.waitForURL(`**/single_monitor?stationId=${second!.id}`);

      await page.goto('/deviceParamManage');
      const card = page.locator('.device-params');
      await card.waitFor();
      expect(await card.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).borderRadius])).toEqual(['rgb(255, 255, 255)', '8px']);

      await page.goto('/app');
      const back = page.locator('[data-testid="app-back"]');
      await back.waitFor();
      expect((await back.innerText()).trim()).toBe(texts(language)['appDownload.backToHome']);
      await back.click();
      await page.waitForURL('**/home');
    } finally {
      await page.context().close();
    }
  }, 180_000);
});
