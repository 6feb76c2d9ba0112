import type { LeakTestReason, LeakTestResult } from '@ullage/domain/leak-detection';
import type { MessageKey } from '../i18n/message-key';

/**
 * The words and colours of a leak test's result and reason (issue 22), shared by the leak-test
 * page, its compliance record, the station monitor and home. Typed by the domain's lists, so a
 * result or reason added there and not named here fails the typecheck.
 */
export const LEAK_RESULT_KEYS: Readonly<Record<LeakTestResult, MessageKey>> = {
  pass: 'monitor.leakTest.result.pass',
  fail: 'monitor.leakTest.result.fail',
  inconclusive: 'monitor.leakTest.result.inconclusive',
};

export const LEAK_REASON_KEYS: Readonly<Record<LeakTestReason, MessageKey>> = {
  under_threshold: 'monitor.leakTest.reason.under_threshold',
  at_or_over_threshold: 'monitor.leakTest.reason.at_or_over_threshold',
  too_little_quiet_time: 'monitor.leakTest.reason.too_little_quiet_time',
  too_noisy: 'monitor.leakTest.reason.too_noisy',
};

/** antd Tag colours: a failure reads as an alarm, an inconclusive test as a warning (not a pass). */
export const LEAK_RESULT_COLORS: Readonly<Record<LeakTestResult, string>> = {
  pass: 'green',
  fail: 'red',
  inconclusive: 'gold',
};

/** How many tanks have each result, every result present (0 when none), in LEAK_TEST_RESULTS order. */
export function countByResult(rows: readonly { result: LeakTestResult }[]): Record<LeakTestResult, number> {
  const counts: Record<LeakTestResult, number> = { pass: 0, fail: 0, inconclusive: 0 };
  for (const row of rows) counts[row.result] += 1;
  return counts;
}

/**
 * The station days to ask the leak-test list for the tanks failing now: from the earliest to the
 * latest day of their latest tests (the list takes 92 days at most, so the latest 92); null when none fails.
 */
export function failingDays(statuses: readonly { result: LeakTestResult; day: string }[]): { from: string; to: string } | null {
  const days = statuses.filter((s) => s.result === 'fail').map((s) => s.day).sort();
  const last = days.at(-1);
  if (!last) return null;
  const earliest = new Date(Date.parse(`${last}T00:00:00Z`) - 91 * 86_400_000).toISOString().slice(0, 10);
  const first = days[0]!;
  return { from: first < earliest ? earliest : first, to: last };
}

/** The list rows that are a tank's latest test and a failure: what home lists as failing now, not a failure since passed. */
export function currentFailures<R extends { tankId: number; day: string; result: LeakTestResult }>(
  rows: readonly R[],
  statuses: readonly { tankId: number; day: string; result: LeakTestResult }[],
): R[] {
  const latest = new Set(statuses.filter((s) => s.result === 'fail').map((s) => `${s.tankId}|${s.day}`));
  return rows.filter((row) => row.result === 'fail' && latest.has(`${row.tankId}|${row.day}`));
}
