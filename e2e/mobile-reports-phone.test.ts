import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiSignedInPage, launchBrowser, openInApp } from './browser';
import { startPreparedServer } from './prepared-server';
import { E2E_ADMIN_PASSWORD, type RunningServer } from './server';
import { reportAccepted } from './device';
import { chooseOption } from './select-option';
import { picture } from './pictures';

/**
 * The six remaining _phone reports (issue 8) at 390×844 with a phone's identity: daily and
 * monthly inventory, data jumps, offline records, historical inventory and power-offs, each
 * with the desktop page's filters and data, as cards. Offline records need 15 silent minutes,
 * so this file serves a database of its own (as offline-records.test.ts does) with two of
 * Denver Colfax's outages written in; everything else is Denver Colfax (LSF-DE03: America/Denver,
 * US gallons and °F) reporting through the real device path.
 */
const STATION = 'LSF-DE03';
const ZONE = 'America/Denver';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const GALLON = 3.785411784;
const MIN = 60_000;
const HOUR = 60 * MIN;
const STEP = 10 * MIN;
/** Readings fall on whole ten minutes, so a Denver day's first is at 00:00 and its last at 23:50. */
const NOW = Math.floor(Date.now() / STEP) * STEP;
const iso = (ms: number) => new Date(ms).toISOString();
const locale = (name: string) => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `../apps/web/src/i18n/locales/${name}.json`), 'utf8')) as Record<string, string>;
const AR = locale('ar');

/** Tank 1 (92# Gasoline): 50 hours of a reading every ten minutes, selling 10 L a reading. */
const SERIES = Array.from({ length: 300 }, (_, i) => ({
  tank: '1',
  ts: iso(NOW - (300 - i) * STEP),
  productHeightMm: 1400 - i * 0.5,
  waterHeightMm: 20,
  temperatureC: 15,
  volumeL: 12_000 - i * 10,
  tcVolumeL: 11_950 - i * 10,
}));
/** Tank 2 (95# Gasoline): the product height jumps 150 mm between two readings. */
const JUMP = [
  { tank: '2', ts: iso(NOW - 40 * MIN), productHeightMm: 1200, waterHeightMm: 0, temperatureC: 15, volumeL: 9_000 },
  { tank: '2', ts: iso(NOW - 30 * MIN), productHeightMm: 1350, waterHeightMm: 0, temperatureC: 15, volumeL: 10_500 },
];
/** Tank 3 (0# Diesel): off for 20 minutes, back 300 L fuller (over the 50 L tolerance). */
const OFF_AT = NOW - 120 * MIN;
const ON_AT = NOW - 100 * MIN;
const EVENTS = [
  { type: 'power-off', ts: iso(OFF_AT), readings: [{ tank: '3', ts: iso(OFF_AT), productHeightMm: 900, waterHeightMm: 10, temperatureC: 16, volumeL: 6_000 }] },
  { type: 'power-on', ts: iso(ON_AT), readings: [{ tank: '3', ts: iso(ON_AT), productHeightMm: 930, waterHeightMm: 10, temperatureC: 15, volumeL: 6_300 }] },
];

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  server = await startPreparedServer('phone-reports', async (db) => {
    // An hour's outage 6 hours ago, processed; a half-hour one 3 hours ago, not yet.
    await db.execute(sql`
      insert into offline_records (distributor_id, company_id, station_id, started_at, ended_at, type, handler, content, processed, processed_at, processed_by)
      select distributor_id, company_id, id, ${iso(NOW - 6 * HOUR)}::timestamptz, ${iso(NOW - 5 * HOUR)}::timestamptz, 'shutdown', 'Ana Ruiz',
        'Utility power cut; console restarted', true, ${iso(NOW - 4 * HOUR)}::timestamptz, (select id from users where username = 'admin')
      from stations where code = ${STATION}`);
    await db.execute(sql`
      insert into offline_records (distributor_id, company_id, station_id, started_at, ended_at)
      select distributor_id, company_id, id, ${iso(NOW - 3 * HOUR)}::timestamptz, ${iso(NOW - 150 * MIN)}::timestamptz from stations where code = ${STATION}`);
  });
  browser = await launchBrowser();
  await reportAccepted(STATION, { readings: [...SERIES, ...JUMP], events: EVENTS }, server.baseUrl);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A phone (390×844, touch, a phone's browser identity) signed in (without the form: mobile.test.ts signs in through it); it opens no page. */
function phone(language: 'en' | 'ar'): Promise<{ context: BrowserContext; page: Page }> {
  return apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, language, { server: server.baseUrl, userAgent: PHONE, width: 390, height: 844, touch: true, locale: language === 'ar' ? 'ar' : 'en-US' });
}

