import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Language } from '@ullage/domain/languages';
import { apiSignedInPage, baseUrl, launchBrowser, newPage } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';

/**
 * The operation manual (issue 24): opened from the user menu and from a page's help link,
 * searched by alarm code, its pictures all there, readable signed out. In Chinese (the
 * search over CJK text) and Arabic (right to left): what the browser does is the same in every
 * language, and each language's chapters, sections and pictures are checked without one
 * (apps/web/src/features/manual/manual-parity.test.ts). English and Spanish here too cost the
 * suite a minute of two cores' time.
 */
const BROWSED = ['zh_CN', 'ar'] as const satisfies readonly Language[];
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const HTML_LANG: Record<Language, string> = { zh_CN: 'zh-CN', en: 'en', es: 'es', ar: 'ar' };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Whether the element's top is inside the viewport (below the manual's sticky header). */
function inView(page: Page, id: string): Promise<boolean> {
  return page.evaluate((target) => {
    const box = document.getElementById(target)?.getBoundingClientRect();
    return !!box && box.top >= 0 && box.top < window.innerHeight / 2;
  }, id);
}

/** Every picture of the page is loaded (lazy ones scrolled to first), and every address answers 200. */
async function checkPictures(page: Page) {
  const sources = await page.locator('.manual-content img').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
  expect(sources.length).toBeGreaterThan(20);
  for (const src of new Set(sources)) expect((await page.request.get(src)).status(), src).toBe(200);
  await page.evaluate(() => document.querySelectorAll<HTMLImageElement>('.manual-content img').forEach((img) => (img.loading = 'eager')));
  await expect
    .poll(() => page.locator('.manual-content img').evaluateAll((imgs) => imgs.filter((img) => !((img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).length), { timeout: 20_000 })
    .toBe(0);
  // The manual names no picture that has no file.
  expect(await page.locator('.manual-figure__missing').count()).toBe(0);
}

describe('the operation manual (/manual)', () => {
  it.each(BROWSED)('in %s: from the user menu, from a page help link, searched by alarm code, every picture loaded', async (language) => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, language, { width: 1280, height: 800 });
    try {
      await page.goto('/home');
      // The user menu opens the manual in a new tab, in the app's language.
      await page.locator('[data-testid="user-menu"]').click();
      const [manual] = await Promise.all([context.waitForEvent('page'), page.locator('[data-testid="operation-manual-open"]').click()]);
      await manual.waitForLoadState();
      await manual.locator('[data-testid="manual-page"] .manual-chapter').first().waitFor();
      expect(new URL(manual.url()).searchParams.get('lang')).toBe(language);
      expect(await manual.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([HTML_LANG[language], language === 'ar' ? 'rtl' : 'ltr']);
      expect(await manual.locator('[data-testid="manual-page"]').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
      expect(await manual.locator('[data-testid="manual-toc"] a').count()).toBeGreaterThan(40);
      await manual.locator('[data-testid="manual-print"]').waitFor();

      // Search by an alarm code: its reference section first, the code marked; choosing it jumps there.
      await manual.locator('[data-testid="manual-search"]').fill('13');
      const first = manual.locator('[data-testid="manual-search-result"]').first();
      expect(await first.getAttribute('data-section')).toBe('alarm-level-13');
      expect(await first.locator('mark').first().textContent()).toBe('13');
      await first.click();
      await expect.poll(() => manual.evaluate(() => window.location.hash)).toBe('#alarm-level-13');
      await expect.poll(() => inView(manual, 'alarm-level-13')).toBe(true);
      expect(await manual.evaluate(() => document.activeElement?.id)).toBe('alarm-level-13');

      await checkPictures(manual);
      await manual.close();

      // A report page's help link opens the manual at that page's section.
      await page.goto('/abnormal_can');
      const help = page.locator('[data-testid="page-help"] >> visible=true').first();
      expect(await help.getAttribute('aria-label')).toBeTruthy();
      const [section] = await Promise.all([context.waitForEvent('page'), help.click()]);
      await section.waitForLoadState();
      expect(new URL(section.url()).hash).toBe('#daily-inventory');
      await expect.poll(() => inView(section, 'daily-inventory'), { timeout: 10_000 }).toBe(true);
      await section.close();
    } finally {
      await context.close();
    }
  });

  it('is readable without signing in at its stable address, in the language it names', async () => {
    const { context, page } = await newPage(browser, { width: 1280, height: 800 });
    try {
      await page.goto('/manual?lang=ar#alarm-level-13');
      await page.locator('#alarm-level-13').waitFor();
      expect(new URL(page.url()).pathname).toBe('/manual');
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await expect.poll(() => inView(page, 'alarm-level-13'), { timeout: 10_000 }).toBe(true);
      // The language links keep the section.
      await page.locator('[data-testid="manual-languages"] [data-lang="es"]').click();
      await page.waitForURL('**/manual?lang=es#alarm-level-13');
      await page.locator('#alarm-level-13').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    } finally {
      await context.close();
    }
  });

  it("opens from the phone's settings, on a phone, without being sent to a phone page", async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, 'es', { userAgent: PHONE, width: 390, height: 844 });
    try {
      await page.goto('/realAlarm');
      expect(await page.locator('[data-testid="page-help"]').getAttribute('href')).toBe('/manual?lang=es#phone-alarms');
      await page.goto('/setting');
      const [manual] = await Promise.all([context.waitForEvent('page'), page.locator('[data-testid="setting-manual"]').click()]);
      await manual.locator('[data-testid="manual-page"] .manual-chapter').first().waitFor();
      expect(new URL(manual.url(), baseUrl()).pathname).toBe('/manual');
      expect(await manual.evaluate(() => document.documentElement.lang)).toBe('es');
      // Fits a phone: no sideways scrolling.
      expect(await manual.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
