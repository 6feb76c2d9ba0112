import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { apiSignedInPage, launchBrowser } from './browser';
import { startPreparedServer } from './prepared-server';
import { E2E_ADMIN_PASSWORD, type RunningServer } from './server';
import { picture } from './pictures';

/**
 * The offline record page (offline_record). A station goes offline after 15 silent minutes,
 * too long for a browser test: this file prepares a database of its own with the records the
 * offline sweep would have written (the sweep itself is tested by the API tests), then serves
 * it with the real server.
 */
let browser: Browser;
let server: RunningServer;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

beforeAll(async () => {
  server = await startPreparedServer('offline', async (db) => {
    // Shanghai Pudong was offline for an hour and came back; Shenzhen Nanshan is still offline.
    await db.execute(sql`
      insert into offline_records (distributor_id, company_id, station_id, started_at, ended_at)
      select distributor_id, company_id, id, ${hoursAgo(3)}::timestamptz, ${hoursAgo(2)}::timestamptz from stations where code = 'NWP-SH01'
      union all
      select distributor_id, company_id, id, ${hoursAgo(1)}::timestamptz, null from stations where code = 'NWP-SZ02'`);
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The administrator on the offline records page (signed in without the form), in the language. */
async function open(language = 'en') {
  const opened = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, language, { server: server.baseUrl, width: 1366, height: 800 });
  await opened.page.goto('/offline_record');
  return opened;
}

const rows = (page: Page) => page.locator('[data-testid="offline-table"] tbody tr.ant-table-row');
const rowOf = (page: Page, station: string) => rows(page).filter({ hasText: station });

describe('offline records page (offline_record)', () => {
  it('processes a record through the form, after refusing it without type and content', async () => {
    const { context, page } = await open();
    try {
      await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(2);
      const ongoing = rowOf(page, 'Shenzhen Nanshan');
      await expect(ongoing.textContent()).resolves.toContain('Ongoing');
      const sh01 = rowOf(page, 'Shanghai Pudong');
      const before = (await sh01.textContent()) ?? '';
      expect(before).toContain('1 h 0 min');
      expect(before).toContain('Unprocessed');

      await sh01.locator('[data-testid^="offline-process-"]').click();
      // The handler is proposed (the signed-in user); type and content are still missing.
      await expect.poll(() => page.locator('[data-testid="offline-process-handler"]').inputValue()).toBe('Administrator');
      await page.locator('[data-testid="offline-process-submit"]').click();
      await page.getByText('Please choose the type').waitFor();
      await page.getByText('Please enter the processing content').waitFor();
      await picture(page, '/tmp/offline-form-en.png');

      await page.locator('[data-testid="offline-process-handler"]').fill('Li Wei');
      await page.locator('[data-testid="offline-process-type-atg-fault"]').click();
      await page.locator('[data-testid="offline-process-content"]').fill('Console restarted, network cable replaced');
      await page.locator('[data-testid="offline-process-submit"]').click();
      await expect.poll(async () => (await sh01.textContent()) ?? '', { timeout: 10_000 }).toContain('Console restarted, network cable replaced');
      const after = (await sh01.textContent()) ?? '';
      expect(after).toContain('ATG fault');
      expect(after).toContain('Li Wei');
      expect(after).toContain('Processed');
      expect(after).toContain('Administrator');
      // A processed record offers no second processing.
      expect(await sh01.locator('[data-testid^="offline-process-"]').count()).toBe(0);
      await picture(page, '/tmp/offline-records-en.png', { fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('reads right to left in Arabic, the processed record’s type in Arabic', async () => {
    const { context, page } = await open('ar');
    try {
      await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(2);
      expect(await rowOf(page, 'Shanghai Pudong').textContent()).toContain('عطل جهاز قياس الخزان');
      expect(await rowOf(page, 'Shenzhen Nanshan').textContent()).toContain('مستمر');
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await picture(page, '/tmp/offline-records-ar.png', { fullPage: true });
    } finally {
      await context.close();
    }
  });
});
