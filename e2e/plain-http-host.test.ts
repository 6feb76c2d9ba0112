import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { baseUrl } from './browser';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { E2E_DEMO_PASSWORD } from './server';

/**
 * The README's default deployment: plain HTTP at a LAN address or host name, not localhost.
 * The browser resolves `ullage.test` to the server under test, so the page's origin is not a
 * loopback one (browsers treat http://localhost as secure and forgive what a host name does not).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({
    // A browser of its own: the host rule is a launch flag.
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP ullage.test 127.0.0.1'],
  });
});
afterAll(() => browser?.close());

describe('the web app over plain HTTP under a host name', () => {
  it('renders /login, fetches nothing over https, and signs in', async () => {
    const origin = `http://ullage.test:${new URL(baseUrl()).port}`;
    const context = await browser.newContext({ baseURL: origin, locale: 'en-US' });
    const page = await context.newPage();
    const requested: string[] = [];
    const failed: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('requestfailed', (request) => failed.push(request.url()));
    await page.goto('/login');
    await page.locator('#username').waitFor({ timeout: 15_000 });
    expect(await page.locator('#password').isVisible()).toBe(true);
    expect(requested.length).toBeGreaterThan(1);
    expect(requested.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
    expect(failed).toEqual([]);
    // The app's own calls pass the same-origin check under this host name too.
    await page.locator('#username').fill('demo-company');
    await page.locator('#password').fill(E2E_DEMO_PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.waitForURL('**/home');
    expect(requested.filter((url) => url.startsWith('https:'))).toEqual([]);
    await context.close();
  });
});
