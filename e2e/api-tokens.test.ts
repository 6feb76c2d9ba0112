import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiSignedInPage, baseUrl, launchBrowser } from './browser';
import { E2E_DEMO_PASSWORD } from './server';
import { picture } from './pictures';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const TEXTS = {
  en: { live: 'Live', revoked: 'Revoked', confirm: 'Revoke' },
  ar: { live: 'فعّال', revoked: 'مُلغى', confirm: 'إلغاء' },
} as const;

/** Issue 38: a company makes a service account and a token on the page, uses it, and revokes it. */
describe.each(['en', 'ar'] as const)('System settings → API tokens (%s)', (lang) => {
  it('the token is shown once, works with its scope, and stops when revoked', async () => {
    const { context, page } = await apiSignedInPage(browser, 'demo-company', E2E_DEMO_PASSWORD, lang, { locale: lang === 'ar' ? 'ar' : 'en-US' });
    try {
      const call = async (token: string) =>
        (await (await fetch(`${baseUrl()}/api/station/list?pageSize=1`, { headers: { authorization: `Bearer ${token}` } })).json()) as { code: number };
      await page.goto('/access_tokens');
      await page.getByTestId('service-account-create').click();
      if (lang === 'ar') expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      const name = `Dispatch ${lang}`;
      await page.locator('#service-account_name').fill(name);
      await page.getByTestId('service-account-submit').click();
      const row = page.locator('tr', { hasText: name }).first();
      await row.waitFor({ timeout: 15_000 });

      // A token with the default scope (read) and lifetime.
      await row.locator('[data-testid^="api-token-create-"]').click();
      await page.locator('#api-token_name').fill('dispatch server');
      await page.getByTestId('api-token-submit').click();
      const shown = page.getByTestId('api-token-value');
      await shown.waitFor({ timeout: 15_000 });
      const token = (await shown.textContent())!.trim();
      expect(token).toMatch(/^ullage_[A-Za-z0-9_-]{43}$/);
      await picture(page, `.tmp/api-tokens-shown-${lang}.png`);
      await page.getByTestId('api-token-value-close').click();

      expect((await call(token)).code).toBe(1000);
      const tokenRow = page.locator('tr', { hasText: 'dispatch server' }).first();
      await tokenRow.getByText(TEXTS[lang].live, { exact: true }).waitFor();
      expect(await tokenRow.textContent()).toContain(token.slice(0, 13));
      await picture(page, `.tmp/api-tokens-${lang}.png`, { fullPage: true });

      await tokenRow.locator('[data-testid^="api-token-revoke-"]').click();
      await page.locator('[data-testid^="api-token-revoke-confirm-"]').click();
      await tokenRow.getByText(TEXTS[lang].revoked, { exact: true }).waitFor();
      expect((await call(token)).code).toBe(30001);
    } finally {
      await context.close();
    }
  });
});
