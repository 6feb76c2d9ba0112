import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiSignedInPage, baseUrl, launchBrowser } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';
import { deviceKeyOf, deviceReport } from './device';

/**
 * deviceParamManage (issue 7) as a user works it: import a height-volume table with a
 * mistake and see the row named; fix it and see the curve; issue it and watch the device
 * (this test, speaking the device protocol) take it to success. Dubai Sheikh Zayed Rd is
 * left to this file.
 */
const STATION = 'NWP-DX03';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function sheet(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('Sheet1');
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The station's device: a report, whose answer carries the commands waiting for it, then the answer to each. */
async function deviceAnswersCommands(): Promise<{ id: number; kind: string }[]> {
  const headers = { Authorization: `Bearer ${await deviceKeyOf(STATION)}`, 'Content-Type': 'application/json' };
  const commands = (await deviceReport(STATION, { readings: [{ tank: '1', ts: new Date(Date.now() - 1000).toISOString(), productHeightMm: 900, temperatureC: 20 }] })).data.commands ?? [];
  for (const command of commands) {
    await fetch(`${baseUrl()}/api/device/v1/stations/${STATION}/commands/${command.id}/ack`, { method: 'POST', headers, body: JSON.stringify({ status: 'success' }) });
  }
  return commands;
}

async function openStrappingTab(page: Page) {
  await page.goto('/deviceParamManage');
  await page.locator('[data-testid="device-station"]').click();
  await page.locator('.ant-select-tree-title', { hasText: STATION }).click();
  await page.locator('[data-testid="tab-base"]').waitFor();
  await page.locator('[data-testid="device-tabs"] .ant-tabs-tab').nth(2).click();
  await page.locator('[data-testid="strapping-chart"]').waitFor();
}

const importFile = (page: Page, name: string, buffer: Buffer) =>
  page.locator('[data-testid="strapping-file"]').setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });

describe('device parameter management', () => {
  it('reports every wrong row of an imported table; the fixed table draws its curve and reaches the device', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD);
    try {
      await openStrappingTab(page);
      // Tank 1 of the demo stations is 2600 mm, 42,475 L.
      const rows: (string | number)[][] = [['Height (mm)', 'Volume (L)'], [0, 0], [650, 8000], [1300, 21000.25], [1950, 34000], [1800, 38000], [2600, 42400]];
      await importFile(page, 'table.xlsx', await sheet(rows));
      const errors = page.locator('[data-testid="strapping-import-errors"] li');
      await expect.poll(() => errors.allTextContents(), { timeout: 10_000 }).toEqual([
        'Row 4 · Volume (L): must have at most one decimal',
        'Row 6 · Height (mm): heights and volumes must increase from point to point',
      ]);
      // Nothing of a wrong file is taken: the editor still holds the stored table.
      const stored = Number(await page.locator('[data-testid="strapping-curve"]').getAttribute('data-points'));
      expect(stored).toBeGreaterThan(10);

      rows[3] = [1300, 21000.2];
      rows[5] = [2300, 38000];
      await importFile(page, 'table.xlsx', await sheet(rows));
      await expect.poll(() => page.locator('[data-testid="strapping-curve"]').getAttribute('data-points'), { timeout: 10_000 }).toBe('6');
      expect(await errors.count()).toBe(0);
      const path = await page.locator('[data-testid="strapping-curve"]').getAttribute('d');
      expect(path?.split('L')).toHaveLength(6);

      await page.locator('[data-testid="strapping-issue"]').click();
      const state = page.locator('[data-testid="history-strapping"] [data-state]').first();
      await expect.poll(() => state.getAttribute('data-state'), { timeout: 10_000 }).toBe('issuing');
      expect((await deviceAnswersCommands()).map((c) => c.kind)).toEqual(['strapping']);
      await expect.poll(() => state.getAttribute('data-state'), { timeout: 10_000 }).toBe('success');
      await expect(page.locator('[data-testid="history-strapping"] tbody tr.ant-table-row').first().textContent()).resolves.toContain('6 points');
    } finally {
      await context.close();
    }
  });

  it('names the wrong row in the user’s language (Arabic, right to left)', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, 'ar', { locale: 'ar' });
    try {
      await openStrappingTab(page);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await importFile(page, 'table.xlsx', await sheet([['الارتفاع (مم)', 'Litres'], [0, 0]]));
      await expect.poll(() => page.locator('[data-testid="strapping-import-errors"] li').allTextContents(), { timeout: 10_000 }).toEqual(['الصف 1: عمود القالب «الحجم (لتر)» مفقود']);
    } finally {
      await context.close();
    }
  });
});
