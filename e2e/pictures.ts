import type { Locator, Page } from 'playwright-core';

/**
 * A picture of what a test saw, for a person to look at: taken only with E2E_PICTURES=1 (say,
 * `E2E_PICTURES=1 npx vitest run --project e2e e2e/leak-test.test.ts`, then open the files). No
 * check reads them, and in `npm test` the eighty of them were Chromium drawing and encoding
 * whole pages on a machine the browser tests already keep busy. The manual's pictures are the
 * product, not these: e2e/manual-screens.test.ts always takes them.
 */
export async function picture(target: Page | Locator, path: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!process.env.E2E_PICTURES) return;
  await target.screenshot({ path, ...options });
}
