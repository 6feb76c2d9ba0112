import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiSignedInPage, launchBrowser, openInApp } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';

/**
 * Review item 11: texts fit at the desktop sizes of the spec in all four languages — no side-menu
 * label cut short, and the named columns of the wide tables in view at 1440 px.
 */
const LANGUAGES = ['zh_CN', 'en', 'es', 'ar'] as const;
type Language = (typeof LANGUAGES)[number];
const texts = (language: Language) => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `../apps/web/src/i18n/locales/${language}.json`), 'utf8')) as Record<string, string>;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function signedIn(language: Language, width: number, height: number): Promise<Page> {
  return (await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, language, { width, height })).page;
}

/** The labels of the side menu wider than their box (cut short), with the width they need. */
function cutMenuLabels(page: Page): Promise<string[]> {
  return page.locator('[data-testid="side-menu"] .ant-menu-title-content').evaluateAll((els) =>
    els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => `${el.textContent} ${el.scrollWidth}>${el.clientWidth}`),
  );
}

/**
 * Whether a header cell lies wholly in view inside its scrolling table: not past the visible
 * edge and not under the column fixed at the end (the actions).
 */
async function headerInView(page: Page, scope: string, title: string): Promise<string | null> {
  return page.evaluate(
    ({ scope, title }) => {
      const root = [...document.querySelectorAll(scope)].find((el) => (el as HTMLElement).offsetParent !== null);
      if (!root) return `no ${scope}`;
      const cells = [...root.querySelectorAll('th, [role="columnheader"]')] as HTMLElement[];
      const cell = cells.find((el) => el.textContent?.trim() === title);
      if (!cell) return `no header "${title}"`;
      const box = cell.getBoundingClientRect();
      const viewport = (cell.closest('.ant-table-header, .ant-table-content, .more-tanks__scroller') ?? root).getBoundingClientRect();
      let start = viewport.left;
      let end = viewport.right;
      for (const fixed of cells.filter((el) => el.classList.contains('ant-table-cell-fix-end') || el.classList.contains('ant-table-cell-fix-right'))) {
        const r = fixed.getBoundingClientRect();
        if (document.documentElement.dir === 'rtl') start = Math.max(start, r.right);
        else end = Math.min(end, r.left);
      }
      if (box.left < start - 1 || box.right > end + 1) return `"${title}" at ${box.left.toFixed(0)}–${box.right.toFixed(0)}, visible ${start.toFixed(0)}–${end.toFixed(0)}`;
      return null;
    },
    { scope, title },
  );
}

describe('side-menu labels fit (review item 11)', () => {
  it.each(LANGUAGES)('no label is cut short at 1024×657 in %s', async (language) => {
    const page = await signedIn(language, 1024, 657);
    try {
      await page.goto('/home');
      await page.locator('[data-testid="side-menu"] [data-menu]').first().waitFor();
      expect(await page.locator('[data-testid="side-menu"] .ant-menu-title-content').count()).toBeGreaterThan(15);
      expect(await cutMenuLabels(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});

describe.each(['es', 'ar'] as const)('wide tables at 1440×900 (%s)', (language) => {
  const t = texts(language);
  const TABLE = '.desktop-shell__view .ant-table-wrapper';

  it('the station list’s time zone, and the new station form’s threshold columns', async () => {
    const page = await signedIn(language, 1440, 900);
    try {
      await page.goto('/station');
      await page.locator('[data-testid="station-table"] .ant-table-row').first().waitFor();
      expect(await headerInView(page, '[data-testid="station-table"]', t['settingsMore.station.timezone']!)).toBeNull();

      await page.locator('[data-testid="station-create"]').click();
      await page.locator('[data-testid="station-tanks"]').waitFor();
      for (const key of ['settingsMore.tank.lowOilAlarm', 'settingsMore.tank.lowOilWarn', 'settingsMore.tank.highOilWarn', 'settingsMore.tank.highOilAlarm', 'settingsMore.tank.highWaterAlarm', 'settingsMore.tank.strapping']) {
        expect(await headerInView(page, '[data-testid="station-tanks"]', t[key]!), key).toBeNull();
      }
    } finally {
      await page.context().close();
    }
  }, 180_000);

  it('the level alarms’ duration and the daily report’s tank', async () => {
    const page = await signedIn(language, 1440, 900);
    try {
      await page.goto('/alarm_report');
      await page.locator('.desktop-shell__view .ant-table-thead').first().waitFor();
      expect(await headerInView(page, TABLE, t['alarm.query.column.duration']!)).toBeNull();

      await openInApp(page, '/abnormal_can');
      // Polled: the visible header found first may be the level alarms' still, on their way out
      // (kept-alive pages are hidden once the next has rendered); a run of the browser tests measured in between.
      await expect.poll(() => headerInView(page, TABLE, t['inventory.column.tank']!)).toBeNull();
    } finally {
      await page.context().close();
    }
  }, 180_000);
});

/** Filter placeholders wider than their field, measured in the field's own font. */
function cutPlaceholders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const view = [...document.querySelectorAll('.desktop-shell__view')].find((v) => (v as HTMLElement).offsetParent !== null) ?? document.body;
    const canvas = document.createElement('canvas').getContext('2d')!;
    const width = (el: Element, text: string) => {
      const style = getComputedStyle(el);
      canvas.font = `${style.fontSize} ${style.fontFamily}`;
      return canvas.measureText(text).width;
    };
    const out: string[] = [];
    for (const input of view.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (!input.offsetParent || !input.placeholder) continue;
      const style = getComputedStyle(input);
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (width(input, input.placeholder) > room + 0.5) out.push(input.placeholder);
    }
    for (const ph of view.querySelectorAll('.ant-select-placeholder')) {
      if (!(ph as HTMLElement).offsetParent) continue;
      if (width(ph, ph.textContent ?? '') > ph.getBoundingClientRect().width + 0.5) out.push(ph.textContent ?? '');
    }
    return out;
  });
}

describe.each(['es', 'ar'] as const)('filter placeholders at 1440×900 (%s)', (language) => {
  it('fit their fields on the report pages', async () => {
    const page = await signedIn(language, 1440, 900);
    try {
      for (const [i, path] of ['/abnormal_can', '/alarm_record', '/offline_record', '/pay_for_oil', '/sales_detail', '/delivery'].entries()) {
        await (i === 0 ? page.goto(path) : openInApp(page, path));
        // Kept-alive pages stay in the document, hidden: this page's own fields.
        await page.locator('.desktop-shell__view input[placeholder] >> visible=true').first().waitFor();
        expect(await cutPlaceholders(page), path).toEqual([]);
      }
    } finally {
      await page.context().close();
    }
  }, 240_000);
});
