import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiSignedInPage, launchBrowser } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';
import { reportAccepted } from './device';
import { picture } from './pictures';

const GALLON = 3.785411784;
let browser: Browser;
const ago = (minutes: number) => new Date(Math.floor(Date.now() / 60_000) * 60_000 - minutes * 60_000).toISOString();

beforeAll(async () => {
  browser = await launchBrowser();
  // Monterrey (LSF: gallons, °F) is left to this file: two deliveries its gauge measured.
  // Tank 2 sells 30 gal an hour around its 20-minute drop (its readings an hour before and after
  // it): 10 gal sold during the drop, estimated (issue 34), so 510 gal delivered for a 500 gal rise.
  const reading = (minutes: number, gal: number) => ({ tank: '2', ts: ago(minutes), productHeightMm: gal / 3, waterHeightMm: 0, temperatureC: 20, volumeL: gal * GALLON });
  await reportAccepted('LSF-MX05', { readings: [reading(180, 2_030), reading(120, 2_000), reading(100, 2_500), reading(40, 2_470)] });
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

/**
 * Whether a column's header is on the screen and not covered (issue 34 item 6: at 1440 px the
 * ticket columns lay under the Actions column fixed at the table's end): the header's middle
 * is inside the table's visible part, and what is drawn there is the header itself.
 */
async function headerShown(page: Page, column: string): Promise<boolean> {
  return page.evaluate((key) => {
    const th = document.querySelector(`[data-testid="delivery-table"] th[data-column="${key}"]`);
    const body = document.querySelector('[data-testid="delivery-table"] .ant-table-content, [data-testid="delivery-table"] .ant-table-body');
    if (!th || !body) return false;
    const box = th.getBoundingClientRect();
    const view = body.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (x < view.left || x > view.right || x > window.innerWidth) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && th.contains(hit);
  }, column);
}

describe('delivery records page (delivery)', () => {
  for (const lang of ['en', 'ar'] as const) {
    it(`shows the delivered volume, the sales during the drop and the ticket columns uncovered at 1440 × 900 and 1024 × 657 (${lang})`, async () => {
      // No alarm toasts: in Arabic they stack on the left (up to three, the screen's height), over the delivered column
      // at 1024 × 657; the shared server raises alarms at any moment (a CI run failed so).
      const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, lang, { width: 1440, height: 900, alarmToasts: false });
      try {
        await page.goto('/delivery');
        await search(page, 'LSF-MX05');
        await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(2);
        // Delivered, what was sold during the drop, ticketed, the difference and the ticket action: all in view at once.
        // (Polled: the table's loading veil covers it for a moment after the search.)
        for (const column of ['deliveredL', 'salesDuring', 'ticket', 'ticketDiff', 'actions']) await expect.poll(async () => [column, await headerShown(page, column)], { timeout: 5_000 }).toEqual([column, true]);
        const sold = rows(page).nth(0).locator('[data-testid="delivery-sales-during"]');
        expect(await sold.getAttribute('data-source')).toBe('estimated');
        expect(await sold.textContent()).toContain(lang === 'en' ? 'Estimated' : 'تقديري');
        await picture(page, `/tmp/delivery-1440-${lang}.png`);

        // On a small laptop every column can be scrolled to, and none stays under another.
        await page.setViewportSize({ width: 1024, height: 657 });
        const keys = await page.locator('[data-testid="delivery-table"] th[data-column]').evaluateAll((ths) => ths.map((th) => th.getAttribute('data-column')!));
        expect(keys).toEqual(['deliveredL', 'salesDuring', 'ticket', 'ticketDiff', 'actions', 'riseL']);
        // Scrolled to on each try: the table lays itself out again after the resize, and under
        // load a scroll made before that can leave the column out of view (a CI run saw it).
        for (const column of keys) {
          await expect
            .poll(
              async () => {
                await page.locator(`[data-testid="delivery-table"] th[data-column="${column}"]`).scrollIntoViewIfNeeded();
                return [column, await headerShown(page, column)];
              },
              { timeout: 5_000 },
            )
            .toEqual([column, true]);
        }
        await picture(page, `/tmp/delivery-1024-${lang}.png`);
      } finally {
        await context.close();
      }
    });
  }

  it('lists a station’s deliveries in its company’s units with totals, and exports them', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD);
    try {
      await page.goto('/delivery');
      await search(page, 'LSF-MX05');
      await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(2);
      const newest = (await rows(page).nth(0).textContent()) ?? '';
      expect(await rows(page).nth(0).locator('[data-testid="delivery-delivered"]').textContent()).toBe('510 gal');
      expect(await rows(page).nth(0).locator('[data-testid="delivery-rise"]').textContent()).toBe('500 gal');
      expect(newest).toContain('Reported by the gauge');
      const older = (await rows(page).nth(1).textContent()) ?? '';
      expect(older).toContain('3,000 gal');
      expect(older).toContain('2,980 gal');
      expect(older).toContain('68°F → 77°F');
      const totals = (await page.locator('[data-testid="delivery-totals"]').textContent()) ?? '';
      expect(totals).toContain('3,510 gal');
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
      expect([sheet.getRow(2).getCell(delivered).value, sheet.getRow(3).getCell(delivered).value]).toEqual([510, 3_000]);
      const soldDuring = header.indexOf('Sold during the delivery') + 1;
      expect([sheet.getRow(2).getCell(soldDuring).value, sheet.getRow(3).getCell(soldDuring).value]).toEqual([10, '']);
      expect(sheet.getRow(2).getCell(2).value).toBe('LSF-MX05');
      await picture(page, '/tmp/delivery-en.png', { fullPage: true });
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
      await picture(page, '/tmp/delivery-ar.png', { fullPage: true });
    } finally {
      await context.close();
    }
  });
});
