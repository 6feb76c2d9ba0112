import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiSignedInPage, launchBrowser } from './browser';
import { E2E_DEMO_PASSWORD } from './server';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('company settings page', () => {
  it('a distributor account creates a company; a second one with the same code is refused with "Code already exists"', async () => {
    const { context, page } = await apiSignedInPage(browser, 'demo-distributor', E2E_DEMO_PASSWORD);
    await page.goto('/company');
    await page.locator('[data-testid="company-table"]').waitFor();

    const create = async (code: string) => {
      await page.locator('[data-testid="company-create"]').click();
      await page.locator('#company_name').fill(`Browser Test ${code}`);
      await page.locator('#company_code').fill(code);
      await page.locator('#company_contactName').fill('Ana Pérez');
      await page.locator('#company_contactPhone').fill('34-91-555-0100');
      await page.locator('[data-testid="company-submit"]').click();
    };

    await create('BRW1');
    await expect.poll(() => page.locator('[data-testid="company-table"]').getByText('BRW1').count(), { timeout: 10_000 }).toBeGreaterThan(0);

    await create('brw1');
    await expect.poll(() => page.locator('[data-testid="company-form"]').getByText('Code already exists').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await context.close();
  });

  it('the leak-test threshold is entered and listed in the company’s unit per hour, and kept in L/h', async () => {
    const { context, page } = await apiSignedInPage(browser, 'demo-distributor', E2E_DEMO_PASSWORD);
    await page.goto('/company');
    await page.locator('[data-testid="company-table"]').waitFor();
    await page.locator('[data-testid="company-create"]').click();
    const threshold = page.locator('#company_leakThreshold');
    // A new company starts at the default, 0.76 L/h; in US gallons the same rate reads 0.20 gal/h.
    await expect.poll(() => threshold.inputValue()).toBe('0.76');
    await page.locator('#company_volumeUnit').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'US gallons (gal)' }).first().click();
    await expect.poll(() => threshold.inputValue()).toBe('0.20');
    expect(await page.locator('[data-testid="company-form"]').textContent()).toContain('gal/h');
    await threshold.fill('0.1');
    await page.locator('#company_name').fill('Browser Test LKT1');
    await page.locator('#company_code').fill('LKT1');
    await page.locator('#company_contactName').fill('Ana Pérez');
    await page.locator('#company_contactPhone').fill('34-91-555-0100');
    await page.locator('[data-testid="company-submit"]').click();
    const row = page.locator('[data-testid="company-table"] tr', { hasText: 'LKT1' });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    expect(await row.textContent()).toContain('0.10 gal/h');
    const saved = await (await page.request.get('/api/company/list?q=LKT1')).json();
    expect(saved.data.list[0].leakThresholdLph).toBeCloseTo(0.3785411784, 6);
    await context.close();
  });

  it('a company account sees only its own company and cannot create one', async () => {
    const { context, page } = await apiSignedInPage(browser, 'demo-company', E2E_DEMO_PASSWORD);
    await page.goto('/company');
    const table = page.locator('[data-testid="company-table"]');
    await table.getByText('NWP').first().waitFor();
    expect(await table.getByText('LSF').count()).toBe(0);
    expect(await page.locator('[data-testid="company-create"]').count()).toBe(0);
    await context.close();
  });
});
