import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dayOf, dayWindow } from '@ullage/domain/station-day';
import { apiSignedInPage, launchBrowser } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';
import { reportAccepted } from './device';
import { picture } from './pictures';

/**
 * Daily and monthly inventory pages (issue 6 items 1 and 2). Dallas (LSF-DA02, America/Chicago,
 * a company that reads gallons) is left to this file: two days ago by its clock, tank 1 went
 * silent from 09:00 to 10:00 (an abnormal day), tank 2 reported all day (a normal one), and
 * its pumps reported that day's sales.
 */
const GALLON = 3.785411784;
const TZ = 'America/Chicago';
const DAY = dayOf(Date.now() - 2 * 86_400_000, TZ);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  const w = dayWindow(DAY, TZ);
  const readings: object[] = [];
  for (let m = 0; m < 1440; m += 10) {
    const ts = new Date(w.startMs + m * 60_000).toISOString();
    // 3,000 gal falling 0.1 gal a minute: 143 gal sold by 23:50.
    const volumeL = (3_000 - m / 10) * GALLON;
    if (m <= 9 * 60 || m >= 10 * 60) readings.push({ tank: '1', ts, productHeightMm: 1_500, temperatureC: 20, volumeL });
    readings.push({ tank: '2', ts, productHeightMm: 1_500, temperatureC: 20, volumeL });
  }
  await reportAccepted('LSF-DA02', { readings });
  // Tank 2's pumps report their sales that day (11 gal an hour, 10:30 to 22:30): its month is
  // metered, and the monthly page shows the metered book and variance beside the level's.
  const sales = Array.from({ length: 13 }, (_, i) => ({ tank: '2', id: `e2e-da02-${DAY}-${i}`, ts: new Date(w.startMs + (10 + i) * 3_600_000 + 30 * 60_000).toISOString(), volumeL: 11 * GALLON, meter: 'P1' }));
  await reportAccepted('LSF-DA02', { sales });
});
afterAll(() => browser?.close());

async function search(page: Page, testId: string, text: string) {
  const box = page.locator(`[data-testid="${testId}"] input`);
  await box.fill(text);
  await box.press('Enter');
}
const rows = (page: Page, table: string) => page.locator(`[data-testid="${table}"] tbody tr.ant-table-row`);

describe('daily tank inventory page (abnormal_can)', () => {
  it('shows an abnormal day with its reason, lists its gap, and exports the rows', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD);
    try {
      // The address may name the days (as a monthly row's link does).
      await page.goto(`/abnormal_can?fromDay=${DAY}&toDay=${DAY}`);
      await search(page, 'daily-search', 'LSF-DA02');
      await expect.poll(() => rows(page, 'daily-table').count(), { timeout: 15_000 }).toBe(2);
      const dayRows = rows(page, 'daily-table').filter({ hasText: DAY });
      expect(await dayRows.count()).toBe(2);
      const abnormal = dayRows.filter({ hasText: 'Gaps: 1' });
      const normal = dayRows.filter({ hasText: 'Normal' });
      expect(await abnormal.count()).toBe(1);
      expect(await normal.textContent()).toContain('143 gal');
      expect(await normal.textContent()).toContain('3,000 gal');
      // The reason, spelled out: the gap's readings in the station's clock.
      await abnormal.locator('.ant-table-row-expand-icon').click();
      const detail = page.locator('[data-testid="inventory-detail"]');
      await expect.poll(() => detail.textContent()).toContain('09:00:00 → 10:00:00');
      expect(await detail.textContent()).toContain('1:00:00 without a reading');
      expect(await page.locator('[data-testid="daily-summary"]').textContent()).toContain('1 of 2 tank days abnormal');
      await picture(page, '/tmp/inventory-daily-e2e-en.png', { fullPage: true });

      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="daily-export"]').click()]);
      const book = new ExcelJS.Workbook();
      await book.xlsx.read(await download.createReadStream());
      const sheet = book.worksheets[0]!;
      expect(sheet.name).toBe('Daily tank inventory');
      expect(sheet.rowCount).toBe(3);
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      const col = (name: string) => header.indexOf(name) + 1;
      const lines = [sheet.getRow(2), sheet.getRow(3)];
      // The day is a date cell (the station's day at 00:00, read as UTC), so it sorts as a date.
      const dayCell = new Date(`${DAY}T00:00:00Z`);
      expect(lines.map((r) => [r.getCell(1).value, r.getCell(col('Code')).value])).toEqual([
        [dayCell, 'LSF-DA02'],
        [dayCell, 'LSF-DA02'],
      ]);
      expect(lines.map((r) => [r.getCell(col('Tank')).value, r.getCell(col('Sales')).value, r.getCell(col('Volume unit')).value, r.getCell(col('Why abnormal')).value])).toEqual([
        ['1', 143, 'US gallons', 'Gaps over 15 minutes (1): 09:00:00–10:00:00'],
        ['2', 143, 'US gallons', ''],
      ]);
    } finally {
      await context.close();
    }
  });

  it('reads right to left in Arabic', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, 'ar');
    try {
      await page.goto(`/abnormal_can?fromDay=${DAY}&toDay=${DAY}`);
      await search(page, 'daily-search', 'LSF-DA02');
      await expect.poll(() => rows(page, 'daily-table').count(), { timeout: 15_000 }).toBe(2);
      expect(await rows(page, 'daily-table').filter({ hasText: 'انقطاعات: 1' }).count()).toBe(1);
      expect(await page.locator('[data-testid="daily-summary"]').textContent()).toContain('1 من يومَي خزان');
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await picture(page, '/tmp/inventory-daily-e2e-ar.png', { fullPage: true });
    } finally {
      await context.close();
    }
  });
});

