import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest files the run prints at its end. */
const SHOWN = 10;

/**
 * Prints, at the end of a run, the slowest test files with where their time went (import of the
 * file and what it imports, then its tests and hooks), and writes every file's times to
 * `.tmp/test-times.json` for the suite's own budget check (scripts/test-budget.mjs). The suite is
 * a product: a file that grows slow is seen the day it does (issue 33).
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    const rows = testModules.map((m) => {
      const d = m.diagnostic();
      return { project: m.project.name, file: m.relativeModuleId, importMs: Math.round(d.collectDuration + d.setupDuration + d.prepareDuration), testsMs: Math.round(d.duration), totalMs: Math.round(d.collectDuration + d.setupDuration + d.prepareDuration + d.duration) };
    });
    if (rows.length === 0) return;
    rows.sort((a, b) => b.totalMs - a.totalMs);
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
    const lines = [``, `  The ${Math.min(SHOWN, rows.length)} slowest test files (import + tests and hooks):`];
    for (const r of rows.slice(0, SHOWN)) lines.push(`  ${s(r.totalMs)}  =${s(r.importMs)} +${s(r.testsMs)}  ${r.project.padEnd(9)} ${r.file}`);
    process.stdout.write(`${lines.join('\n')}\n\n`);
    fs.mkdirSync('.tmp', { recursive: true });
    fs.writeFileSync(path.join('.tmp', 'test-times.json'), JSON.stringify(rows, null, 1));
  }
}
