import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiSignedInPage, baseUrl, launchBrowser, newPage } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';
import { reportAccepted } from './device';
import { picture } from './pictures';
import { feedOpened } from './alarm-feed';

/**
 * The phone side (issue 8) at 390×844 with a phone's browser identity: sign-in and redirect
 * rules, the inventory and delivery drill-downs, live alarms, a _phone report, and the
 * installable app (manifest, icons, service worker, offline shell). Bogotá Calle 80 is left to
 * this file: no other browser test reports for it.
 */
const STATION = 'LSF-BG06';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const LITRES_PER_GALLON = 3.785411784;
const AR = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../apps/web/src/i18n/locales/ar.json'), 'utf8')) as Record<string, string>;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  // Tanks 1–3 with volumes the device computed, so the figures are known exactly.
  await report({
    readings: [
      { tank: '1', ts: ago(1), productHeightMm: 1500, waterHeightMm: 15, temperatureC: 21.5, volumeL: 20_000, tcVolumeL: 19_900 },
      { tank: '2', ts: ago(1), productHeightMm: 1200, waterHeightMm: 0, temperatureC: 20, volumeL: 15_000, tcVolumeL: 14_950 },
      { tank: '3', ts: ago(1), productHeightMm: 900, waterHeightMm: 5, temperatureC: 19, volumeL: 8_000, tcVolumeL: 7_980 },
    ],
    deliveries: [
      { tank: '1', startedAt: ago(60 * 26), endedAt: ago(60 * 25), startVolumeL: 10_000, endVolumeL: 18_000, startTcVolumeL: 9_950, endTcVolumeL: 17_930, startHeightMm: 800, endHeightMm: 1400, startTemperatureC: 22, endTemperatureC: 20 },
      { tank: '2', startedAt: ago(60 * 50), endedAt: ago(60 * 49), startVolumeL: 5_000, endVolumeL: 11_000 },
    ],
  });
});
afterAll(() => browser?.close());

async function report(body: object) {
  await reportAccepted(STATION, body);
}

async function phone(language: 'en' | 'ar' = 'en'): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, { userAgent: PHONE, width: 390, height: 844, locale: language === 'ar' ? 'ar' : 'en-US' });
  await opened.page.goto('/loginMobile');
  await opened.page.evaluate((lang) => localStorage.setItem('language', lang), language);
  return opened;
}

/** A phone signed in as the administrator without the form, in the language; it opens no page. */
function signedInPhone(language: 'en' | 'ar' = 'en', options: { serviceWorker?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  return apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, language, { userAgent: PHONE, width: 390, height: 844, locale: language === 'ar' ? 'ar' : 'en-US', ...options });
}

/** Signs in on the phone sign-in page, as a user would; the guard then opens /realAlarm. */
async function signIn(page: Page) {
  await page.goto('/loginMobile');
  await page.locator('#username').fill('admin');
  await page.locator('#password').fill(E2E_ADMIN_PASSWORD);
  await page.locator('button[type=submit]').click();
  await page.waitForURL('**/realAlarm');
}

/** The page's own number format, so Arabic digits are compared as the browser writes them. */
function formatted(page: Page, value: number, options: Intl.NumberFormatOptions, locale: string): Promise<string> {
  return page.evaluate(([v, o, l]) => new Intl.NumberFormat(l as string, o as Intl.NumberFormatOptions).format(v as number), [value, options, locale] as const);
}

const gallons = { style: 'unit', unit: 'gallon', unitDisplay: 'short', maximumFractionDigits: 0 } as const;

