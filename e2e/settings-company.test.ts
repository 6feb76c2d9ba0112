import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, logIn, newPage } from './browser';
import { E2E_DEMO_PASSWORD } from './server';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('company settings page', () => {
  it('a distributor account creates a company; a second one with the same code is refused with "Code already exists"', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'demo-distributor', E2E_DEMO_PASSWORD);
    await page.waitForURL('**/home');
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

  it('a company account sees only its own company and cannot create one', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'demo-company', E2E_DEMO_PASSWORD);
    await page.waitForURL('**/home');
    await page.goto('/company');
    const table = page.locator('[data-testid="company-table"]');
    await table.getByText('NWP').first().waitFor();
    expect(await table.getByText('LSF').count()).toBe(0);
    expect(await page.locator('[data-testid="company-create"]').count()).toBe(0);
    await context.close();
  });
});