/** "YYYY-MM-DD HH:mm:ss" in Denver, as the pages write a station's times. */
function denver(ms: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

const gallons = (litres: number, lang = 'en-US') => new Intl.NumberFormat(lang, { style: 'unit', unit: 'gallon', unitDisplay: 'short', maximumFractionDigits: 0 }).format(litres / GALLON);
const fahrenheit = (celsius: number) => new Intl.NumberFormat('en-US', { style: 'unit', unit: 'fahrenheit', unitDisplay: 'short', maximumFractionDigits: 1 }).format((celsius * 9) / 5 + 32);
const mm = (value: number) => new Intl.NumberFormat('en-US', { style: 'unit', unit: 'millimeter', unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);

async function search(page: Page, testId: string, text: string) {
  const box = page.locator(`[data-testid="${testId}"] input`);
  await box.fill(text);
  await box.press('Enter');
}

/** Nothing wider than the phone: no sideways scrolling on a 390 px screen. */
async function expectNoOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

async function openFilters(page: Page) {
  await page.locator('[data-testid="filter-open"]').click();
  await page.locator('[data-testid="filter-sheet"]').waitFor();
}

async function closeFilters(page: Page) {
  await page.locator('[data-testid="filter-done"]').click();
  await page.locator('[data-testid="filter-sheet"]').waitFor({ state: 'hidden' });
}

/** Denver's first whole day of the series: its first reading at 00:00, its last at 23:50. */
function fullDay() {
  const days = [...new Set(SERIES.map((r) => denver(Date.parse(r.ts)).slice(0, 10)))];
  const day = days[1]!;
  const of = SERIES.filter((r) => denver(Date.parse(r.ts)).startsWith(day));
  return { day, first: of[0]!, last: of[of.length - 1]! };
}

const PAGES = ['abnormal_can_phone', 'Monthly_phone', 'alarm_record_phone', 'offline_record_phone', 'history_can_save_phone', 'open_close_report_phone'] as const;

describe('the six _phone reports (spec §2: the same data and filters, as cards)', () => {
  it('are listed on the phone’s settings page, and a desktop report link opens its _phone page', async () => {
    const { context, page } = await phone('en');
    try {
      await page.goto('/setting');
      for (const name of PAGES) await expect(page.locator(`[data-testid="setting-report-${name}"]`).getAttribute('href')).resolves.toBe(`/${name}`);
      await page.locator('[data-testid="setting-report-Monthly_phone"]').click();
      await page.waitForURL('**/Monthly_phone');
      await expect.poll(() => page.locator('[data-testid="page-title"]').textContent()).toBe('Monthly inventory');
      // The settings tab stays lit below it.
      await expect(page.locator('[data-testid="mobile-tabs"] [data-menu="setting"]').getAttribute('class')).resolves.toMatch(/\bactive\b/);
      await expect(page.locator('[data-testid="mobile-tabs"] [data-menu="realAlarm"]').getAttribute('class')).resolves.not.toMatch(/\bactive\b/);
      // The back arrow leads up to the settings page.
      await page.locator('[data-testid="mobile-back"]').click();
      await page.waitForURL('**/setting');
      await page.goto('/open_close_report');
      await page.waitForURL('**/open_close_report_phone');
      await page.locator('[data-testid="open-close-report-phone"]').waitFor();
    } finally {
      await context.close();
    }
  });

  it('abnormal_can_phone: a tank’s whole Denver day in gallons, the filters, and the 31-day limit', async () => {
    const { context, page } = await phone('en');
    try {
      await page.goto('/abnormal_can');
      await page.waitForURL('**/abnormal_can_phone');
      await search(page, 'daily-search', STATION);
      const { day, first, last } = fullDay();
      const card = page.locator(`[data-testid="daily-list"] [data-testid="daily-card"][data-day="${day}"][data-tank="1"]`);
      await card.waitFor({ timeout: 10_000 });
      const text = (await card.textContent()) ?? '';
      expect(text).toContain('Denver Colfax');
      expect(text).toContain('92# Gasoline');
      expect(text).toContain('Normal');
      await expect(card.locator('[data-testid="daily-card-start"]').textContent()).resolves.toBe(gallons(first.volumeL));
      await expect(card.locator('[data-testid="daily-card-end"]').textContent()).resolves.toBe(gallons(last.volumeL));
      // Sales = start − end (no deliveries): 143 readings of 10 L, on a day of 24 hours.
      await expect(card.locator('[data-testid="daily-card-sales"]').textContent()).resolves.toBe(gallons(first.volumeL - last.volumeL));
      expect(text).toContain('00:00:00');
      expect(text).toContain('23:50:00');
      await expect(page.locator('[data-testid="daily-summary"]').textContent()).resolves.toMatch(/^\d+ of \d+ tank days? abnormal$/);
      await expectNoOverflow(page);
      await picture(page, '/tmp/phone-daily-en.png', { fullPage: true });

      await openFilters(page);
      for (const id of ['daily-filter-org', 'daily-filter-area', 'daily-filter-tank', 'daily-filter-product', 'daily-filter-days', 'daily-filter-abnormal']) {
        await page.locator(`[data-testid="filter-sheet"] [data-testid="${id}"]`).waitFor();
      }
      // 40 days is refused, in the desktop's words; the list keeps the last valid week.
      const to = await page.locator('[data-testid="daily-filter-days-to"]').inputValue();
      const forty = new Date(Date.parse(`${to}T12:00:00Z`) - 40 * 86_400_000).toISOString().slice(0, 10);
      await page.locator('[data-testid="daily-filter-days-from"]').fill(forty);
      await expect(page.locator('[data-testid="daily-filter-days-problem"]').textContent()).resolves.toBe('No more than 31 days');
      await picture(page, '/tmp/phone-daily-filters-en.png');
      await page.locator('[data-testid="daily-filter-abnormal"] [data-value="yes"]').click();
      await closeFilters(page);
      // Only abnormal days remain: the whole day is gone, a day with a missing start stays.
      // The list reloads, and while it loads no card is shown: wait until the cards shown are the
      // filtered ones (none Normal, the missing start among them), then check the whole day is gone.
      const status = page.locator('[data-testid="daily-card"] [data-testid="inventory-status"]');
      const shown = async () => {
        const statuses = await status.allTextContents();
        return statuses.length > 0 && statuses.every((one) => !one.includes('Normal')) && statuses.join(' ').includes('Missing start');
      };
      await expect.poll(shown, { timeout: 10_000 }).toBe(true);
      expect(await card.count()).toBe(0);
      await expect(page.locator('[data-testid="filter-open"]').locator('..').textContent()).resolves.toContain('1');
    } finally {
      await context.close();
    }
  });

  it('Monthly_phone: the tank months, the same figures as the report endpoint, in gallons', async () => {
    const { context, page } = await phone('en');
    try {
      // The page opens on the browser's month. The series' only whole Denver day may fall in the
      // month before today's (on the 1st or 2nd), so the browser's clock is set to that day's noon
      // (the server keeps its own): the month shown always holds a day whose sales are known.
      await page.clock.setFixedTime(new Date(`${fullDay().day}T12:00:00Z`));
      await page.goto('/Monthly_phone');
      await search(page, 'monthly-search', STATION);
      const card = page.locator('[data-testid="monthly-list"] [data-testid="monthly-card"][data-tank="1"]');
      await card.first().waitFor({ timeout: 10_000 });
      // What the desktop table shows for the same question.
      const expected = await page.evaluate(async (station) => {
        const d = new Date();
        const month = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
        const answer = await (await fetch(`/api/report/inventory/monthly/list?fromMonth=${month}&toMonth=${month}&q=${station}&page=1&pageSize=20`)).json();
        const row = answer.data.list.find((r: { tankCode: string }) => r.tankCode === '1');
        return { month, salesL: row.salesL as number | null, deliveredL: row.deliveredL as number };
      }, STATION);
      await expect(card.first().getAttribute('data-month')).resolves.toBe(expected.month);
      expect(expected.salesL).not.toBeNull();
      expect(expected.salesL!).toBeGreaterThan(0);
      await expect(card.first().locator('[data-testid="monthly-card-sales"]').textContent()).resolves.toBe(gallons(expected.salesL!));
      await expect(card.first().locator('[data-testid="monthly-card-delivered"]').textContent()).resolves.toBe(gallons(expected.deliveredL));
      expect(await card.first().textContent()).toContain('Denver Colfax');
      await expect(page.locator('[data-testid="monthly-summary"]').textContent()).resolves.toMatch(/^\d+ of \d+ tank months? with abnormal days$/);
      await openFilters(page);
      for (const id of ['monthly-filter-org', 'monthly-filter-area', 'monthly-filter-tank', 'monthly-filter-product', 'monthly-filter-months', 'monthly-filter-abnormal']) {
        await page.locator(`[data-testid="filter-sheet"] [data-testid="${id}"]`).waitFor();
      }
      await expect(page.locator('[data-testid="monthly-filter-months-from"]').inputValue()).resolves.toBe(expected.month);
      await closeFilters(page);
      await expectNoOverflow(page);
      await picture(page, '/tmp/phone-monthly-en.png', { fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('alarm_record_phone: the height jump in words, both readings side by side in mm, °F and gallons', async () => {
    const { context, page } = await phone('en');
    try {
      await page.goto('/alarm_record_phone');
      await search(page, 'jump-search', STATION);
      const cards = page.locator('[data-testid="jump-list"] [data-testid="jump-card"]');
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(1);
      const card = cards.first();
      await expect(card.getAttribute('data-rule')).resolves.toBe('height');
      await expect(card.locator('[data-testid="jump-card-explanation"]').textContent()).resolves.toBe('Product height changed by 150 mm, more than 100 mm');
      const text = (await card.textContent()) ?? '';
      expect(text).toContain('Height jump');
      expect(text).toContain('95# Gasoline');
      const cells = async (measure: string) => card.locator(`[data-measure="${measure}"] td`).allTextContents();
      // Two readings on one local day show times only; across the station's midnight they keep their dates.
      const [before, after] = [denver(NOW - 40 * MIN), denver(NOW - 30 * MIN)];
      const sameDay = before.slice(0, 10) === after.slice(0, 10);
      await expect(cells('time')).resolves.toEqual(sameDay ? [before.slice(11), after.slice(11)] : [before, after]);
      await expect(cells('height')).resolves.toEqual([mm(1200), mm(1350)]);
      await expect(cells('temperature')).resolves.toEqual([fahrenheit(15), fahrenheit(15)]);
      await expect(cells('volume')).resolves.toEqual([gallons(9_000), gallons(10_500)]);
      // The watched value is the one marked.
      await expect(card.locator('.m-compare__mark').allTextContents()).resolves.toEqual([mm(1350)]);
      await openFilters(page);
      for (const id of ['jump-filter-org', 'jump-filter-area', 'jump-filter-tank', 'jump-filter-product', 'jump-filter-rule', 'filter-dates']) {
        await page.locator(`[data-testid="filter-sheet"] [data-testid="${id}"]`).waitFor();
      }
      await page.locator('[data-testid="jump-filter-rule"] [data-value="temperature"]').click();
      await closeFilters(page);
      await page.locator('[data-testid="empty-state"]').waitFor();
      await openFilters(page);
      await page.locator('[data-testid="jump-filter-rule"] [data-value="height"]').click();
      await closeFilters(page);
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(1);
      await expectNoOverflow(page);
      await picture(page, '/tmp/phone-jumps-en.png', { fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('offline_record_phone: processed and unprocessed outages, filtered, and one processed from the phone', async () => {
    const { context, page } = await phone('en');
    try {
      await page.goto('/offline_record');
      await page.waitForURL('**/offline_record_phone');
      await search(page, 'offline-search', STATION);
      const cards = page.locator('[data-testid="offline-list"] [data-testid="offline-card"]');
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(2);
      // Newest first: the half-hour outage, not processed; then the processed hour.
      const [open, done] = [cards.nth(0), cards.nth(1)];
      await expect(open.locator('[data-testid="offline-card-state"]').textContent()).resolves.toBe('Unprocessed');
      await expect(open.locator('[data-testid="offline-card-started"]').textContent()).resolves.toBe(denver(NOW - 3 * HOUR).slice(0, 16));
      await expect(open.locator('[data-testid="offline-card-duration"]').textContent()).resolves.toBe('30 min');
      await expect(done.locator('[data-testid="offline-card-state"]').textContent()).resolves.toBe('Processed');
      await expect(done.locator('[data-testid="offline-card-duration"]').textContent()).resolves.toBe('1 h 0 min');
      await expect(done.locator('[data-testid="offline-card-type"]').textContent()).resolves.toBe('Shutdown / network');
      await expect(done.locator('[data-testid="offline-card-handler"]').textContent()).resolves.toBe('Ana Ruiz');
      await expect(done.locator('[data-testid="offline-card-content"]').textContent()).resolves.toBe('Utility power cut; console restarted');
      expect(await done.locator('[data-testid^="offline-process-"]').count()).toBe(0);
      await expectNoOverflow(page);
      await picture(page, '/tmp/phone-offline-en.png', { fullPage: true });

      await openFilters(page);
      for (const id of ['offline-filter-org', 'offline-filter-area', 'offline-filter-processed', 'offline-filter-type', 'filter-dates']) {
        await page.locator(`[data-testid="filter-sheet"] [data-testid="${id}"]`).waitFor();
      }
      await page.locator('[data-testid="offline-filter-processed"] [data-value="yes"]').click();
      await closeFilters(page);
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(1);
      await expect(cards.first().locator('[data-testid="offline-card-handler"]').textContent()).resolves.toBe('Ana Ruiz');
      await openFilters(page);
      await page.locator('[data-testid="filter-clear"]').click();
      await closeFilters(page);
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(2);

      // The desktop's processing form, over the list.
      await cards.nth(0).locator('[data-testid^="offline-process-"]').click();
      await page.locator('[data-testid="offline-process-handler"]').fill('Li Wei');
      await page.locator('[data-testid="offline-process-type-atg-fault"]').click();
      await page.locator('[data-testid="offline-process-content"]').fill('Network cable replaced');
      await picture(page, '/tmp/phone-offline-form-en.png');
      await page.locator('[data-testid="offline-process-submit"]').click();
      await expect.poll(() => cards.nth(0).locator('[data-testid="offline-card-state"]').textContent(), { timeout: 10_000 }).toBe('Processed');
      await expect(cards.nth(0).locator('[data-testid="offline-card-content"]').textContent()).resolves.toBe('Network cable replaced');
      await expect(cards.nth(0).locator('[data-testid="offline-card-type"]').textContent()).resolves.toBe('ATG fault');
      await expect(cards.nth(0).locator('[data-testid="offline-card-processedBy"]').textContent()).resolves.toBe('Administrator');
    } finally {
      await context.close();
    }
  });

  it('history_can_save_phone: refuses 12 days, then draws a day of tank 1 and lists its readings, newest first', async () => {
    const { context, page } = await phone('en');
    try {
      await page.goto('/history_can_save_phone');
      await page.locator('[data-testid="history-start"]').waitFor();
      // Nothing chosen: the spec's sentence for station and tank.
      await page.locator('[data-testid="history-submit"]').click();
      await expect(page.locator('[data-testid="history-tank-problem"]').textContent()).resolves.toBe('Must select gas station and tank');
      await chooseOption(page, 'history-station', STATION);
      await chooseOption(page, 'history-tank', '92#', '1 · 92# Gasoline');
      await page.locator('[data-testid="history-to"]').fill('2026-05-14T10:00');
      await page.locator('[data-testid="history-from"]').fill('2026-05-02T10:00');
      await page.locator('[data-testid="history-submit"]').click();
      await expect(page.locator('[data-testid="history-range-problem"]').textContent()).resolves.toBe('Time cannot exceed 11 days');
      await page.locator('[data-testid="history-from"]').fill('2026-05-15T10:00');
      await expect(page.locator('[data-testid="history-range-problem"]').textContent()).resolves.toBe('Start time must be before end time');
      // The refused range's pickers are framed in red, the pickers' own grey frame notwithstanding.
      await expect(page.locator('[data-testid="history-from"]').evaluate((e) => getComputedStyle(e).borderTopColor)).resolves.toBe('rgb(255, 77, 79)');
      await expect(page.locator('[data-testid="history-chart"]').count()).resolves.toBe(0);
      await picture(page, '/tmp/phone-history-refused-en.png', { fullPage: true });

      await page.locator('[data-testid="history-presets"] [data-days="1"]').click();
      await page.locator('[data-testid="history-submit"]').click();
      await expect(page.locator('[data-testid="history-problems"]').count()).resolves.toBe(0);
      const chart = page.locator('[data-testid="history-chart"]');
      await expect.poll(() => chart.getAttribute('data-rendered'), { timeout: 15_000 }).toBe('true');
      // The range the fields show, in the phone's zone, decides which readings are in it.
      const [from, to] = await page.evaluate(() =>
        ['history-from', 'history-to'].map((id) => new Date((document.querySelector(`[data-testid="${id}"]`) as HTMLInputElement).value).getTime()),
      );
      const inRange = SERIES.filter((r) => Date.parse(r.ts) >= from! && Date.parse(r.ts) < to!);
      await expect(chart.getAttribute('data-points')).resolves.toBe(String(inRange.length));
      const cards = page.locator('[data-testid="history-list"] [data-testid="history-card"]');
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(20);
      await expect(page.locator('[data-testid="list-count"]').textContent()).resolves.toBe(`20 of ${inRange.length} shown`);
      const newest = inRange[inRange.length - 1]!;
      const card = cards.first();
      expect(await card.locator('h3').textContent()).toBe(denver(Date.parse(newest.ts)));
      await expect(card.locator('[data-testid="history-card-volume"]').textContent()).resolves.toBe(gallons(newest.volumeL));
      await expect(card.locator('[data-testid="history-card-tcVolume"]').textContent()).resolves.toBe(gallons(newest.tcVolumeL));
      await expect(card.locator('[data-testid="history-card-height"]').textContent()).resolves.toBe(mm(newest.productHeightMm));
      await expect(card.locator('[data-testid="history-card-temperature"]').textContent()).resolves.toBe(fahrenheit(15));
      await expect(page.locator('[data-testid="history-subject"]').textContent()).resolves.toContain('Denver Colfax');
      await expectNoOverflow(page);
      await picture(page, '/tmp/phone-history-en.png');
      await chart.scrollIntoViewIfNeeded();
      await picture(page, '/tmp/phone-history-chart-en.png');
      await card.scrollIntoViewIfNeeded();
      await picture(page, '/tmp/phone-history-cards-en.png');
    } finally {
      await context.close();
    }
  });

  it('open_close_report_phone: the power-off and its power-on, tank 3 in gallons, flagged over the tolerance', async () => {
    const { context, page } = await phone('en');
    try {
      await page.goto('/open_close_report_phone');
      const cards = page.locator('[data-testid="power-list"] [data-testid="power-card"]');
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(1);
      const card = cards.first();
      await expect(card.locator('[data-testid="power-card-off"]').textContent()).resolves.toBe(denver(OFF_AT).slice(0, 16));
      await expect(card.locator('[data-testid="power-card-on"]').textContent()).resolves.toBe(denver(ON_AT).slice(0, 16));
      await expect(card.locator('[data-testid="power-card-duration"]').textContent()).resolves.toBe('20 min');
      const tank = card.locator('[data-testid="power-card-tank"][data-tank="3"]');
      expect(await tank.textContent()).toContain('0# Diesel');
      await expect(tank.locator('[data-measure="volume"] td').allTextContents()).resolves.toEqual([gallons(6_000), gallons(6_300)]);
      await expect(tank.locator('[data-measure="height"] td').allTextContents()).resolves.toEqual([mm(900), mm(930)]);
      await expect(tank.locator('[data-measure="temperature"] td').allTextContents()).resolves.toEqual([fahrenheit(16), fahrenheit(15)]);
      await expect(tank.locator('[data-testid="power-card-difference"]').textContent()).resolves.toBe(`+${gallons(300)}`);
      expect(await card.textContent()).toContain('Over tolerance');
      await expect(page.locator('[data-testid="power-legend"]').textContent()).resolves.toContain('more than 50 L');

      // A tolerance above the change: no longer flagged.
      await openFilters(page);
      for (const id of ['power-filter-org', 'power-filter-area', 'filter-dates', 'power-filter-tolerance']) {
        await page.locator(`[data-testid="filter-sheet"] [data-testid="${id}"]`).waitFor();
      }
      const tolerance = page.locator('[data-testid="filter-sheet"] input[data-testid="power-filter-tolerance"]');
      await tolerance.fill('400');
      await tolerance.press('Enter');
      await closeFilters(page);
      await expect.poll(() => page.locator('[data-testid="power-legend"]').textContent(), { timeout: 10_000 }).toContain('more than 400 L');
      await expect.poll(() => card.textContent(), { timeout: 10_000 }).not.toContain('Over tolerance');
      await expectNoOverflow(page);
      await picture(page, '/tmp/phone-power-en.png', { fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('in Arabic every one of the six reads right to left, in Arabic, without sideways scrolling', async () => {
    const { context, page } = await phone('ar');
    try {
      // The app loaded once, then each page by its router, as the settings page's links do.
      for (const [i, name] of PAGES.entries()) {
        await (i === 0 ? page.goto(`/${name}`) : openInApp(page, `/${name}`));
        await expect.poll(() => page.locator('[data-testid="page-title"] >> visible=true').first().textContent()).toBe(AR[`route.title.${name.replace(/_phone$/, '')}`]);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        if (name === 'history_can_save_phone') {
          await chooseOption(page, 'history-station', STATION);
          await chooseOption(page, 'history-tank', '92#');
          await page.locator('[data-testid="history-presets"] [data-days="1"]').click();
          await page.locator('[data-testid="history-submit"]').click();
          await expect.poll(() => page.locator('[data-testid="history-chart"]').getAttribute('data-rendered'), { timeout: 15_000 }).toBe('true');
          await page.locator('[data-testid="history-card"]').first().waitFor();
          await page.locator('[data-testid="history-chart"]').scrollIntoViewIfNeeded();
        } else {
          await page.locator('[data-testid$="-card"] >> visible=true').first().waitFor({ timeout: 10_000 });
        }
        await expectNoOverflow(page);
      }
      // The last page visited before: the jumps, named and explained in Arabic.
      await openInApp(page, '/alarm_record_phone');
      const card = page.locator('[data-testid="jump-card"] >> visible=true').first();
      await card.waitFor({ timeout: 10_000 });
      const text = (await card.textContent()) ?? '';
      expect(text).toContain(AR['report.jumps.rule.height']);
      expect(text).toContain(AR['mobile.report.jumped']);
      expect(text).toContain(gallons(10_500, 'ar'));
      // The table's first column (the measure) sits at the right-hand edge.
      const label = await card.locator('[data-measure="volume"] th').boundingBox();
      expect(label!.x).toBeGreaterThan(390 / 2);
    } finally {
      await context.close();
    }
  });
});
