import type { Page } from 'playwright-core';

/**
 * Resolves when the page has opened the live alarm feed: an alarm raised before that is not sent
 * to it (a new feed starts at the present). Ask before the navigation that opens the feed; a fixed
 * wait instead missed the alarm on a busy machine (the feed opened after it).
 */
export const feedOpened = (page: Page, timeout = 30_000) => page.waitForResponse((r) => r.url().includes('/api/sse-msg/connect'), { timeout });