describe('monthly inventory page (Monthly)', () => {
  it('counts the abnormal days of each tank’s month and links to them', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD);
    try {
      // The page opens on the browser's month; early in a month the seeded day is in the one
      // before, so the browser's clock is set to the seeded day (the server keeps its own).
      await page.clock.setFixedTime(new Date(`${DAY}T12:00:00Z`));
      await page.goto('/Monthly');
      await search(page, 'monthly-search', 'LSF-DA02');
      await expect.poll(() => rows(page, 'monthly-table').count(), { timeout: 15_000 }).toBe(2);
      const tank1 = rows(page, 'monthly-table').filter({ hasText: '1 · ' });
      const link = tank1.locator('[data-testid="inventory-abnormal-days"]');
      await link.click();
      await page.waitForURL('**/abnormal_can?**');
      // The daily page, for that tank and month, abnormal days only: the seeded day is among them.
      await expect.poll(() => rows(page, 'daily-table').filter({ hasText: DAY }).count(), { timeout: 15_000 }).toBe(1);
      expect(await page.locator('[data-testid="daily-filter-abnormal"]').getAttribute('aria-checked')).toBe('true');
    } finally {
      await context.close();
    }
  });

  // Issue 34 item 5. The viewer is in the station's zone, so the page opens on the station's
  // month, which is in progress: today's day is left out of its figures.
  it.each([
    ['en', ['Book closing (gauged sales)', 'Variance (gauged sales)'], ['Book closing (metered sales)', 'Variance (metered sales)'], (finished: number, days: number) => `Month in progress: ${finished} of ${days} days counted`],
    ['ar', ['الختامي الدفتري (مبيعات المستوى)', 'الفرق (مبيعات المستوى)'], ['الختامي الدفتري (المبيعات المقيسة)', 'الفرق (المبيعات المقيسة)'], (finished: number, days: number) => `الشهر لم ينتهِ: احتُسب ${finished} من ${days} يومًا`],
  ] as const)('%s: names the level’s and the pumps’ book and variance apart, and counts a month in progress by its finished days', async (language, gauged, metered, note) => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, language, { timezoneId: TZ, alarmToasts: false });
    try {
      const answered = page.waitForResponse((r) => r.url().includes('/api/report/inventory/monthly/list') && r.url().includes('LSF-DA02'));
      await page.goto('/Monthly');
      await search(page, 'monthly-search', 'LSF-DA02');
      const answer = (await (await answered).json()) as { data: { list: { tankCode: string; days: number; finishedDays: number; daysInMonth: number; inProgress: boolean }[] } };
      await expect.poll(() => rows(page, 'monthly-table').count(), { timeout: 15_000 }).toBe(2);
      const tank1 = answer.data.list.find((r) => r.tankCode === '1')!;
      // Every day of the tank's month up to today, less today.
      expect(tank1).toMatchObject({ inProgress: true, finishedDays: tank1.days - 1 });
      const notes = await page.locator('[data-testid="monthly-table"] [data-testid="monthly-progress"]').allTextContents();
      expect(notes).toContain(note(tank1.finishedDays, tank1.daysInMonth));
      const headers = (await page.locator('[data-testid="monthly-table"] thead th').allTextContents()).map((h) => h.trim()).filter((h) => h !== '');
      expect(headers).toEqual(expect.arrayContaining([...gauged]));
      expect(new Set(headers).size).toBe(headers.length);
      // Early in a month the metered day is in the month before, and no metered column shows.
      if (DAY.slice(0, 7) === dayOf(Date.now(), TZ).slice(0, 7)) expect(headers).toEqual(expect.arrayContaining([...metered]));
      if (language === 'ar') expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await picture(page, `/tmp/inventory-monthly-e2e-${language}.png`, { fullPage: true });
    } finally {
      await context.close();
    }
  });
});

describe('tables while they load (issue 34 item 7)', () => {
  it('an empty table says it is loading, not "No data", while its first page is on its way', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, 'en', { alarmToasts: false });
    try {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let asked = false;
      await page.route('**/api/report/inventory/monthly/list**', async (route) => {
        asked = true;
        await held;
        await route.continue();
      });
      await page.goto('/Monthly');
      const table = page.locator('[data-testid="monthly-table"]');
      await expect.poll(() => asked, { timeout: 15_000 }).toBe(true);
      await table.waitFor();
      expect((await table.locator('.ant-table-placeholder').innerText()).trim()).toBe('Loading…');
      expect(await table.textContent()).not.toContain('No data');
      release();
      // Once the answer is in, the table shows its rows, or — with none — says so.
      await expect.poll(async () => (await table.locator('tbody').innerText()).includes('Loading…'), { timeout: 15_000 }).toBe(false);
    } finally {
      await context.close();
    }
  });
});
