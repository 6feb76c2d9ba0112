import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

/** Runs the CLI with arguments that it must refuse before it starts any fleet. */
function refusal(...args: string[]): { status: number | null; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', CLI, '--stations', '2', '--tanks', '3', ...args], { encoding: 'utf8', timeout: 20_000 });
  return { status: r.status, stderr: r.stderr };
}

// Each case starts node with tsx: about a second, more on a busy machine.
describe('the CLI’s sales options', { timeout: 30_000 }, () => {
  it('refuses a theft or a meter error on a tank there is not, and says which', () => {
    const theft = refusal('--sales', 'transactions', '--theft', '2/4=300@2026-11-12T01:30:00Z');
    expect(theft.status).toBe(2);
    expect(theft.stderr).toMatch(/^--theft: there is no tank 4 at station 2 \(2 stations of 3 tanks\)/);
    expect(refusal('--sales', 'transactions', '--meter-error', '3/1=0.6').stderr).toMatch(/^--meter-error: there is no tank 1 at station 3/);
  });

  it('refuses a meter error without metered sales, and a totaliser off the quarter hours', () => {
    const r = refusal('--meter-error', '1/1=0.6');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^--meter-error needs metered sales/);
    expect(refusal('--sales', 'totaliser', '--totaliser-every', '20').stderr).toMatch(/^--totaliser-every must be a multiple of 15/);
    expect(refusal('--sales', 'cash').stderr).toMatch(/^--sales must be none, transactions or totaliser/);
  });
});
