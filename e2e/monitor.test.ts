import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiSignedInPage, launchBrowser } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';
import { reportAccepted } from './device';

const STATION = 'NWP-SH01';
/**
 * The demo fleet reports every tank every few seconds, stamped with the current time. Our
 * readings are stamped two minutes ahead (the server accepts up to five), so the tank's latest
 * state stays ours while the test looks at it, whatever the simulator sends meanwhile.
 */
const AHEAD_MS = 120_000;
const base = Date.now() + AHEAD_MS;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Sends one reading for tank 1 through the public device API, as a data collector would. */
async function report(productHeightMm: number, ts: Date) {
  expect((await reportAccepted(STATION, { readings: [{ tank: '1', ts: ts.toISOString(), productHeightMm, waterHeightMm: 20, temperatureC: 21.5 }] })).accepted).toBe(1);
}

async function stationId(page: Page): Promise<number> {
  const overview = await (await page.request.get('/api/monitor/overview')).json();
  const station = overview.data.stations.find((s: { code: string }) => s.code === STATION);
  expect(station).toBeTruthy();
  return station.id as number;
}

describe('live monitoring', () => {
  it('home lists the station; its monitor shows a reported reading, then the next one without a reload', async () => {
    await report(1234.5, new Date(base));
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD);
    await page.goto('/home');
    const id = await stationId(page);

    // Home: the station's row in the list and its dot on the map.
    const row = page.locator(`[data-testid="station-row-${id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Shanghai Pudong');
    await page.locator(`[data-testid="map-station-${id}"]`).waitFor();
    expect(Number(await page.locator('[data-testid="figure-total"] .monitor-figure__value').textContent())).toBeGreaterThanOrEqual(12);

    // A click on the row opens the station monitor.
    await row.click();
    await page.waitForURL(`**/single_monitor?stationId=${id}`);
    const height = page.locator('[data-testid="tank-1-product-height"]');
    await expect.poll(() => height.textContent(), { timeout: 10_000 }).toBe('1,234.5 mm');
    expect(await page.locator('[data-testid="tank-1-water-height"]').textContent()).toBe('20 mm');
    expect(await page.locator('[data-testid="tank-1-temperature"]').textContent()).toBe('21.5°C');

    // The feed is open; a new reading reaches the page by itself within a few seconds.
    await page.locator('[data-testid="monitor-station"] [data-testid="live-indicator"][data-state="open"]').waitFor();
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
    const sentAt = Date.now();
    await report(1456.7, new Date(base + 1000));
    await expect.poll(() => height.textContent(), { timeout: 5_000, interval: 100 }).toBe('1,456.7 mm');
    expect(Date.now() - sentAt).toBeLessThan(5_000);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    await context.close();
  });

  it('lays the station monitor out right to left in Arabic', async () => {
    await report(1500.2, new Date(base + 2000));
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, 'ar');
    const id = await stationId(page);
    await page.goto(`/single_monitor?stationId=${id}`);
    const height = page.locator('[data-testid="tank-1-product-height"]');
    await height.waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.locator('[data-testid="tank-1"] h3').textContent()).toBe('الخزان 1');
    // Tank 1 comes first in reading order, so in Arabic it sits at the right.
    const first = (await page.locator('[data-testid="tank-1"]').boundingBox())!;
    const second = (await page.locator('[data-testid="tank-2"]').boundingBox())!;
    expect(first.x).toBeGreaterThan(second.x);
    // Millimetres as Arabic writes them.
    const expected = await page.evaluate(() => new Intl.NumberFormat('ar', { style: 'unit', unit: 'millimeter', maximumFractionDigits: 1 }).format(1500.2));
    expect(await height.textContent()).toBe(expected);
    await context.close();
  });

  it('shows the big screen outside the shell, with the figures, the map and a station’s tanks', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, 'en', { width: 1920, height: 1080 });
    await page.goto('/screenfull');
    await page.locator('[data-testid="big-screen"] [data-testid="figure-online"]').waitFor();
    expect(await page.locator('[data-testid="side-menu"]').count()).toBe(0);
    await page.locator('[data-testid="big-screen"] [data-testid="station-map"] [data-status]').first().waitFor();
    await page.locator('[data-testid="station-cycler"] [data-testid^="tank-gauge-"]').first().waitFor();
    await context.close();
  });
});