describe('phone sign-in and redirect rules (spec §2)', () => {
  it('a phone signs in on /loginMobile and lands on /realAlarm; signed in, /loginMobile and /login lead there too', async () => {
    const { context, page } = await phone('en');
    try {
      // Signed out, a mobile route and the desktop sign-in both lead to the phone sign-in.
      await page.goto('/invertory');
      await page.waitForURL('**/loginMobile');
      await page.goto('/login');
      await page.waitForURL('**/loginMobile');
      expect(await page.evaluate(() => sessionStorage.getItem('isMobile'))).toBe('true');

      await signIn(page);
      await page.locator('[data-testid="mobile-tabs"]').waitFor();
      await expect(page.locator('[data-testid="page-title"]').textContent()).resolves.toBe('Live alarms');
      await page.goto('/loginMobile');
      await page.waitForURL('**/realAlarm');
      // A desktop report route gives a phone its _phone variant.
      await page.goto('/alarm_report');
      await page.waitForURL('**/alarm_report_phone');
      await page.locator('[data-testid="alarm-report-phone"]').waitFor();

      // Logging out from the settings page returns to the phone sign-in.
      await page.goto('/setting');
      await page.locator('[data-testid="setting-logout"]').click();
      await page.waitForURL('**/loginMobile');
      await page.goto('/stationDetails?stationId=1');
      await page.waitForURL('**/loginMobile');
    } finally {
      await context.close();
    }
  });

  it('a signed-out phone opening a desktop report link gets its _phone page after signing in; / is /realAlarm', async () => {
    const { context, page } = await phone('en');
    try {
      await page.goto('/alarm_report');
      await page.waitForURL('**/loginMobile');
      await page.locator('#username').fill('admin');
      await page.locator('#password').fill(E2E_ADMIN_PASSWORD);
      await page.locator('button[type=submit]').click();
      await page.waitForURL('**/alarm_report_phone');
      await page.goto('/');
      await page.waitForURL('**/realAlarm');
      await page.goto('/login');
      await page.waitForURL('**/realAlarm');
    } finally {
      await context.close();
    }
  });

  it('in Arabic the phone pages are right to left, and the redirects are the same', async () => {
    const { context, page } = await phone('ar');
    try {
      await page.goto('/realAlarm');
      await page.waitForURL('**/loginMobile');
      await signIn(page);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await expect(page.locator('[data-testid="page-title"]').textContent()).resolves.toBe('الإنذارات الحية');
      // The first tab sits at the right-hand edge.
      const first = await page.locator('[data-testid="mobile-tabs"] [data-menu="realAlarm"]').boundingBox();
      expect(first!.x).toBeGreaterThan(390 / 2);
      await page.goto('/loginMobile');
      await page.waitForURL('**/realAlarm');
    } finally {
      await context.close();
    }
  });
});

describe('inventory drill-down to a station’s tanks (spec §2 /invertory → /stationDetails)', () => {
  it('company → area → station → tanks, in the company’s gallons and °F', async () => {
    const { context, page } = await signedInPhone('en');
    try {
      await page.goto('/realAlarm');
      await page.locator('[data-testid="mobile-tabs"] [data-menu="invertory"]').click();
      await page.waitForURL('**/invertory');
      await page.getByRole('link', { name: /Lone Star Fuel Co\./ }).click();
      await page.waitForURL(/\/areaInvertory\?companyId=\d+$/);
      await page.getByRole('link', { name: /Latin America/ }).click();
      await page.waitForURL(/\/stationInvertory\?companyId=\d+&areaId=\d+$/);
      await page.locator(`[data-testid="station-${STATION}"]`).click();
      await page.waitForURL(/\/stationDetails\?stationId=\d+$/);

      const tank = page.locator('[data-testid="tank-1"]');
      await tank.waitFor();
      await expect(page.locator('[data-testid="station-tanks"] [data-testid$="-ullage"]').count()).resolves.toBe(3);
      await expect(page.locator('[data-testid="tank-1-volume"]').textContent()).resolves.toBe(`${Math.round(20_000 / LITRES_PER_GALLON).toLocaleString('en')} gal`);
      await expect(page.locator('[data-testid="tank-1-temperature"]').textContent()).resolves.toBe('70.7°F');
      await expect(page.locator('[data-testid="tank-1-water-height"]').textContent()).resolves.toBe('15 mm');
      await expect(page.locator('[data-testid="tank-1"]').textContent()).resolves.toContain('92# Gasoline');
      expect(await page.locator('[data-testid="tank-1-ullage"]').textContent()).toMatch(/^[\d,]+ gal$/);
      // The place survives a reload, and the breadcrumb leads back up.
      await page.reload();
      await page.locator('[data-testid="tank-1-volume"]').waitFor();
      await page.locator('.m-crumbs').getByRole('link', { name: 'Latin America' }).click();
      await page.waitForURL(/\/stationInvertory\?/);
      await picture(page, '/tmp/mobile-station-inventory-en.png');
    } finally {
      await context.close();
    }
  });

  it('the same in Arabic, with the browser’s Arabic digits', async () => {
    const { context, page } = await signedInPhone('ar');
    try {
      await page.goto('/invertory');
      await page.getByRole('link', { name: /Lone Star Fuel Co\./ }).click();
      await page.getByRole('link', { name: /Latin America/ }).click();
      await page.locator(`[data-testid="station-${STATION}"]`).click();
      await page.locator('[data-testid="tank-2-volume"]').waitFor();
      const expected = await formatted(page, 15_000 / LITRES_PER_GALLON, gallons, 'ar');
      await expect(page.locator('[data-testid="tank-2-volume"]').textContent()).resolves.toBe(expected);
      await expect(page.locator('[data-testid="tank-2"] h3').textContent()).resolves.toBe(AR['monitor.tank.title']!.replace('{{code}}', '2'));
      await picture(page, '/tmp/mobile-station-details-ar.png', { fullPage: true });
    } finally {
      await context.close();
    }
  });
});

