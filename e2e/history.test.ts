import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { launchBrowser, logIn, newPage } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';
import { reportAccepted } from './device';

/**
 * Historical inventory (issue 6 item 5): the page refuses 12 days with the spec's message
 * before asking the server, and draws the trend for a valid range. Houston (LSF-HO01, a company
 * reading US gallons) is left to this file — no other test reads or writes it: three days of one
 * reading a minute on tank 1 — 4,320 readings, more than the chart draws, so the server sends
 * bucket means.
 */
let browser: Browser;
const MIN = 60_000;
const DAY = 86_400_000;
const NOW = Math.floor(Date.now() / MIN) * MIN;
const READINGS = 3 * 1440;
const GALLON = 3.785411784;
const STATION = 'LSF-HO01';

beforeAll(async () => {
  browser = await launchBrowser();
  const readings = Array.from({ length: READINGS }, (_, i) => {
    const minute = READINGS - 1 - i;
    // A slow, steady sale: no jump, no delivery, no alarm for the other pages to find.
    return { tank: '1', ts: new Date(NOW - minute * MIN).toISOString(), productHeightMm: 1500 - i / 20, waterHeightMm: 20, temperatureC: 20 + Math.sin(i / 120), volumeL: (7_000 - i / 8) * GALLON, tcVolumeL: (6_980 - i / 8) * GALLON, waterVolumeL: 20 * GALLON };
  });
  expect((await reportAccepted(STATION, { readings })).accepted).toBe(READINGS);
});
afterAll(() => browser?.close());

/** Local "YYYY-MM-DD HH:mm" of an instant, as the date pickers take it (the browser runs in the test's zone). */
function pickerText(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

async function choose(page: Page, testId: string, text: string, optionText: string | RegExp = text) {
  await page.locator(`[data-testid="${testId}"]`).click();
  await page.keyboard.type(text);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: optionText }).first();
  await option.waitFor();
  await option.click();
  // The next select's options are not to be confused with this one's, still fading out.
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

async function typeTime(page: Page, testId: string, ms: number) {
  const input = page.locator(`input[data-testid="${testId}"]`);
  await input.click();
  await input.fill(pickerText(ms));
  await input.press('Enter');
}

/** Pixels of the chart's canvas that are drawn (not transparent), and those in the volume line's orange. */
function canvasInk(page: Page) {
  return page.locator('[data-testid="history-chart"] canvas').first().evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let ink = 0;
    let orange = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3]! > 0) ink++;
      if (Math.abs(data[i]! - 0xfa) < 12 && Math.abs(data[i + 1]! - 0x8c) < 24 && data[i + 2]! < 60 && data[i + 3]! > 200) orange++;
    }
    return { ink, orange };
  });
}

async function refusesTwelveDaysThenDraws(page: Page, message: string) {
  const asked: string[] = [];
  page.on('request', (r: Request) => {
    if (r.url().includes('/api/report/history/')) asked.push(r.url());
  });
  await page.goto('/history_can_save');
  await choose(page, 'history-station', STATION);
  await choose(page, 'history-tank', '1', /^1 · /);
  // [from, to): the newest reading is at NOW, so the range ends a minute after it.
  await typeTime(page, 'history-from', NOW + MIN - 12 * DAY);
  await typeTime(page, 'history-to', NOW + MIN);
  await page.locator('[data-testid="history-submit"]').click();
  await expect.poll(() => page.locator('[data-testid="history-range-problem"]').textContent()).toBe(message);
  expect(await page.locator('[data-testid="history-chart"]').count()).toBe(0);
  // Refused in the form: the server was not asked.
  expect(asked).toEqual([]);

  // Eleven days is allowed: the trend of the three days there are.
  await typeTime(page, 'history-from', NOW + MIN - 11 * DAY);
  await page.locator('[data-testid="history-submit"]').click();
  const chart = page.locator('[data-testid="history-chart"][data-rendered="true"]');
  await chart.waitFor({ timeout: 20_000 });
  expect(await page.locator('[data-testid="history-problems"]').count()).toBe(0);
  // 11 days over at most 2,000 points: 10-minute means of the 4,320 readings (433 buckets at most).
  expect(await chart.getAttribute('data-bucket-seconds')).toBe('600');
  const points = Number(await chart.getAttribute('data-points'));
  expect(points).toBeGreaterThanOrEqual(432);
  expect(points).toBeLessThanOrEqual(433);
  const ink = await canvasInk(page);
  expect(ink.ink).toBeGreaterThan(10_000);
  expect(ink.orange).toBeGreaterThan(200);
  await expect.poll(() => page.locator('[data-testid="history-table"] tbody tr.ant-table-row').count(), { timeout: 10_000 }).toBe(10);
  return asked;
}

describe('historical inventory page (history_can_save)', () => {
  it('refuses 12 days with the spec’s message, then draws the trend and lists and exports the readings', async () => {
    const { context, page } = await newPage(browser);
    try {
      await logIn(page, 'admin', E2E_ADMIN_PASSWORD);
      await page.waitForURL('**/home');
      const asked = await refusesTwelveDaysThenDraws(page, 'Time cannot exceed 11 days');
      expect(asked.some((u) => u.includes('/series?'))).toBe(true);
      expect(await page.locator('.ant-pagination-total-text').textContent()).toMatch(/^4,?320 in total$/);
      expect(await page.locator('[data-testid="history-bucket-note"]').textContent()).toContain('each is the mean of 10 minutes');
      // Start = end: the other rule, also in the form.
      await typeTime(page, 'history-from', NOW + MIN);
      await page.locator('[data-testid="history-submit"]').click();
      await expect.poll(() => page.locator('[data-testid="history-range-problem"]').textContent()).toBe('Start time must be before end time');
      await page.screenshot({ path: '/tmp/history-en.png', fullPage: true });

      // The export is of the range last asked (the trend on screen), every reading of it.
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="history-export"]').click()]);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile((await download.path())!);
      const sheet = book.worksheets[0]!;
      expect(sheet.name).toBe('Inventory history');
      expect(sheet.rowCount).toBe(1 + READINGS);
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      // In the company's unit: the oldest reading's 7,000 US gallons.
      expect(header).toContain('Volume (gal)');
      expect(sheet.getRow(2).getCell(header.indexOf('Volume (gal)') + 1).value).toBe(7_000);
    } finally {
      await context.close();
    }
  });

  it('does the same right to left in Arabic', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/login');
      await page.evaluate(() => localStorage.setItem('language', 'ar'));
      await logIn(page, 'admin', E2E_ADMIN_PASSWORD);
      await page.waitForURL('**/home');
      await refusesTwelveDaysThenDraws(page, 'لا يمكن أن تتجاوز المدة 11 يومًا');
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      // The chart keeps time running left to right.
      expect(await page.locator('[data-testid="history-chart"]').getAttribute('dir')).toBe('ltr');
      await page.screenshot({ path: '/tmp/history-ar.png', fullPage: true });
    } finally {
      await context.close();
    }
  });
});
