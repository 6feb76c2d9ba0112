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

/**
 * The card's line: when the tank runs out — its low alarm, or, with none set, empty (saying so:
 * such a tank still empties) — that it is there, not within the reach, or no forecast (no
 * reading, no history).
 */
export type RunOutLine =
  | { key: 'monitor.forecast.lowAlarmIn' | 'monitor.forecast.emptyIn'; duration: DurationText }
  | { key: 'monitor.forecast.lowAlarmNow' | 'monitor.forecast.notWithin' | 'monitor.forecast.emptyNow' | 'monitor.forecast.emptyBeyond' | 'monitor.forecast.noData' };

export function runOutLine(row: { volumeL: number | null; runOutTarget: 'lowAlarm' | 'empty'; hoursToRunOut: number | null; basis: { days: number } } | undefined): RunOutLine {
  if (!row || row.volumeL === null || row.basis.days === 0) return { key: 'monitor.forecast.noData' };
  const empty = row.runOutTarget === 'empty';
  if (row.hoursToRunOut === null) return { key: empty ? 'monitor.forecast.emptyBeyond' : 'monitor.forecast.notWithin' };
  if (row.hoursToRunOut <= 0) return { key: empty ? 'monitor.forecast.emptyNow' : 'monitor.forecast.lowAlarmNow' };
  return { key: empty ? 'monitor.forecast.emptyIn' : 'monitor.forecast.lowAlarmIn', duration: durationText(row.hoursToRunOut) };
}

/** Rows with a run-out forecast (low alarm, or empty without one), soonest first, at most `n`: home's "running out soonest". */
export function soonestToRunOut<T extends { hoursToRunOut: number | null }>(rows: readonly T[], n: number): T[] {
  return rows.filter((r) => r.hoursToRunOut !== null).sort((a, b) => a.hoursToRunOut! - b.hoursToRunOut!).slice(0, n);
}
