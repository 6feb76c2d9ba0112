import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiSignedInPage, launchBrowser } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the language header of the calls a page load makes (review item 10)', () => {
  it('with language=es stored, the first call after the load (getInfo) carries es, as every other call', async () => {
    // An English browser, so only the stored choice says Spanish.
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, 'es', { locale: 'en-US' });
    const sent: Array<{ path: string; language: string | undefined }> = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      // An EventSource cannot set headers; its events carry codes the page words itself.
      if (path.startsWith('/api/') && request.resourceType() !== 'eventsource') sent.push({ path, language: request.headers()['language'] });
    });
    await page.goto('/home');
    await page.locator('[data-testid="side-menu"] [data-menu]').first().waitFor();
    const firstGetInfo = sent.find((call) => call.path === '/api/login/getInfo');
    expect(firstGetInfo?.language).toBe('es');
    expect(sent[0]?.language).toBe('es');
    expect(sent.filter((call) => call.language !== 'es')).toEqual([]);
    await context.close();
  });
});
