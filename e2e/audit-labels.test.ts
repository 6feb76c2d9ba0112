import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiSignedInPage, launchBrowser } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';
import { picture } from './pictures';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const LABELS = {
  en: { frequency: 'Mail reminder frequency', byAlert: 'Alarms notified in the app' },
  ar: { frequency: 'تكرار التذكير بالبريد', byAlert: 'إنذارات تُبلَّغ في التطبيق' },
} as const;

/** Review item 12: the audit log shows the forms' labels and values, not field names or JSON. */
describe.each(['en', 'ar'] as const)('audit log labels (%s)', (lang) => {
  it('a notice-settings change is listed with its form labels and alarm names', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, lang, { locale: lang === 'ar' ? 'ar' : 'en-US' });
    try {
      const info = await (await page.request.get('/api/login/getInfo')).json();
      const frequency = lang === 'ar' ? 45 : 50;
      const saved = await page.request.post('/api/userNoticeCfg/edit', {
        data: { userId: info.data.userId, mailSendFrq: frequency, typeReferList: [{ type: 1, referList: [{ remark: 10, byEmail: 0, byAlert: lang === 'ar' ? 1 : 0 }] }] },
      });
      expect((await saved.json()).code).toBe(1000);

      await page.goto('/audit');
      const changes = page.locator('[data-testid^="audit-changes-"]').first();
      await changes.waitFor({ timeout: 15_000 });
      const text = (await changes.textContent()) ?? '';
      expect(text).toContain(LABELS[lang].frequency);
      expect(text).toContain(String(frequency));
      expect(text).not.toMatch(/mailSendFrq|noticeByAlert|noticeByEmail|\[|\{/);
      await picture(page, `.tmp/audit-labels-${lang}.png`);
    } finally {
      await context.close();
    }
  });
});
