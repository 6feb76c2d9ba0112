import type { Locator, Page } from 'playwright-core';

/**
 * Picks a node of a tree select (the organisation pickers) by its text, as a user would: open it,
 * type, click the match. The text goes into the select's own search box rather than wherever the
 * focus is: on a loaded machine the click's focus can land after the keys, and an unfiltered tree
 * (a virtual list) never renders a node far down it. A search that shows no match within 8 s is
 * typed again in a select opened anew (twice at most): on a machine busy with other browser tests,
 * the tree once showed no node for 30 s after its search was typed.
 */
export async function pickTreeNode(page: Page, select: Locator, text: string): Promise<void> {
  const node = page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: text }).first();
  for (let attempt = 1; ; attempt++) {
    await select.click();
    await select.locator('input').fill(text);
    try {
      await node.waitFor({ timeout: 8_000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
  await node.click();
}
