import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, logIn, newPage } from './browser';
import { E2E_ADMIN_PASSWORD, E2E_DEMO_PASSWORD } from './server';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const NEW_PASSWORD = 'Changed#2026';

describe('change password from the user menu (spec §5)', () => {
  it('refuses a wrong old password and a weak new one, then changes it and logs out after 2 s', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'demo-company', E2E_DEMO_PASSWORD);
    await page.waitForURL('**/home');
    await page.locator('[data-testid="user-menu"]').click();
    await page.locator('[data-testid="change-password"]').click();

    await page.locator('#old-password').fill('Wrong#2026');
    await page.locator('#new-password').click(); // blur: the old password is checked with the server
    await expect.poll(() => page.getByText('Old password error').count()).toBeGreaterThan(0);

    await page.locator('#old-password').fill(E2E_DEMO_PASSWORD);
    await page.locator('#new-password').fill('lowercase1#');
    await page.locator('#confirm-password').fill('lowercase1#');
    await expect.poll(() => page.getByText('uppercase letter', { exact: false }).count()).toBeGreaterThan(0);

    await page.locator('#new-password').fill(NEW_PASSWORD);
    await page.locator('#confirm-password').fill(NEW_PASSWORD + 'x');
    await page.locator('[data-testid="change-password-submit"]').click();
    await expect.poll(() => page.getByText('Passwords not same').count()).toBeGreaterThan(0);

    await page.locator('#confirm-password').fill(NEW_PASSWORD);
    // The 2 s count from the change's answer: timed from the response itself, not from a later
    // step that a loaded machine can delay past most of the wait.
    const changed = page.waitForResponse((r) => r.url().includes('/api/user/updatePwd') && r.request().method() === 'PUT');
    await page.locator('[data-testid="change-password-submit"]').click();
    await changed;
    const changedAt = Date.now();
    await expect.poll(() => page.getByText('Modification succeeded, please log in again').count()).toBeGreaterThan(0);
    await page.waitForURL('**/login', { timeout: 10_000 });
    expect(Date.now() - changedAt).toBeGreaterThanOrEqual(1500);

    // The new password works; put the old one back for the other tests.
    await logIn(page, 'demo-company', NEW_PASSWORD);
    await page.waitForURL('**/home');
    const restored = await page.request.put('/api/user/updatePwd', {
      data: { username: 'demo-company', oldPwd: NEW_PASSWORD, pwd: E2E_DEMO_PASSWORD, rePwd: E2E_DEMO_PASSWORD },
    });
    expect((await restored.json()).code).toBe(100);
    await context.close();
  });
});

describe('a password reset by the administrator must be changed at the next login', () => {
  it('the change-password dialog opens by itself and the new password is accepted', async () => {
    const admin = await newPage(browser);
    await logIn(admin.page, 'admin', E2E_ADMIN_PASSWORD);
    await admin.page.waitForURL('**/home');
    const accounts = await (await admin.page.request.get('/api/account/list?q=demo-station')).json();
    const id = accounts.data.list.find((a: { username: string }) => a.username === 'demo-station').id;
    const reset = await (await admin.page.request.post(`/api/account/${id}/reset-password`)).json();
    const temporary = reset.data.temporaryPassword as string;
    await admin.context.close();

    const { context, page } = await newPage(browser);
    await logIn(page, 'demo-station', temporary);
    await page.locator('#old-password').waitFor({ state: 'visible', timeout: 15_000 });
    await page.locator('#old-password').fill(temporary);
    await page.locator('#new-password').fill(E2E_DEMO_PASSWORD);
    await page.locator('#confirm-password').fill(E2E_DEMO_PASSWORD);
    await page.locator('[data-testid="change-password-submit"]').click();
    await expect.poll(() => page.getByText('Modification succeeded, please log in again').count()).toBeGreaterThan(0);
    await page.waitForURL('**/login', { timeout: 10_000 });
    await logIn(page, 'demo-station', E2E_DEMO_PASSWORD);
    await page.waitForURL('**/home');
    await context.close();
  });
});
