/**
 * How a run-out forecast reads on the pages (issue 23): hours to a threshold as days and hours
 * ("1 d 4 h"), "now" when the tank is already there, the projection's reach (14 days) when it
 * is not within it.
 */
export type DurationText =
  | { key: 'monitor.forecast.in.dayHours'; values: { days: number; hours: number } }
  | { key: 'monitor.forecast.in.hours'; values: { hours: number } }
  | { key: 'monitor.forecast.now'; values: Record<string, never> }
  | { key: 'monitor.forecast.beyond'; values: { days: number } };

/** The forecast's reach, days (domain FORECAST_RULES.horizonHours). */
export const FORECAST_REACH_DAYS = 14;

/**
 * Whole hours under a day, rounded up (a dispatcher would rather be early: 0.4 h is "1 h");
 * days and hours beyond, the hours rounded down. null: not within the reach.
 */
export function durationText(hours: number | null): DurationText {
  if (hours === null) return { key: 'monitor.forecast.beyond', values: { days: FORECAST_REACH_DAYS } };
  if (hours <= 0) return { key: 'monitor.forecast.now', values: {} };
  if (hours < 24) return { key: 'monitor.forecast.in.hours', values: { hours: Math.ceil(hours) } };
  const whole = Math.floor(hours);
  return { key: 'monitor.forecast.in.dayHours', values: { days: Math.floor(whole / 24), hours: whole % 24 } };
}

/** The card's line: when the low alarm comes, that it is there, not within the reach, or no forecast (no reading, no history). */
export type LowAlarmLine =
  | { key: 'monitor.forecast.lowAlarmIn'; duration: DurationText }
  | { key: 'monitor.forecast.lowAlarmNow' | 'monitor.forecast.notWithin' | 'monitor.forecast.noData' };

export function lowAlarmLine(row: { volumeL: number | null; hoursToLowAlarm: number | null; basis: { days: number } } | undefined): LowAlarmLine {
  if (!row || row.volumeL === null || row.basis.days === 0) return { key: 'monitor.forecast.noData' };
  if (row.hoursToLowAlarm === null) return { key: 'monitor.forecast.notWithin' };
  if (row.hoursToLowAlarm <= 0) return { key: 'monitor.forecast.lowAlarmNow' };
  return { key: 'monitor.forecast.lowAlarmIn', duration: durationText(row.hoursToLowAlarm) };
}

/** Rows with a low alarm forecast, soonest first, at most `n`: home's "running out soonest". */
export function soonestToRunOut<T extends { hoursToLowAlarm: number | null }>(rows: readonly T[], n: number): T[] {
  return rows.filter((r) => r.hoursToLowAlarm !== null).sort((a, b) => a.hoursToLowAlarm! - b.hoursToLowAlarm!).slice(0, n);
}
