import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, logIn, newPage } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('alarm notice settings (top bar)', () => {
  it('refuses a bad frequency, saves a change, and the server keeps it', async () => {
    const { context, page } = await newPage(browser);
    try {
      await logIn(page, 'admin', E2E_ADMIN_PASSWORD);
      await page.waitForURL('**/home');
      await page.locator('[data-testid="alarm-notice-settings"] button').click();
      await page.locator('[data-testid="alarm-notice-dialog"]').waitFor();
      // The administrator has no mail address: e-mail is off and says why.
      await page.locator('[data-testid="notice-no-mail"]').waitFor();
      expect(await page.locator('[data-testid="notice-level-10-email"]').isDisabled()).toBe(true);

      const frequency = page.locator('[data-testid="notice-mail-frequency"]');
      await frequency.fill('01');
      await page.locator('[data-testid="notice-frequency-warning"]').waitFor();
      await frequency.fill('45');
      await page.locator('[data-testid="notice-level-10-alert"]').uncheck();
      await page.locator('[data-testid="notice-submit"]').click();
      await page.getByText('Setting saved').waitFor();

      const me = (await (await page.request.get('/api/login/getInfo')).json()).data.userId as number;
      const rows = (await (await page.request.get(`/api/userNoticeCfg/list?userId=${me}`)).json()).data as { type: number; remark: number; byAlert: number; mailSendFrq: number }[];
      expect(rows.find((r) => r.type === 1 && r.remark === 10)).toMatchObject({ byAlert: 0, mailSendFrq: 45 });
      expect(rows.find((r) => r.type === 1 && r.remark === 11)).toMatchObject({ byAlert: 1 });
    } finally {
      await context.close();
    }
  });
});
