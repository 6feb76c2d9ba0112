import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiSignedInPage, launchBrowser } from './browser';
import { E2E_DEMO_PASSWORD } from './server';
import { picture } from './pictures';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const TEXTS = {
  en: { refused: 'must not point to a private', test: 'Test event', alarmOpened: 'Alarm opened' },
  ar: { refused: 'يجب ألا يشير إلى عنوان خاص', test: 'حدث تجريبي', alarmOpened: 'فُتح إنذار' },
} as const;

/**
 * Issue 38: a company adds a webhook endpoint on the page, sees its secret once, sends a test
 * event and finds it among the deliveries, rotates the secret. The e2e server refuses private
 * addresses (the default), so the endpoint is a public address literal it never reaches here.
 */
describe.each(['en', 'ar'] as const)('System settings → Webhooks (%s)', (lang) => {
  it('adds an endpoint, shows its secret once, queues a test event, rotates the secret', async () => {
    const { context, page } = await apiSignedInPage(browser, 'demo-company', E2E_DEMO_PASSWORD, lang, { locale: lang === 'ar' ? 'ar' : 'en-US' });
    try {
      await page.goto('/webhooks');
      await page.getByTestId('webhook-create').click();
      if (lang === 'ar') expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      // A loopback address is refused on the URL field.
      await page.getByTestId('webhook-url').fill('http://127.0.0.1:9000/hooks');
      await page.getByTestId('webhook-events').getByText(TEXTS[lang].alarmOpened).click();
      await page.getByTestId('webhook-submit').click();
      await page.getByText(TEXTS[lang].refused).first().waitFor({ timeout: 15_000 });

      const url = `http://93.184.216.34/hooks/${lang}`;
      await page.getByTestId('webhook-url').fill(url);
      await page.getByTestId('webhook-submit').click();
      const shown = page.getByTestId('webhook-secret');
      await shown.waitFor({ timeout: 15_000 });
      const secret = (await shown.textContent())!.trim();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      await picture(page, `.tmp/webhooks-secret-${lang}.png`);
      await page.getByTestId('webhook-secret-close').click();

      const row = page.locator('tr', { hasText: url }).first();
      await row.waitFor({ timeout: 15_000 });
      expect(await row.textContent()).not.toContain(secret);
      await row.locator('[data-testid^="webhook-test-"]').click();
      await row.locator('[data-testid^="webhook-deliveries-"]').click();
      const deliveries = page.getByTestId('webhook-deliveries');
      await deliveries.locator('tr', { hasText: 'test.ping' }).first().waitFor({ timeout: 15_000 });
      expect(await deliveries.textContent()).toContain(TEXTS[lang].test);
      await picture(page, `.tmp/webhooks-deliveries-${lang}.png`, { fullPage: true });
      await page.keyboard.press('Escape');

      await row.locator('[data-testid^="webhook-rotate-"]').click();
      await page.locator('[data-testid^="webhook-rotate-confirm-"]').click();
      await shown.waitFor({ timeout: 15_000 });
      const rotated = (await shown.textContent())!.trim();
      expect(rotated).toMatch(/^whsec_/);
      expect(rotated).not.toBe(secret);
      await page.getByTestId('webhook-secret-close').click();
      await picture(page, `.tmp/webhooks-${lang}.png`, { fullPage: true });
    } finally {
      await context.close();
    }
  });
});
