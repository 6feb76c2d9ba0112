import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiSignedInPage, launchBrowser } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';
import { reportAccepted } from './device';
import { picture } from './pictures';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  // Los Angeles Sunset is left to this file: its alarms are the only ones the searches below find.
  await reportAccepted('LSF-LA04', {
    alarms: [
      { kind: 'level', tank: '1', code: 3, ts: ago(30) },
      { kind: 'level', tank: '2', code: 22, ts: ago(20) },
    ],
    sensors: [{ sensorNo: 'S9', type: 'sump', state: 'alarm', code: 8, ts: ago(10) }],
  });
});
afterAll(() => browser?.close());

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function search(page: Page, text: string) {
  const box = page.locator('[data-testid="alarm-search"] input');
  await box.fill(text);
  await box.press('Enter');
}

const rows = (page: Page) => page.locator('[data-testid="alarm-table"] tbody tr.ant-table-row');

describe('alarm query pages (alarm_report, leak_alarm)', () => {
  it('lists level alarms, refuses an empty note, processes one, and exports the list', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD);
    try {
      await page.goto('/alarm_report');
      await search(page, 'LSF-LA04');
      await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(2);
      // Newest first: low temperature (20 min ago), then check fault (30 min ago).
      await expect(rows(page).nth(0).textContent()).resolves.toContain('Low temperature');
      const checkFault = rows(page).nth(1);
      await expect(checkFault.textContent()).resolves.toContain('Check fault');
      await expect(checkFault.textContent()).resolves.toContain('Unprocessed');

      await checkFault.locator('[data-testid^="alarm-process-"]').click();
      await page.locator('[data-testid="alarm-process-submit"]').click();
      await page.getByText('Please enter what was done').waitFor();
      await page.locator('[data-testid="alarm-process-note"]').fill('Probe cable re-seated');
      await page.locator('[data-testid="alarm-process-submit"]').click();
      await expect.poll(() => rows(page).nth(1).textContent(), { timeout: 10_000 }).toContain('Probe cable re-seated');
      await expect(rows(page).nth(1).textContent()).resolves.toContain('Processed');

      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="alarm-export"]').click()]);
      const book = new ExcelJS.Workbook();
      await book.xlsx.read(await download.createReadStream());
      const sheet = book.worksheets[0]!;
      expect(sheet.rowCount).toBe(3);
      const texts = [2, 3].map((n) => (sheet.getRow(n).values as unknown[]).join('|'));
      expect(texts[0]).toContain('Low temperature');
      expect(texts[1]).toContain('Probe cable re-seated');
      await picture(page, '/tmp/alarm-report-en.png', { fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('the leak alarm page lists the sensor alarm, in Arabic, right to left', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, 'ar');
    try {
      await page.goto('/leak_alarm');
      await search(page, 'LSF-LA04');
      await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(1);
      const text = (await rows(page).first().textContent()) ?? '';
      expect(text).toContain('S9');
      expect(text).toContain('غير معالج');
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await picture(page, '/tmp/leak-alarm-ar.png', { fullPage: true });
    } finally {
      await context.close();
    }
  });
});
