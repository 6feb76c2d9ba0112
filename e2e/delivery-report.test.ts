import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiSignedInPage, launchBrowser } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';
import { reportAccepted } from './device';

const GALLON = 3.785411784;
let browser: Browser;
const ago = (minutes: number) => new Date(Math.floor(Date.now() / 60_000) * 60_000 - minutes * 60_000).toISOString();

beforeAll(async () => {
  browser = await launchBrowser();
  // Monterrey (LSF: gallons, °F) is left to this file: two deliveries its gauge measured.
  await reportAccepted('LSF-MX05', {
    deliveries: [
      { tank: '1', startedAt: ago(300), endedAt: ago(280), startVolumeL: 1_000 * GALLON, endVolumeL: 4_000 * GALLON, startTcVolumeL: 990 * GALLON, endTcVolumeL: 3_970 * GALLON, startHeightMm: 300, endHeightMm: 1_100, startTemperatureC: 20, endTemperatureC: 25 },
      { tank: '2', startedAt: ago(120), endedAt: ago(100), startVolumeL: 2_000 * GALLON, endVolumeL: 2_500 * GALLON },
    ],
  });
});
afterAll(() => browser?.close());

async function search(page: Page, text: string) {
  const box = page.locator('[data-testid="delivery-search"] input');
  await box.fill(text);
  await box.press('Enter');
}
const rows = (page: Page) => page.locator('[data-testid="delivery-table"] tbody tr.ant-table-row');

describe('delivery records page (delivery)', () => {
  it('lists a station’s deliveries in its company’s units with totals, and exports them', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD);
    try {
      await page.goto('/delivery');
      await search(page, 'LSF-MX05');
      await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(2);
      const newest = (await rows(page).nth(0).textContent()) ?? '';
      expect(newest).toContain('500 gal');
      expect(newest).toContain('Reported by the gauge');
      const older = (await rows(page).nth(1).textContent()) ?? '';
      expect(older).toContain('3,000 gal');
      expect(older).toContain('2,980 gal');
      expect(older).toContain('68°F → 77°F');
      const totals = (await page.locator('[data-testid="delivery-totals"]').textContent()) ?? '';
      expect(totals).toContain('3,500 gal');
      // One delivery has no compensated volumes: no compensated total rather than a partial one.
      expect(totals).not.toContain('2,980 gal');

      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="delivery-export"]').click()]);
      const book = new ExcelJS.Workbook();
      await book.xlsx.read(await download.createReadStream());
      const sheet = book.worksheets[0]!;
      expect(sheet.name).toBe('Deliveries');
      expect(sheet.rowCount).toBe(3);
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      const delivered = header.indexOf('Delivered volume') + 1;
      expect([sheet.getRow(2).getCell(delivered).value, sheet.getRow(3).getCell(delivered).value]).toEqual([500, 3_000]);
      expect(sheet.getRow(2).getCell(2).value).toBe('LSF-MX05');
      await page.screenshot({ path: '/tmp/delivery-en.png', fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('reads right to left in Arabic', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, 'ar');
    try {
      await page.goto('/delivery');
      await search(page, 'LSF-MX05');
      await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(2);
      expect(await rows(page).first().textContent()).toContain('مُبلّغ من جهاز القياس');
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await page.screenshot({ path: '/tmp/delivery-ar.png', fullPage: true });
    } finally {
      await context.close();
    }
  });
});
