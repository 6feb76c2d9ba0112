import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dayOf, nextDay } from '@ullage/domain/station-day';
import { zonedTimeToUtc } from '@ullage/domain/zoned-time';
import { apiSignedInPage, launchBrowser } from './browser';
import { E2E_DEMO_PASSWORD } from './server';
import { reportAccepted } from './device';
import { pickTreeNode } from './tree-select';
import { picture } from './pictures';

/**
 * Sales per shift (pay_for_oil) and sales details (sales_detail) as a company user works them:
 * set the shifts of a station on the page, read the figures of its readings, open one figure.
 * Riyadh (NWP-RY04, UTC+3, litres) is left to this file. Two days ago it read: tank 1 10,000 L
 * at 07:05, 2,000 L delivered at 10:00, 8,200 L at exactly 19:00 and 7,000 L at 06:55 the day
 * after; so with shifts Day 07:00 and Night 19:00 the day sold 10,000 − 8,200 + 2,000 = 3,800 L
 * and the night 8,200 − 7,000 = 1,200 L.
 */
const ZONE = 'Asia/Riyadh';
const D = dayOf(Date.now() - 2 * 86_400_000, ZONE);
const at = (hhmm: string, day = D) => {
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
  const [hour, minute] = hhmm.split(':').map(Number) as [number, number];
  return zonedTimeToUtc({ year, month, day: dayOfMonth, hour, minute }, ZONE).toISOString();
};
const reading = (ts: string, volumeL: number) => ({ tank: '1', ts, productHeightMm: volumeL / 10, temperatureC: 24, volumeL, tcVolumeL: volumeL - 15 });

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await reportAccepted('NWP-RY04', {
      readings: [reading(at('07:05'), 10_000), reading(at('09:55'), 8_800), reading(at('12:00'), 10_300), reading(at('19:00'), 8_200), reading(at('06:55', nextDay(D)), 7_000)],
      deliveries: [{ tank: '1', startedAt: at('10:00'), endedAt: at('10:30'), startVolumeL: 8_800, endVolumeL: 10_800 }],
    });
});
afterAll(() => browser?.close());

async function pickStation(page: Page, testId: string, code: string) {
  await pickTreeNode(page, page.locator(`[data-testid="${testId}"]`), code);
}

/** The shift line of day D with this name, and the tank lines under it. */
const shiftLine = (page: Page, name: string) => page.locator('[data-testid="shift-table"] tr.shift-row', { hasText: D }).filter({ hasText: name });

