import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiSignedInPage, launchBrowser } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';
import { reportAccepted } from './device';
import { picture } from './pictures';
import { feedOpened } from './alarm-feed';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The Shanghai clock at an instant, worked out here on its own: "2026-11-25 19:02:50". */
function shanghai(iso: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}:${get('second')}` };
}

const TEXTS = {
  en: { close: 'Close this alarm notification', closeAll: 'Close all 2' },
  ar: { close: 'إغلاق إشعار الإنذار هذا', closeAll: 'إغلاق الكل (2)' },
} as const;

/**
 * Review items 3 and 9: a viewer in New York sees a Shanghai alarm on Shanghai's clock with
 * its zone on the toast, the alarm list and the home page; toasts sit in the corner away from
 * the menu, close all at once, and lead to the station and to the alarm.
 */
describe.each(['en', 'ar'] as const)('alarm times and toasts (%s)', (lang) => {
  it('station time with its zone everywhere; toasts away from the menu, close-all, links', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, lang, { locale: lang === 'ar' ? 'ar' : 'en-US', timezoneId: 'America/New_York' });
    try {
      // The viewer is in New York.
      const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      if (zone !== 'America/New_York') throw new Error(`the page's time zone is ${zone}, not New York's`);
      // The feed must be connected before the alarms happen (a new connection does not replay them).
      const feed = feedOpened(page, 60_000);
      await page.goto('/home');
      await feed;
      await page.waitForTimeout(1000);

      const stamp = Date.now() % 100000;
      const sensors = [`Z${lang}${stamp}a`, `Z${lang}${stamp}b`];
      const startedAt = new Date(Math.floor((Date.now() - 60_000) / 1000) * 1000).toISOString();
      const clock = shanghai(startedAt);
      // The viewer's own clock reads otherwise: what the home page used to show.
      const viewer = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(new Date(startedAt));
      expect(viewer).not.toBe(clock.time);
      for (const sensorNo of sensors) await reportAccepted('NWP-SH01', { alarms: [{ kind: 'leak', sensorNo, code: 8, ts: startedAt }] });

      const toastOf = (sensorNo: string) => page.locator('.ant-notification-notice').filter({ has: page.locator(`[data-field="sensorNo"]:text-is("${sensorNo}")`) });
      const first = toastOf(sensors[0]!);
      await first.waitFor({ timeout: 20_000 });
      await toastOf(sensors[1]!).waitFor({ timeout: 10_000 });
      await expect(first.locator('[data-field="startTime"]').textContent()).resolves.toBe(`${clock.date} ${clock.time} GMT+8`);
      await expect(first.locator('.ant-notification-notice-close').getAttribute('aria-label')).resolves.toBe(TEXTS[lang].close);

      // In the corner away from the side menu: right of it in English, left of it in Arabic.
      const menu = (await page.locator('[data-testid="side-menu"]').boundingBox())!;
      const box = (await first.boundingBox())!;
      if (lang === 'ar') expect(box.x + box.width).toBeLessThanOrEqual(menu.x);
      else expect(box.x).toBeGreaterThanOrEqual(menu.x + menu.width);
      expect(await page.locator(lang === 'ar' ? '.ant-notification-bottomLeft' : '.ant-notification-bottomRight').count()).toBe(1);
      await picture(page, `.tmp/alarm-zones-toasts-${lang}.png`);

      // The station link opens its monitor; the alarm link the leak list filtered to it.
      await first.locator('[data-testid="alarm-toast-station"]').click();
      await page.waitForURL(/\/single_monitor\?stationId=\d+/);
      await first.locator('[data-testid="alarm-toast-alarm"]').click();
      await page.waitForURL(/\/leak_alarm\?stationId=\d+&from=/);
      const rows = page.locator('[data-testid="alarm-table"] tr.ant-table-row');
      await rows.filter({ hasText: sensors[0]! }).first().waitFor({ timeout: 10_000 });
      const row = rows.filter({ hasText: sensors[0]! }).first();
      await expect(row.locator('[data-testid="station-time"]').first().textContent()).resolves.toBe(`${clock.date} ${clock.time} GMT+8`);
      // Filtered to the station and that second: the two alarms of the test and no other.
      await expect.poll(() => rows.count()).toBe(2);

      // A burst closes at once.
      const closeAll = first.locator('[data-testid="alarm-toast-close-all"]');
      await expect(closeAll.textContent()).resolves.toBe(TEXTS[lang].closeAll);
      await closeAll.click();
      await expect.poll(() => page.locator('[data-testid="alarm-toast"]').count()).toBe(0);

      // Home's today's alarms: the same clock and zone, not the viewer's.
      await page.goto('/home');
      const item = page.locator('[data-testid="home-alarms"] li').filter({ hasText: sensors[0]! });
      await item.waitFor({ timeout: 10_000 });
      await expect(item.locator('[data-testid="station-time"]').textContent()).resolves.toBe(`${clock.time} GMT+8`);
      await picture(page, `.tmp/alarm-zones-home-${lang}.png`);
    } finally {
      await context.close();
    }
  });
});
