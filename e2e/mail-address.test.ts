import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiSignedInPage, baseUrl, launchBrowser } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';
import { picture } from './pictures';

/** An account of its own, made without a mail address, so the other browser tests' users stay as they are. */
const USERNAME = 'mail.e2e';
const PASSWORD = 'Mail#2026e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  const login = await fetch(`${baseUrl()}/api/login/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: E2E_ADMIN_PASSWORD }) });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const companies = (await (await fetch(`${baseUrl()}/api/company/list?pageSize=50`, { headers: { cookie } })).json()) as { data: { list: { id: number }[] } };
  const created = await fetch(`${baseUrl()}/api/account`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ username: USERNAME, nickname: 'Mail test', password: PASSWORD, accountType: 2, unitId: companies.data.list[0]!.id }),
  });
  expect(((await created.json()) as { code: number }).code).toBe(1000);
});
afterAll(() => browser?.close());

async function openMailDialog(page: Page) {
  await page.locator('[data-testid="mail-settings"] button').click();
  await page.locator('[data-testid="mail-address-input"]').waitFor();
}

async function closeNoticeDialog(page: Page) {
  await page.locator('.ant-modal').filter({ has: page.locator('[data-testid="alarm-notice-dialog"]') }).getByRole('button', { name: 'Cancel' }).click();
  await page.locator('[data-testid="alarm-notice-dialog"]').waitFor({ state: 'hidden' });
}

describe('the top bar’s e-mail setting', () => {
  it('refuses a bad address in the form, saves a good one, and the notice settings then offer e-mail', async () => {
    const { context, page } = await apiSignedInPage(browser, USERNAME, PASSWORD);
    try {
      await page.goto('/home');

      // Without an address the notice dialog offers only in-app alerts.
      await page.locator('[data-testid="alarm-notice-settings"] button').click();
      await page.locator('[data-testid="notice-no-mail"]').waitFor();
      expect(await page.locator('[data-testid="notice-level-10-email"]').isDisabled()).toBe(true);
      await closeNoticeDialog(page);

      await openMailDialog(page);
      const input = page.locator('[data-testid="mail-address-input"]');
      expect(await input.inputValue()).toBe('');
      await input.fill('station manager@example');
      await page.getByText('Please enter a valid e-mail address').waitFor();
      await page.locator('[data-testid="mail-address-submit"]').click();
      expect(await page.locator('[data-testid="mail-address-dialog"]').isVisible()).toBe(true);
      expect((await (await page.request.get('/api/user/mail')).json()).data).toEqual({ mailAddress: null });

      await input.fill('station.manager@example.org');
      await page.getByText('Please enter a valid e-mail address').waitFor({ state: 'detached' });
      await page.locator('[data-testid="mail-address-submit"]').click();
      await page.getByText('Setting saved').waitFor();
      await page.locator('[data-testid="mail-address-dialog"]').waitFor({ state: 'hidden' });
      expect((await (await page.request.get('/api/login/getInfo')).json()).data.mailAddress).toBe('station.manager@example.org');

      // The session user was refreshed: e-mail is offered without reloading the page.
      await page.locator('[data-testid="alarm-notice-settings"] button').click();
      await page.locator('[data-testid="notice-level-10-email"]').waitFor();
      expect(await page.locator('[data-testid="notice-no-mail"]').count()).toBe(0);
      expect(await page.locator('[data-testid="notice-level-10-email"]').isEnabled()).toBe(true);
      expect(await page.locator('[data-testid="notice-level-all-email"]').first().isEnabled()).toBe(true);
      await closeNoticeDialog(page);

      // Reopened, the dialog shows the stored address.
      await openMailDialog(page);
      expect(await page.locator('[data-testid="mail-address-input"]').inputValue()).toBe('station.manager@example.org');
    } finally {
      await context.close();
    }
  });

  it('in Arabic, right to left, with the rule in Arabic', async () => {
    const { context, page } = await apiSignedInPage(browser, USERNAME, PASSWORD, 'ar');
    try {
      await page.goto('/home');
      // The direction is set once the locale's texts have loaded, which can follow the load event.
      await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');
      await openMailDialog(page);
      await page.locator('[data-testid="mail-address-input"]').fill('station.manager@');
      await page.getByText('يرجى إدخال بريد إلكتروني صالح').waitFor();
      const dialog = page.locator('[data-testid="mail-address-dialog"]');
      expect(await dialog.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
      expect(await page.locator('[data-testid="mail-address-form"]').getAttribute('class')).toContain('ant-form-rtl');
      // The label starts on the right; the address itself reads left to right.
      const label = await dialog.locator('label[for="mail-address_mailAddress"]').boundingBox();
      const box = await dialog.locator('.ant-input-affix-wrapper').boundingBox();
      expect(label!.x + label!.width).toBeGreaterThan(box!.x + box!.width - 4);
      expect(await page.locator('[data-testid="mail-address-input"]').evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
      // Let the dialog's opening animation finish before the picture.
      await page.waitForTimeout(400);
      await picture(page, '/tmp/mail-dialog-ar.png');
    } finally {
      await context.close();
    }
  });
});
