import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiSignedInPage, launchBrowser } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';
import { reportAccepted } from './device';
import { picture } from './pictures';

/**
 * The data-jump page (alarm_record) over readings sent through the real device path. Madrid
 * Castellana is left to this file: its jumps are the only ones the search below finds.
 */
const STATION = 'NWP-MD06';
let browser: Browser;

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

beforeAll(async () => {
  browser = await launchBrowser();
  // Tank 1: 15 → 19.5 °C between two readings a minute apart; tank 2: steady.
  await reportAccepted(STATION, {
      readings: [
        { tank: '1', ts: ago(12), productHeightMm: 1500, temperatureC: 15, volumeL: 15_000 },
        { tank: '1', ts: ago(11), productHeightMm: 1500, temperatureC: 19.5, volumeL: 15_000 },
        { tank: '2', ts: ago(12), productHeightMm: 900, temperatureC: 16, volumeL: 9000 },
        { tank: '2', ts: ago(11), productHeightMm: 899, temperatureC: 16, volumeL: 8990 },
      ],
    });
});
afterAll(() => browser?.close());

const rows = (page: Page) => page.locator('[data-testid="jump-table"] tbody tr.ant-table-row');

async function open(page: Page) {
  await page.goto('/alarm_record');
  const box = page.locator('[data-testid="jump-search"] input');
  await box.fill(STATION);
  await box.press('Enter');
  await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(1);
}

describe('data-jump records page (alarm_record)', () => {
  it('shows the seeded jump with its rule, in words, and both readings; exports it', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD);
    try {
      await open(page);
      const row = rows(page).first();
      await expect(row.locator('[data-rule]').getAttribute('data-rule')).resolves.toBe('temperature');
      const text = (await row.textContent()) ?? '';
      expect(text).toContain('Madrid Castellana');
      expect(text).toContain('Temperature jump');
      expect(text).toContain('Temperature changed by 4.5°C, more than 3°C');
      expect(text).toContain('15°C');
      expect(text).toContain('19.5°C');
      expect(text).toContain('1,500 mm');
      await picture(page, '/tmp/data-jumps-en.png', { fullPage: true });

      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="jump-export"]').click()]);
      const book = new ExcelJS.Workbook();
      await book.xlsx.read(await download.createReadStream());
      const sheet = book.worksheets[0]!;
      expect(sheet.rowCount).toBe(2);
      expect((sheet.getRow(2).values as unknown[]).join('|')).toContain('Temperature changed by 4.5 °C, more than 3 °C');
    } finally {
      await context.close();
    }
  });

  it('reads right to left in Arabic, with the rule named in Arabic', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, 'ar');
    try {
      await open(page);
      expect(await rows(page).first().textContent()).toContain('قفزة في درجة الحرارة');
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await picture(page, '/tmp/data-jumps-ar.png', { fullPage: true });
    } finally {
      await context.close();
    }
  });
});