describe('sales per shift and sales details', () => {
  it('sets a station’s shifts on the page, shows the figures of its readings and opens the details of one', async () => {
    const { context, page } = await apiSignedInPage(browser, 'demo-company', E2E_DEMO_PASSWORD);
    try {
      await page.goto('/pay_for_oil');
      await expect.poll(() => page.locator('[data-testid="page-title"]').textContent()).toBe('Sales per shift');
      // The button waits for a station.
      expect(await page.locator('[data-testid="shifts-open"]').isDisabled()).toBe(true);
      await pickStation(page, 'shift-filter-org', 'NWP-RY04');
      await expect.poll(() => page.locator('[data-testid="shift-config"]').textContent(), { timeout: 10_000 }).toContain('All day 00:00');
      // Before any shift is set, the day of D is one all-day shift; its end (07:00 the day after) lacks a reading within 15 minutes of midnight.
      await expect.poll(() => shiftLine(page, 'All day').count(), { timeout: 10_000 }).toBe(1);

      await page.locator('[data-testid="shifts-open"]').click();
      const names = page.locator('[data-testid="shifts-name"]');
      const starts = page.locator('[data-testid="shifts-start"]');
      await names.first().waitFor();
      await names.nth(0).fill('Day');
      await starts.nth(0).fill('7:00');
      await page.locator('[data-testid="shifts-add"]').click();
      await names.nth(1).fill('Night');
      await starts.nth(1).fill('19:00');
      await page.locator('[data-testid="shifts-save"]').click();
      // The form says what is wrong before anything is sent.
      await expect.poll(() => page.locator('[data-testid="shifts-dialog"] .ant-form-item-explain-error').first().textContent()).toBe('Write the time as HH:MM, such as 06:00');
      await starts.nth(0).fill('07:00');
      await page.locator('[data-testid="shifts-save"]').click();
      await page.locator('[data-testid="shifts-dialog"]').waitFor({ state: 'detached' });
      await expect.poll(() => page.locator('[data-testid="shift-config"]').textContent()).toContain('Day 07:00Night 19:00');

      const day = shiftLine(page, 'Day');
      await expect.poll(() => day.textContent(), { timeout: 10_000 }).toContain('07:00–19:00');
      expect(await day.locator('[data-testid="shift-total"]').textContent()).toContain('3,800 L');
      const night = shiftLine(page, 'Night');
      expect(await night.textContent()).toContain('19:00–07:00 (+1)');
      expect(await night.locator('[data-testid="shift-total"]').textContent()).toContain('1,200 L');
      // The tank line under the day shift: start 10,000 L at 07:05, end 8,200 L at 19:00, 2,000 L delivered.
      const tankLine = day.locator('xpath=following-sibling::tr[1]');
      const text = (await tankLine.textContent()) ?? '';
      expect(text).toContain('10,000 L07:05');
      expect(text).toContain('8,200 L19:00');
      expect(text).toContain('2,000 L');
      await picture(page, '/tmp/shift-sales-en.png', { fullPage: true });

      await tankLine.locator('[data-testid="shift-figure"]').click();
      await page.waitForURL('**/sales_detail?**');
      await expect.poll(() => page.locator('[data-testid="detail-equation"]').textContent(), { timeout: 10_000 }).toContain('3,800.0 L');
      expect(await page.locator('[data-testid="detail-start"]').textContent()).toContain('10,000.0 L');
      expect(await page.locator('[data-testid="detail-start"]').textContent()).toContain('07:05');
      expect(await page.locator('[data-testid="detail-end"]').textContent()).toContain('8,200.0 L');
      expect(await page.locator('[data-testid="detail-delivered"]').textContent()).toContain('2,000.0 L');
      expect(await page.locator('[data-testid="detail-what"]').textContent()).toContain(`${D} · Day 07:00–19:00`);
      // The readings of the shift: 07:05, 09:55, 12:00 and 19:00, with the volume's changes.
      const rows = page.locator('[data-testid="detail-readings"] tbody tr.ant-table-row');
      await expect.poll(() => rows.count()).toBe(4);
      expect(await rows.nth(0).textContent()).toContain('Start reading');
      expect(await rows.nth(1).textContent()).toContain('-1,200.0 L');
      expect(await rows.nth(3).textContent()).toContain('End reading');
      expect(await page.locator('[data-testid="detail-deliveries"] tbody tr.ant-table-row').count()).toBe(1);
      await picture(page, '/tmp/sales-detail-en.png', { fullPage: true });

      // The night shift from the filters of the details page itself.
      await page.locator('[data-testid="detail-filter-shift"]').click();
      await page.locator('.ant-select-item-option', { hasText: 'Night' }).click();
      await expect.poll(() => page.locator('[data-testid="detail-sales"]').textContent(), { timeout: 10_000 }).toContain('1,200.0 L');
      expect(page.url()).toContain('shift=19%3A00');
    } finally {
      await context.close();
    }
  });

  it('reads right to left in Arabic', async () => {
    const { context, page } = await apiSignedInPage(browser, 'demo-company', E2E_DEMO_PASSWORD, 'ar');
    try {
      await page.goto('/pay_for_oil');
      await pickStation(page, 'shift-filter-org', 'NWP-RY04');
      await expect.poll(() => shiftLine(page, 'Day').locator('[data-testid="shift-total"]').textContent(), { timeout: 10_000 }).toContain('3,800');
      expect(await page.locator('[data-testid="page-title"]').textContent()).toBe('المبيعات حسب الوردية');
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await picture(page, '/tmp/shift-sales-ar.png', { fullPage: true });
    } finally {
      await context.close();
    }
  });
});
