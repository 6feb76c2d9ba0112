import type { LeakTestReason, LeakTestResult } from '@ullage/domain/leak-detection';
import { stationDateTime } from '../../lib/station-time';

/**
 * How a leak test's row reads: its window on the station's clock, and what its figures say
 * beside its result. Pure, so tested in node.
 */
export interface LeakWindow {
  from: string;
  to: string;
}

/** The window the quiet periods were taken from, to the minute on the station's clock; null for an unreadable instant. */
export function leakWindow(row: { periodStart: string; periodEnd: string; timezone: string }): LeakWindow | null {
  const from = stationDateTime(row.periodStart, row.timezone);
  const to = stationDateTime(row.periodEnd, row.timezone);
  return from && to ? { from: from.slice(0, 16), to: to.slice(0, 16) } : null;
}

/**
 * Which figure the result rests on, to mark it in the row: a pass or a fail rests on the leak
 * rate against the threshold, an inconclusive test on the quiet time (too little) or on the
 * detectable rate (too noisy: the data could not have told a leak of the threshold's size).
 */
export type DecidingFigure = 'leakRate' | 'quietHours' | 'mdl';

export function decidingFigure(row: { result: LeakTestResult; reason: LeakTestReason }): DecidingFigure {
  if (row.reason === 'too_little_quiet_time') return 'quietHours';
  if (row.reason === 'too_noisy') return 'mdl';
  return 'leakRate';
}
