import { describe, expect, it } from 'vitest';
import { overBudget, UNIT_FILE_BUDGET_MS } from './test-budget.mjs';

describe('the unit files’ time budget (npm test fails over it)', () => {
  const row = (project: string, file: string, totalMs: number) => ({ project, file, importMs: 0, testsMs: totalMs, totalMs });

  it('names a domain or web file over 10 s, and only those', () => {
    expect(UNIT_FILE_BUDGET_MS).toBe(10_000);
    const rows = [
      row('domain', 'packages/domain/src/slow.test.ts', 10_001),
      row('domain', 'packages/domain/src/quick.test.ts', 9_999),
      row('web', 'apps/web/src/slow.test.ts', 12_000),
      row('server', 'apps/server/src/faults.test.ts', 100_000),
      row('e2e', 'e2e/manual-screens.test.ts', 200_000),
    ];
    expect(overBudget(rows).map((r) => r.file)).toEqual(['packages/domain/src/slow.test.ts', 'apps/web/src/slow.test.ts']);
    expect(overBudget(rows, 20_000)).toEqual([]);
  });
});