describe('live alarms on /realAlarm (spec §2, §7)', () => {
  it('a device alarm appears without a reload, marked new, and no toast covers it', async () => {
    const { context, page } = await signedInPhone('en');
    try {
      const feed = feedOpened(page);
      await page.goto('/realAlarm');
      await page.locator('[data-testid="active-count"]').filter({ hasText: 'Active alarms:' }).waitFor();
      await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
      // The feed open before the alarm happens.
      await feed;
      await page.waitForTimeout(500);
      await report({ alarms: [{ kind: 'level', tank: '2', code: 10, ts: new Date(Date.now() - 1000).toISOString() }] });
      const card = page.locator('[data-testid="real-alarm-list"] article').filter({ hasText: 'High alarm' }).filter({ hasText: 'Bogotá Calle 80' });
      await card.first().waitFor({ timeout: 15_000 });
      await expect(card.first().textContent()).resolves.toContain('New');
      await expect(card.first().textContent()).resolves.toContain('Tank 2');
      expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
      expect(await page.locator('[data-testid="alarm-toast"]').count()).toBe(0);
      // Its station opens from the card, once the list has the full row.
      await page.locator('[data-testid="alarm-card"]').filter({ hasText: 'High alarm' }).filter({ hasText: 'Bogotá Calle 80' }).first().waitFor();
      await picture(page, '/tmp/mobile-real-alarm-en.png');
    } finally {
      await context.close();
    }
  });

  it('in Arabic: a leak sensor alarm appears, named in Arabic', async () => {
    const { context, page } = await signedInPhone('ar');
    try {
      const feed = feedOpened(page);
      await page.goto('/realAlarm');
      await page.locator('[data-testid="active-count"]').waitFor();
      await feed;
      await page.waitForTimeout(500);
      await report({ sensors: [{ sensorNo: 'S7', type: 'sump', state: 'alarm', code: 8, ts: new Date(Date.now() - 1000).toISOString() }] });
      const card = page.locator('[data-testid="real-alarm-list"] article').filter({ hasText: 'S7' });
      await card.first().waitFor({ timeout: 15_000 });
      await expect(card.first().textContent()).resolves.toContain(AR['mobile.alarm.new']);
      // Once the list has the full row, the alarm is named from the web app's Arabic texts.
      const row = page.locator('[data-testid="alarm-card"]').filter({ hasText: 'S7' }).first();
      await row.waitFor({ timeout: 15_000 });
      await expect(row.locator('.m-alarm__name').textContent()).resolves.toBe(`${AR['monitor.alarm.kind.leak']}${AR['monitor.alarmCode.leak.8']}`);
      await picture(page, '/tmp/mobile-real-alarm-ar.png');
    } finally {
      await context.close();
    }
  });
});

