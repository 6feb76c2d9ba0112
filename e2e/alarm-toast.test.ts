import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, logIn, newPage } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';
import { reportAccepted } from './device';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A device reports an alarm through the public device API. */
async function deviceAlarm(station: string, alarm: object) {
  await reportAccepted(station, { alarms: [{ ts: new Date(Date.now() - 1000).toISOString(), ...alarm }] });
}

/** Resolves when the page has opened the live alarm feed (an alarm raised before is not replayed). */
const feedOpened = (page: Page) => page.waitForResponse((r) => r.url().includes('/api/sse-msg/connect'), { timeout: 30_000 });

describe('live alarm toast (spec §8)', () => {
  it('a device alarm appears as a warning toast bottom right, missing fields as "--", until closed', async () => {
    const { context, page } = await newPage(browser);
    try {
      const feed = feedOpened(page);
      await logIn(page, 'admin', E2E_ADMIN_PASSWORD);
      await page.waitForURL('**/home');
      // Let the feed connect before the alarm happens.
      await feed;
      await page.waitForTimeout(500);
      await deviceAlarm('NWP-CA05', { kind: 'level', tank: '2', code: 2 });
      const toast = page.locator('.ant-notification-notice').filter({ has: page.locator('[data-testid="alarm-toast"]') });
      await toast.waitFor({ timeout: 10_000 });
      await expect(toast.locator('.ant-notification-notice-title').textContent()).resolves.toBe('Alarm notification');
      await expect(toast.locator('[data-field="stationName"]').textContent()).resolves.toBe('Cairo Nasr City');
      await expect(toast.locator('[data-field="alarmTypeDesc"]').textContent()).resolves.toBe('Data fault');
      await expect(toast.locator('[data-field="tankCode"]').textContent()).resolves.toBe('2');
      await expect(toast.locator('[data-field="sensorNo"]').textContent()).resolves.toBe('--');
      expect(await page.locator('.ant-notification-bottomRight').count()).toBe(1);
      // Persistent: still there after the usual 4.5 s of a toast.
      await page.waitForTimeout(5000);
      expect(await toast.count()).toBe(1);
      await toast.locator('.ant-notification-notice-close').click();
      await toast.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it('in Arabic the toast speaks Arabic', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/login');
      await page.evaluate(() => localStorage.setItem('language', 'ar'));
      const feed = feedOpened(page);
      await logIn(page, 'admin', E2E_ADMIN_PASSWORD);
      await page.waitForURL('**/home');
      // The Arabic shell connects the feed later than the English one: wait for it, not a time.
      await feed;
      await page.waitForTimeout(500);
      await deviceAlarm('NWP-CA05', { kind: 'leak', sensorNo: 'S3', code: 8 });
      const toast = page.locator('[data-testid="alarm-toast"]');
      await toast.waitFor({ timeout: 10_000 });
      await expect(page.locator('.ant-notification-notice-title').first().textContent()).resolves.toBe('إشعار إنذار');
      await expect(toast.locator('[data-field="classifyName"]').textContent()).resolves.toBe('إنذار التسرب');
      await expect(toast.locator('[data-field="sensorNo"]').textContent()).resolves.toBe('S3');
      await page.waitForTimeout(800);
      await page.screenshot({ path: '.tmp/alarm-toast-ar.png' });
    } finally {
      await context.close();
    }
  });
});
