import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiSignedInPage, launchBrowser } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('editing a demo station in the station form', () => {
  it('loads its tanks, refuses a high alarm above the tank, then saves the change', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD);
    const found = await (await page.request.get('/api/station/list?q=NWP-MD06')).json();
    const id = found.data.list[0].id as number;
    await page.goto('/station');
    const search = page.locator('[data-testid="station-search"] input').first();
    await search.fill('MD06');
    await search.press('Enter');
    await page.locator(`[data-testid="station-edit-${id}"]`).click();
    await page.locator('#station_tanks_2_code').waitFor();
    expect(await page.locator('#station_tanks_0_code').inputValue()).toBe('1');

    await page.locator('#station_name').fill('Madrid Castellana Norte');
    await page.locator('#station_tanks_0_highOilAlarmMm').fill('2700');
    await page.locator('[data-testid="station-submit"]').click();
    await expect.poll(() => page.getByText('Check these tank rows: 1', { exact: false }).count()).toBeGreaterThan(0);

    await page.locator('#station_tanks_0_highOilAlarmMm').fill('2500');
    await page.locator('[data-testid="station-submit"]').click();
    await expect.poll(async () => (await (await page.request.get(`/api/station/${id}`)).json()).data.name, { timeout: 10_000 }).toBe('Madrid Castellana Norte');
    const saved = (await (await page.request.get(`/api/station/${id}`)).json()).data;
    expect(saved.tanks[0].highOilAlarmMm).toBe(2500);
    await context.close();
  });
});
