import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiSignedInPage, baseUrl, launchBrowser, menuItems } from './browser';
import { E2E_ADMIN_PASSWORD, E2E_DEMO_PASSWORD } from './server';
import { picture } from './pictures';

/**
 * The role table (packages/domain/src/roles.ts, docs/roles.md) on the screen: a station attendant
 * and a company account see the buttons and menus their row allows, and none other (issue 32
 * item 7), in English and in Arabic. The API side is apps/server/src/modules/scope/role-table.test.ts.
 */
const ATTENDANT = { username: 'roles.attendant', password: 'Attendant#2026e2e' };
const COMPANY = { username: 'demo-company', password: E2E_DEMO_PASSWORD };
const LANGUAGES = ['en', 'ar'] as const;
const texts = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `../apps/web/src/i18n/locales/${lang}.json`), 'utf8')) as Record<string, string>]),
) as Record<(typeof LANGUAGES)[number], Record<string, string>>;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  // An attendant at the demo station account's station (Settings → Accounts, as the administrator).
  const login = await fetch(`${baseUrl()}/api/login/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: E2E_ADMIN_PASSWORD }) });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const accounts = (await (await fetch(`${baseUrl()}/api/account/list?q=demo-station`, { headers: { cookie } })).json()) as { data: { list: { username: string; stationId: number }[] } };
  const stationId = accounts.data.list.find((a) => a.username === 'demo-station')!.stationId;
  const created = await fetch(`${baseUrl()}/api/account`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ ...ATTENDANT, nickname: 'Attendant', accountType: 4, unitId: stationId }),
  });
  // 80006: a rerun on the same server finds it made.
  expect([1000, 80006]).toContain(((await created.json()) as { code: number }).code);
});
afterAll(() => browser?.close());

/** The header texts of a list page's table, once it has loaded. */
async function headers(page: Page, table: string): Promise<string[]> {
  await page.locator(`[data-testid="${table}"] thead th`).first().waitFor();
  return page.locator(`[data-testid="${table}"] thead th`).evaluateAll((cells) => cells.map((c) => c.textContent?.trim() ?? ''));
}

const selectionColumn = (page: Page, table: string) => page.locator(`[data-testid="${table}"] thead th.ant-table-selection-column`).count();

async function isNotFound(page: Page, lang: (typeof LANGUAGES)[number]) {
  return (await page.locator('[data-testid="page-title"]').textContent()) === texts[lang]['route.title.notFound'];
}

describe.each(LANGUAGES)('the role table on the screen (%s)', (lang) => {
  const t = texts[lang];

  it('a station attendant: no Process selected, no boxes, no ticket action; the big screen leads back to a page it has', async () => {
    const { context, page } = await apiSignedInPage(browser, ATTENDANT.username, ATTENDANT.password, lang);
    try {
      // Spec §6: type 4 has no home; it starts on station monitoring.
      await page.goto('/');
      await page.waitForURL('**/before_single_monitor');
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      const menu = await menuItems(page);
      for (const hidden of ['home', 'account', 'station', 'offline_record', 'leak_alarm']) expect(menu, hidden).not.toContain(hidden);

      // Level alarms: the attendant may not process (alarm:process), so nothing offers it.
      await page.goto('/alarm_report');
      const alarmHeaders = await headers(page, 'alarm-table');
      expect(alarmHeaders).not.toContain(t['list.column.actions']);
      expect(await selectionColumn(page, 'alarm-table')).toBe(0);
      expect(await page.locator('[data-testid="alarm-process-selected"]').count()).toBe(0);
      expect(await page.locator('[data-testid^="alarm-process-"]').count()).toBe(0);

      // Delivery records: no ticket action (delivery:ticket).
      await page.goto('/delivery');
      expect(await headers(page, 'delivery-table')).not.toContain(t['list.column.actions']);

      // The big screen's way back is the attendant's first page, which exists.
      await page.goto('/screenfull');
      const back = page.locator('[data-testid="big-screen-back"]');
      await back.waitFor();
      expect(await back.getAttribute('href')).toBe('/before_single_monitor');
      expect(await back.textContent()).toBe(t['monitor.screen.backTo']!.replace('{{page}}', t['route.title.before_single_monitor']!));
      await back.click();
      await page.waitForURL('**/before_single_monitor');
      await page.locator('[data-testid="page-title"]').waitFor();
      expect(await isNotFound(page, lang)).toBe(false);
      await picture(page, `/tmp/roles-attendant-${lang}.png`);
    } finally {
      await context.close();
    }
  });

  it('a company account: no Accounts menu and /account is no page of its; it processes alarms and enters tickets', async () => {
    const { context, page } = await apiSignedInPage(browser, COMPANY.username, COMPANY.password, lang);
    try {
      await page.goto('/');
      await page.waitForURL('**/home');
      const menu = await menuItems(page);
      // Spec §6: company users have no user or product-type menus; the server refuses accounts too.
      expect(menu).not.toContain('account');
      expect(menu).not.toContain('product');
      expect(menu).toContain('station');
      await page.goto('/account');
      await page.waitForURL('**/404');
      expect(await isNotFound(page, lang)).toBe(true);

      await page.goto('/alarm_report');
      expect(await headers(page, 'alarm-table')).toContain(t['list.column.actions']);
      expect(await selectionColumn(page, 'alarm-table')).toBe(1);
      expect(await page.locator('[data-testid="alarm-process-selected"]').textContent()).toBe(t['alarm.query.process.selected']!.replace('{{count}}', '0'));

      await page.goto('/delivery');
      expect(await headers(page, 'delivery-table')).toContain(t['list.column.actions']);

      await page.goto('/screenfull');
      const back = page.locator('[data-testid="big-screen-back"]');
      await back.waitFor();
      expect(await back.getAttribute('href')).toBe('/home');
      expect(await back.textContent()).toBe(t['monitor.screen.back']);
      await picture(page, `/tmp/roles-company-${lang}.png`);
    } finally {
      await context.close();
    }
  });
});