describe('_phone reports (spec §2: the same data and filters, as cards)', () => {
  it('leak_alarm on a phone is leak_report_phone: search, filter by state, process one', async () => {
    await report({ sensors: [{ sensorNo: 'S8', type: 'leak', state: 'alarm', code: 2, ts: new Date(Date.now() - 60_000).toISOString() }] });
    const { context, page } = await signedInPhone('en');
    try {
      await page.goto('/leak_alarm');
      await page.waitForURL('**/leak_report_phone');
      await page.locator('[data-testid="alarm-search"] input').fill(STATION);
      await page.locator('[data-testid="alarm-search"] input').press('Enter');
      const cards = page.locator('[data-testid="alarm-list"] [data-testid="alarm-card"]');
      await expect.poll(() => cards.filter({ hasText: 'Sensor S8' }).count(), { timeout: 10_000 }).toBe(1);
      await expect(cards.filter({ hasText: 'Sensor S8' }).textContent()).resolves.toContain('Fuel alarm');

      await page.locator('[data-testid="filter-open"]').click();
      await page.locator('[data-testid="alarm-filter-state"] [data-value="cleared"]').click();
      await page.locator('[data-testid="filter-done"]').click();
      await page.locator('[data-testid="empty-state"]').waitFor();
      await page.locator('[data-testid="filter-open"]').click();
      await page.locator('[data-testid="alarm-filter-state"] [data-value="active"]').click();
      await page.locator('[data-testid="filter-done"]').click();
      const s8 = cards.filter({ hasText: 'Sensor S8' });
      await s8.waitFor();

      await s8.locator('[data-testid^="alarm-process-"]').click();
      await page.locator('[data-testid="alarm-process-note"]').fill('Sump drained');
      await page.locator('[data-testid="alarm-process-submit"]').click();
      await expect.poll(() => s8.textContent(), { timeout: 10_000 }).toContain('Sump drained');
      await picture(page, '/tmp/mobile-leak-report-phone-en.png');
    } finally {
      await context.close();
    }
  });

  it('delivery on a phone is delivery_phone, in Arabic: the station’s deliveries as cards, one opened', async () => {
    const { context, page } = await signedInPhone('ar');
    try {
      await page.goto('/delivery');
      await page.waitForURL('**/delivery_phone');
      await page.locator('[data-testid="delivery-search"] input').fill(STATION);
      await page.locator('[data-testid="delivery-search"] input').press('Enter');
      const cards = page.locator('[data-testid="delivery-list"] [data-testid="delivery-card"]');
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(2);
      await expect(page.locator('[data-testid="delivery-summary-count"]').textContent()).resolves.toBe(await formatted(page, 2, { maximumFractionDigits: 0 }, 'ar'));
      // Newest first: tank 1's 8,000 L.
      await cards.first().click();
      await page.waitForURL(/\/deliveryDetail\?/);
      await expect(page.locator('[data-testid="delivery-detail-delivered"]').textContent()).resolves.toBe(await formatted(page, 8_000 / LITRES_PER_GALLON, gallons, 'ar'));
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await picture(page, '/tmp/mobile-delivery-detail-ar.png', { fullPage: true });
    } finally {
      await context.close();
    }
  });
});

