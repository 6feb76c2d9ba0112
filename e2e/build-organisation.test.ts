import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiSignedInPage, launchBrowser, logIn, newPage } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * Opens an antd Select by its input id and picks the option whose text contains `text`;
 * searchable selects are narrowed by typing first, since long lists render only what is visible.
 */
async function choose(page: Page, inputId: string, text: string) {
  const input = page.locator(`#${inputId}`);
  await input.click();
  if ((await input.getAttribute('readonly')) === null) await input.fill(text);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text }).first().click();
}

async function fillNumber(page: Page, id: string, value: number) {
  await page.locator(`#${id}`).fill(String(value));
}

describe('issue 3: an administrator builds an organisation through the UI', () => {
  it('creates a company, a product, a station with three tanks and a station account, which then sees only its station', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, 'en', { alarmToasts: false });

    // Company.
    await page.goto('/company');
    await page.locator('[data-testid="company-create"]').click();
    await page.locator('#company_name').fill('Sierra Combustibles');
    await page.locator('#company_code').fill('SCB');
    await choose(page, 'company_distributorId', 'Meridian');
    await page.locator('#company_contactName').fill('Jorge Díaz');
    await page.locator('#company_contactPhone').fill('34-91-555-0111');
    await page.locator('[data-testid="company-submit"]').click();
    await page.locator('[data-testid="company-table"]').getByText('SCB').waitFor();

    // Product.
    await page.goto('/product');
    await page.locator('[data-testid="product-create"]').click();
    await page.locator('#product_name').fill('Sierra Diesel');
    await page.locator('#product_code').fill('SD1');
    await choose(page, 'product_type', 'iesel');
    await choose(page, 'product_distributorId', 'Meridian');
    // The colour, as the browser's colour input gives it; the label names the field.
    await page.getByLabel('Colour', { exact: false }).fill('#1a7f37');
    await page.locator('[data-testid="product-submit"]').click();
    await page.locator('[data-testid="product-table"]').getByText('SD1').waitFor();
    const saved = await page.request.get('/api/product/list?pageSize=50&q=SD1');
    expect(((await saved.json()) as { data: { list: { code: string; color: string }[] } }).data.list.find((p) => p.code === 'SD1')?.color).toBe('#1a7f37');

    // Station with three tanks.
    await page.goto('/station');
    await page.locator('[data-testid="station-create"]').click();
    await page.locator('#station_name').fill('Sierra Norte');
    await page.locator('#station_code').fill('SCB-N01');
    await page.locator('#station_taxNumber').fill('ES-A0000001');
    await choose(page, 'station_companyId', 'Sierra Combustibles');
    await page.locator('#station_timezone').fill('Europe/Mad');
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'Europe/Madrid' }).first().click();
    await choose(page, 'station_deviceType', 'Ullage');
    for (let i = 0; i < 3; i++) {
      await page.locator('[data-testid="station-tank-add"]').click();
      await page.locator(`#station_tanks_${i}_code`).fill(`T${i + 1}`);
      await choose(page, `station_tanks_${i}_productId`, 'Sierra Diesel');
      await fillNumber(page, `station_tanks_${i}_heightMm`, 2000);
      await fillNumber(page, `station_tanks_${i}_volumeL`, 20000);
    }
    await page.locator('[data-testid="station-submit"]').click();
    const key = page.locator('[data-testid="device-key"]');
    await key.waitFor({ timeout: 15_000 });
    expect((await key.textContent())!.trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await page.locator('[data-testid="device-key-close"]').click();
    // The demo's twelve stations fill the first page: search for the new one.
    const search = page.locator('[data-testid="station-search"] input, input[data-testid="station-search"]').first();
    await search.fill('SCB');
    await search.press('Enter');
    await page.locator('[data-testid="station-table"]').getByText('SCB-N01').waitFor();

    // Station account.
    await page.goto('/account');
    await page.locator('[data-testid="account-create"]').click();
    await page.locator('#account_username').fill('sierra-norte');
    await page.locator('#account_nickname').fill('Sierra Norte');
    await page.locator('#account_password').fill('Sierra#2026');
    await page.locator('#account_accountType').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').nth(2).click();
    await choose(page, 'account_unitId', 'Sierra Norte');
    await page.locator('[data-testid="account-submit"]').click();
    await page.locator('[data-testid="account-table"]').getByText('sierra-norte').waitFor();
    await context.close();

    // The new account sees only its station (its first sign-in: through the form).
    const second = await newPage(browser);
    await logIn(second.page, 'sierra-norte', 'Sierra#2026');
    await second.page.waitForURL((url) => url.pathname !== '/login');
    await second.page.goto('/station');
    const table = second.page.locator('[data-testid="station-table"]');
    await table.getByText('SCB-N01').waitFor();
    expect(await table.locator('tbody tr.ant-table-row').count()).toBe(1);
    expect(await table.getByText('NWP-SH01').count()).toBe(0);
    await second.context.close();
    // A whole organisation built through its forms: 57.5 s of the default 60 on a loaded 2-core machine.
  }, 120_000);
});
