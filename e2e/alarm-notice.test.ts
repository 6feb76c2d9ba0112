import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiSignedInPage, launchBrowser } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';
import { picture } from './pictures';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('alarm notice settings (top bar)', () => {
  it('refuses a bad frequency, saves a change, and the server keeps it', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD);
    try {
      await page.goto('/home');
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

  it('check-all boxes: indeterminate when some are on; without a mail address "select all" turns on only the alerts', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD);
    try {
      await page.goto('/home');
      await page.locator('[data-testid="alarm-notice-settings"] button').click();
      await page.locator('[data-testid="alarm-notice-dialog"]').waitFor();
      // antd marks the state on the box around the input that carries the test id.
      const state = async (testId: string) => {
        const box = page.locator(`[data-testid="${testId}"]`).first().locator('xpath=..');
        const cls = (await box.getAttribute('class')) ?? '';
        return cls.includes('ant-checkbox-indeterminate') ? 'indeterminate' : cls.includes('ant-checkbox-checked') ? 'checked' : 'unchecked';
      };
      const leakAlerts = () => page.locator('[data-testid^="notice-leak-"][data-testid$="-alert"]:not([data-testid^="notice-leak-all"])');

      // Every leak code alerts by default: the column's box is checked.
      await expect.poll(() => state('notice-leak-all-alert')).toBe('checked');
      await page.locator('[data-testid="notice-leak-8-alert"]').uncheck();
      await expect.poll(() => state('notice-leak-all-alert')).toBe('indeterminate');
      await expect.poll(() => state('notice-leak-all')).toBe('indeterminate');
      // The column's box turns all of them off, then all on.
      await page.locator('[data-testid="notice-leak-all-alert"]').first().click();
      await expect.poll(() => state('notice-leak-all-alert')).toBe('checked');
      await page.locator('[data-testid="notice-leak-all-alert"]').first().click();
      await expect.poll(() => state('notice-leak-all-alert')).toBe('unchecked');
      for (const box of await leakAlerts().all()) expect(await box.isChecked()).toBe(false);
      // No mail address: "select all" selects the alerts only, and e-mail stays off and disabled.
      await page.locator('[data-testid="notice-leak-all"]').first().click();
      await expect.poll(() => state('notice-leak-all-alert')).toBe('checked');
      expect(await state('notice-leak-all-email')).toBe('unchecked');
      expect(await page.locator('[data-testid="notice-leak-8-email"]').isDisabled()).toBe(true);
      expect(await page.locator('[data-testid="notice-leak-8-email"]').isChecked()).toBe(false);
      expect(await state('notice-leak-all')).toBe('checked');
      await picture(page, '/tmp/notice-check-all.png');
    } finally {
      await context.close();
    }
  });
});