describe('delivery drill-down (spec §2 /deliveryHistory → /deliveryDetail)', () => {
  it('company → area → station → tank → one delivery, the counts of the range at each level', async () => {
    const { context, page } = await signedInPhone('en');
    try {
      await page.goto('/realAlarm');
      await page.locator('[data-testid="mobile-tabs"] [data-menu="deliveryHistory"]').click();
      await page.getByRole('link', { name: /Lone Star Fuel Co\./ }).click();
      await page.waitForURL(/\/deliveryBranches\?companyId=\d+&from=.+&to=.+/);
      await page.getByRole('link', { name: /Latin America/ }).click();
      await page.waitForURL(/\/deliveryArea\?/);
      const station = page.locator(`[data-testid="delivery-station-${STATION}"]`);
      await expect.poll(() => station.locator(`[data-testid="delivery-station-${STATION}-count"]`).textContent(), { timeout: 10_000 }).toBe('2');
      await station.click();
      await page.waitForURL(/\/deliveryStation\?stationId=\d+/);
      await expect.poll(() => page.locator('[data-testid="delivery-tank-1-count"]').textContent(), { timeout: 10_000 }).toBe('1');
      await expect.poll(() => page.locator('[data-testid="delivery-tank-3-count"]').textContent(), { timeout: 10_000 }).toBe('0');
      // Today only: both deliveries are older, so none.
      await page.locator('[data-range="today"]').click();
      await expect.poll(() => page.locator('[data-testid="delivery-summary-count"]').textContent(), { timeout: 10_000 }).toBe('0');
      await page.locator('[data-range="7d"]').click();
      await expect.poll(() => page.locator('[data-testid="delivery-summary-count"]').textContent(), { timeout: 10_000 }).toBe('2');
      await page.locator('[data-testid="delivery-tank-1"]').click();
      await page.waitForURL(/\/deliveryTank\?/);
      await page.locator('[data-testid="delivery-card"]').first().click();
      await page.waitForURL(/\/deliveryDetail\?/);
      await expect(page.locator('[data-testid="delivery-detail-delivered"]').textContent()).resolves.toBe(`${Math.round(8_000 / LITRES_PER_GALLON).toLocaleString('en')} gal`);
      await expect(page.locator('[data-testid="delivery-detail-temperature"]').textContent()).resolves.toBe('71.6°F → 68°F');
      // The detail page survives a reload: its address names the delivery.
      await page.reload();
      await page.locator('[data-testid="delivery-detail-delivered"]').waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('touch and type on a phone-sized screen (issue 8)', () => {
  /**
   * What a thumb can hit that is smaller than 44 × 44 px (a text field or a select's own input
   * counts as its whole box), and text set below 12 px, on the page as it stands.
   */
  const problems = (page: Page) =>
    page.evaluate(() => {
      const found: string[] = [];
      const targets = 'a, button, input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=checkbox], [role=switch]';
      for (const el of Array.from(document.querySelectorAll<HTMLElement>(targets))) {
        const box = (el.closest('.ant-input-affix-wrapper, .ant-input-search, .ant-select, .ant-picker') ?? el).getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
        if (box.width < 44 || box.height < 44) found.push(`${el.tagName.toLowerCase()} ${el.getAttribute('data-testid') ?? el.className} ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!node.textContent?.trim() || !parent || parent.getBoundingClientRect().width === 0) continue;
        const size = parseFloat(getComputedStyle(parent).fontSize);
        if (size < 12) found.push(`text "${node.textContent.trim().slice(0, 20)}" at ${size}px`);
      }
      return [...new Set(found)];
    });

  // One test a language: the two together (twelve page loads) ran past the 60 s limit on a loaded 2-core machine.
  it.each(['en', 'ar'] as const)('every tab and a report: targets of 44 px or more, text of 12 px or more (%s)', async (language) => {
    // An alarm card on /realAlarm, so its links are measured too.
    await report({ alarms: [{ kind: 'level', tank: '3', code: 10, ts: new Date(Date.now() - 1000).toISOString() }] });
    // The phone sign-in page, signed out.
    const signedOut = await phone(language);
    try {
      // Measured once the form is there: the page renders it after its route's chunk and the
      // sign-in settings arrive, and a look before that found nothing to measure.
      await signedOut.page.locator('#username').waitFor();
      await signedOut.page.locator('.login-card__hints a').waitFor();
      await signedOut.page.waitForLoadState('networkidle');
      expect(await problems(signedOut.page)).toEqual([]);
    } finally {
      await signedOut.context.close();
    }
    const { context, page } = await signedInPhone(language);
    try {
      for (const path of ['/realAlarm', '/invertory', '/deliveryHistory', '/setting', '/abnormal_can_phone']) {
        await page.goto(path);
        await page.locator('[data-testid="page-title"]').waitFor();
        if (path === '/realAlarm') await page.locator('[data-testid="alarm-station-link"]').first().waitFor();
        await page.waitForLoadState('networkidle');
        expect([path, await problems(page)]).toEqual([path, []]);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      }
    } finally {
      await context.close();
    }
  });
});

describe('installable app (issue 8): manifest, icons, service worker, offline shell', () => {
  it('serves a valid manifest whose icons load, and a service worker script', async () => {
    const manifestResponse = await fetch(`${baseUrl()}/manifest.webmanifest`);
    expect(manifestResponse.status).toBe(200);
    expect(manifestResponse.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = (await manifestResponse.json()) as { name: string; short_name: string; start_url: string; display: string; theme_color: string; background_color: string; icons: { src: string; sizes: string; type: string; purpose: string }[] };
    expect(manifest).toMatchObject({ short_name: 'Ullage', start_url: '/realAlarm', display: 'standalone', theme_color: '#0f4c81' });
    expect(manifest.name.length).toBeGreaterThan(0);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    const png = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(png.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
    for (const icon of png) {
      const response = await fetch(new URL(icon.src, baseUrl()));
      expect(response.status, icon.src).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await response.arrayBuffer());
      // PNG signature, then IHDR's width and height: the size the manifest claims.
      expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(icon.sizes);
    }
    const sw = await fetch(`${baseUrl()}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toContain('javascript');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(await sw.text()).toContain("addEventListener('fetch'");
  });

  it('Chromium registers the service worker, and offline the shell still opens and says data needs a connection, and the manual opens', async () => {
    const { context, page } = await signedInPhone('en', { serviceWorker: true });
    try {
      await page.goto('/realAlarm');
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      expect(scope).toBe(`${baseUrl()}/`);
      // It takes over the open page (clients.claim): the next loads go through it.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      // Chromium's own verdict on installing: the manifest it read, and nothing in the way but
      // the test's private window (every Playwright context is one; a phone's browser is not).
      const cdp = await context.newCDPSession(page);
      const { url: manifestUrl, errors: manifestErrors } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect([manifestUrl, manifestErrors]).toEqual([`${baseUrl()}/manifest.webmanifest`, []]);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors.map((e) => e.errorId)).toEqual(['in-incognito']);
      // Visit the inventory once online, so its page is cached like a user's would be.
      await page.goto('/invertory');
      await page.locator('[data-testid="inventory-summary"]').waitFor();
      await page.goto('/realAlarm');
      await page.locator('[data-testid="active-count"]').waitFor();

      await context.setOffline(true);
      // Still in the app: moving to another tab says it is offline instead of failing silently.
      await page.locator('[data-testid="mobile-tabs"] [data-menu="invertory"]').click();
      await page.locator('[data-testid="offline-banner"]').waitFor();
      await expect(page.locator('[data-testid="offline-banner"]').textContent()).resolves.toContain('You are offline');
      // A fresh start without a network: the service worker answers with the app's shell.
      const response = await page.reload();
      expect(response?.status()).toBe(200);
      expect(response?.fromServiceWorker()).toBe(true);
      await page.getByText('Network error, please check your connection').waitFor();
      // The operation manual (issue 24), never opened online, opens offline in any language: the
      // service worker stored its page and texts at install (manual-precache.json).
      await page.goto('/manual?lang=ar#alarm-level-13');
      await page.locator('#alarm-level-13').waitFor({ timeout: 15_000 });
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
      await context.setOffline(false);
    } finally {
      await context.close();
    }
  });

  it('/app explains installing on Android and iOS, and links the Android package only when one is configured', async () => {
    const { context, page } = await phone('en');
    try {
      await page.goto('/app');
      const install = page.locator('[data-testid="app-install"]');
      await install.waitFor();
      await expect(install.textContent()).resolves.toContain('Add to Home Screen');
      await expect(install.textContent()).resolves.toContain('Install app');
      expect(await page.locator('[data-testid="app-download-link"]').count()).toBe(0);
      // The server's configured address, as the login configuration would carry it.
      await page.route('**/api/login/config', async (route) => {
        const answer = await (await route.fetch()).json();
        answer.data.appDownloadUrl = 'https://downloads.example/ullage.apk';
        await route.fulfill({ json: answer });
      });
      await page.reload();
      await expect(page.locator('[data-testid="app-download-link"]').getAttribute('href')).resolves.toBe('https://downloads.example/ullage.apk');
    } finally {
      await context.close();
    }
  });
});
