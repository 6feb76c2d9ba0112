import type { Locator, Page } from 'playwright-core';

/**
 * Picks a node of a tree select (the organisation pickers) by its text, as a user would: open it,
 * type, click the match. The text goes into the select's own search box rather than wherever the
 * focus is: on a loaded machine the click's focus can land after the keys, and an unfiltered tree
 * (a virtual list) never renders a node far down it.
 */
export async function pickTreeNode(page: Page, select: Locator, text: string): Promise<void> {
  await select.click();
  await select.locator('input').fill(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: text }).first().click();
}
