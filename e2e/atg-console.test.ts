import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startFakeAtgConsole, type FakeAtgConsole } from '../apps/server/src/test/fake-atg-console';
import { demoFakeTanks } from '../apps/server/src/test/fake-atg-console-tanks';
import { apiSignedInPage, launchBrowser } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';
import { picture } from './pictures';

/**
 * Issue 9 as a user does it: point a station at a Veeder-Root console (the fake one, on
 * loopback), test the connection from the station form, and watch the tanks fill in on the
 * monitor and the console's alarm arrive as a toast.
 */
const STATION = 'NWP-SZ02';
let browser: Browser;
let fake: FakeAtgConsole;

beforeAll(async () => {
  browser = await launchBrowser();
  fake = await startFakeAtgConsole({ units: 'metric', tanks: demoFakeTanks(3, 'metric') });
});
afterAll(async () => {
  await browser?.close();
  await fake?.close();
});

describe('a Veeder-Root TLS console', () => {
  it('is set on the station form, answers the connection test, fills the monitor and raises a toast', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD);
    try {
      const found = await (await page.request.get(`/api/station/list?q=${STATION}`)).json();
      const id = found.data.list[0].id as number;

      await page.goto('/station');
      const search = page.locator('[data-testid="station-search"] input').first();
      await search.fill(STATION);
      await search.press('Enter');
      await page.locator(`[data-testid="station-edit-${id}"]`).click();
      await page.locator('#station_tanks_2_code').waitFor();
      await page.locator('#station_deviceType').click();
      await page.getByTitle('Veeder-Root TLS-3xx/4xx compatible').click();
      await page.locator('#station_deviceIp').fill('127.0.0.1');
      await page.locator('#station_devicePort').fill(String(fake.port));
      await page.locator('[data-testid="atg-poll-seconds"]').fill('10');
      await page.locator('[data-testid="station-submit"]').click();
      await expect.poll(async () => (await (await page.request.get(`/api/station/${id}`)).json()).data.devicePort, { timeout: 10_000 }).toBe(fake.port);

      // The console panel of the saved station: test the connection.
      await page.goto('/station');
      await search.fill(STATION);
      await search.press('Enter');
      await page.locator(`[data-testid="station-edit-${id}"]`).click();
      await page.locator('[data-testid="atg-test"]').click();
      await page.getByText('The console answered in', { exact: false }).waitFor({ timeout: 15_000 });
      await expect.poll(() => page.locator('[data-testid="atg-console"] tbody tr.ant-table-row').count()).toBe(3);
      await page.locator('[data-testid="atg-console"]').scrollIntoViewIfNeeded();
      await picture(page, '/tmp/atg-console-test.png');

      // The poller fills the monitor with the console's heights.
      const expected = demoFakeTanks(3, 'metric')[1]!.height;
      await page.goto(`/single_monitor?stationId=${id}`);
      const height = page.locator('[data-testid="tank-2-product-height"]');
      await expect
        .poll(async () => {
          const text = (await height.textContent().catch(() => '')) ?? '';
          return Number(text.replace(/[^\d.]/g, ''));
        }, { timeout: 30_000 })
        .toBeCloseTo(expected, 0);

      // An overfill alarm on the console's tank 1 arrives as a toast.
      fake.setAlarms([{ category: 2, type: 4, device: 1 }]);
      // This worker's server is shared with earlier files, whose alarms (a failed leak test) may toast meanwhile: the console's is the overfill one.
      const toast = page.locator('.ant-notification-notice').filter({ has: page.locator('[data-testid="alarm-toast"]') }).filter({ hasText: 'Overfill alarm' });
      await toast.first().waitFor({ timeout: 40_000 });
      await expect(toast.first().locator('[data-field="alarmTypeDesc"]').textContent()).resolves.toBe('Overfill alarm');
      await expect(toast.first().locator('[data-field="stationName"]').textContent()).resolves.toBe('Shenzhen Nanshan');
      await picture(page, '/tmp/atg-monitor-toast.png');
    } finally {
      fake.setAlarms([]);
      await context.close();
    }
  }, 120_000);
});
