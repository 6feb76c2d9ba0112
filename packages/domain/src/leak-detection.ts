/**
 * Leak detection from inventory data (issue 22). Rules are filled in below.
 */
export const LEAK_TEST_RESULTS = ['pass', 'fail', 'inconclusive'] as const;
export type LeakTestResult = (typeof LEAK_TEST_RESULTS)[number];

/** Why a test ended as it did: pass under the threshold, fail at or over it, inconclusive for one of two reasons. */
export const LEAK_TEST_REASONS = ['under_threshold', 'at_or_over_threshold', 'too_little_quiet_time', 'too_noisy'] as const;
export type LeakTestReason = (typeof LEAK_TEST_REASONS)[number];

/** The default threshold, L/h: 0.2 US gal/h, the rate a certified continuous leak test must find. */
export const DEFAULT_LEAK_THRESHOLD_LPH = 0.76;

/** The rolling window a test combines, in station days ending with the test's day. */
export const LEAK_WINDOW_DAYS = 30;

/** The level-alarm code a failing leak test raises (not among spec §3's codes, which end at 84 with gaps). */
export const LEAK_TEST_ALARM_CODE = 60;
