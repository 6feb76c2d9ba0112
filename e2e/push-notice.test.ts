import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiSignedInPage, launchBrowser } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';
import { picture } from './pictures';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A subscription as a browser would post it (a push service's https endpoint, keys of the right shape). */
const subscription = () => ({
  endpoint: `https://push.example.org/e2e/${randomBytes(6).toString('hex')}`,
  keys: { p256dh: `B${randomBytes(64).toString('base64url').slice(0, 86)}`, auth: randomBytes(16).toString('base64url') },
});

async function openNotice(page: Page) {
  await page.goto('/home');
  await page.locator('[data-testid="alarm-notice-settings"] button').click();
  await page.locator('[data-testid="alarm-notice-dialog"]').waitFor();
}

describe('push notifications in the alarm notice settings (issue 38)', () => {
  it('a Push column beside e-mail and alert; the user’s devices listed and removed', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD);
    try {
      const sub = subscription();
      const saved = await (await page.request.post('/api/push/subscribe', { data: sub })).json();
      expect(saved.code).toBe(1000);
      await openNotice(page);
      // Push is on by default where the in-app alert is.
      expect(await page.locator('[data-testid="notice-level-10-push"]').isChecked()).toBe(true);
      await page.getByText('Notify this device').waitFor();
      const device = page.locator('[data-testid="notice-push-devices"] li', { hasText: 'Chrome' });
      await device.waitFor();
      await picture(page, '/tmp/notice-push-en.png');

      await page.locator('[data-testid="notice-level-11-push"]').uncheck();
      await page.locator('[data-testid="notice-submit"]').click();
      await page.getByText('Setting saved').waitFor();
      const me = (await (await page.request.get('/api/login/getInfo')).json()).data.userId as number;
      const rows = (await (await page.request.get(`/api/userNoticeCfg/list?userId=${me}`)).json()).data as { type: number; remark: number; byAlert: number; byPush: number }[];
      expect(rows.find((r) => r.type === 1 && r.remark === 11)).toMatchObject({ byAlert: 1, byPush: 0 });

      await openNotice(page);
      await device.getByRole('button', { name: 'Remove' }).click();
      await page.getByText('Device removed').waitFor();
      await page.getByText('No device is notified yet.').waitFor();
      const left = (await (await page.request.get('/api/push/devices')).json()).data as { endpoint: string }[];
      expect(left.map((d) => d.endpoint)).not.toContain(sub.endpoint);
    } finally {
      await context.close();
    }
  });

  it('in Arabic, right to left', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, 'ar');
    try {
      await openNotice(page);
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await page.getByText('إشعار هذا الجهاز').waitFor();
      await page.locator('[data-testid="alarm-notice-dialog"]').getByText('إشعار فوري').first().waitFor();
      await picture(page, '/tmp/notice-push-ar.png');
    } finally {
      await context.close();
    }
  });
});
