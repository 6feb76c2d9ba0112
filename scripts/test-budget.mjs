/**
 * The unit projects stay fast (issue 33): a file of `domain` or `web` — pure rules, no database,
 * no browser — that takes longer than this (its import and its tests, on a busy 2-core machine)
 * fails `npm test`. Make it faster (simulated time, smaller fixtures, one check over many values)
 * rather than raise the budget.
 */
export const UNIT_FILE_BUDGET_MS = 10_000;
export const UNIT_PROJECTS = ['domain', 'web'];

/** The rows of `.tmp/test-times.json` (scripts/slowest-files-reporter.ts) over the budget. */
export function overBudget(rows, budgetMs = UNIT_FILE_BUDGET_MS) {
  return rows.filter((row) => UNIT_PROJECTS.includes(row.project) && row.totalMs > budgetMs);
}
