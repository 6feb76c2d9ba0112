import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Picks an option of a plain select (`data-testid` on the select) as a user would: open it, type
 * `text`, click the first option showing `optionText`. It then waits for the dropdown to close:
 * the next select's options are not to be confused with this one's, still fading out.
 */
export async function chooseOption(page: Page, testId: string, text: string, optionText: string | RegExp = text): Promise<void> {
  await page.locator(`[data-testid="${testId}"]`).click();
  await page.keyboard.type(text);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: optionText }).first();
  await option.waitFor();
  await option.click();
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}
