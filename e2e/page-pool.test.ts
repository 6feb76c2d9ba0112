import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiSignedInPage, launchBrowser, newPage } from './browser';
import { keptTabs } from './page-pool';
import { E2E_ADMIN_PASSWORD } from './server';

/**
 * The browser tests' kept tabs (e2e/page-pool.ts): a test given a tab an earlier test used finds
 * it as a new context would be, so no test passes or fails by what ran before it. The pages here
 * are the app's icon (a same-origin document without the app): what is checked is the tab, not
 * the app, and loading the app would only cost time.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const state = (page: Page) =>
  page.evaluate(() => ({
    local: Object.fromEntries(Object.entries(localStorage)),
    session: Object.keys(sessionStorage),
    width: window.innerWidth,
    confirmed: window.confirm('kept?'),
  }));

describe('a kept tab', () => {
  it('starts as a new context would: only its session and flags, its viewport, no listener, route or tab of the test before', async () => {
    const first = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, 'ar', { width: 900, height: 700 });
    await first.page.goto('/favicon.svg');
    await first.page.evaluate(() => {
      localStorage.setItem('left', 'behind');
      sessionStorage.setItem('left', 'behind');
      document.cookie = 'left=behind; path=/';
    });
    // A listener that accepts every dialog, a route that answers for the server, a second tab.
    first.page.on('dialog', (dialog) => void dialog.accept());
    await first.page.route('**/manifest.webmanifest', (route) => route.fulfill({ body: 'routed' }));
    await first.context.newPage();
    expect((await state(first.page)).confirmed).toBe(true);
    await first.context.close();
    expect(keptTabs(browser)).toBe(1);

    const second = await newPage(browser, { width: 1000, height: 600 });
    try {
      // The same tab, not a new context.
      expect(keptTabs(browser)).toBe(1);
      expect(await state(second.page)).toEqual({ local: {}, session: [], width: 1000, confirmed: false });
      expect((await second.context.cookies()).map((c) => c.name)).toEqual([]);
      expect(second.context.pages()).toHaveLength(1);
      const manifest = await second.page.evaluate(() => fetch('/manifest.webmanifest').then((r) => r.text()));
      expect(manifest).not.toBe('routed');
    } finally {
      await second.context.close();
    }

    const third = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, 'es');
    try {
      expect(keptTabs(browser)).toBe(1);
      expect((await state(third.page)).local).toEqual({ hasLogin: 'true', currentName: 'admin', language: 'es' });
      expect((await third.context.cookies()).map((c) => c.name)).toEqual(['ullage_session']);
    } finally {
      await third.context.close();
    }
  });

  it('is not kept when its test changed what cannot be undone (here its clock)', async () => {
    const before = keptTabs(browser);
    const { context, page } = await newPage(browser);
    await page.clock.setFixedTime(new Date('2026-01-01T00:00:00Z'));
    await context.close();
    expect(keptTabs(browser)).toBe(before - 1);
  });

  it('is not shared: two pages open at once with the same options are two tabs', async () => {
    const a = await newPage(browser);
    const b = await newPage(browser);
    try {
      expect(a.context.pages()[0]).not.toBe(b.context.pages()[0]);
      expect(keptTabs(browser)).toBeGreaterThanOrEqual(2);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
});
