/**
 * Months of readings (issue 21): the readings and their hourly summaries are stored one
 * partition per calendar month of UTC, named `<table>_pYYYYMM` (migration 0020). These rules
 * say which months a set of readings needs, which months the upkeep job makes ahead of time,
 * and which whole months retention may drop.
 */

/** The month partitions are made this many months ahead of the current one. */
export const MONTHS_AHEAD = 2;

/** 'YYYYMM' of the UTC month holding `ms`. */
export function monthKey(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The first instant (epoch ms) of the UTC month holding `ms`, moved by `add` months. */
export function monthStart(ms: number, add = 0): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1);
}

/** The distinct months (their first instants, ascending) that readings at these times fall in. */
export function monthsOf(times: Iterable<number>): number[] {
  const months = new Set<number>();
  for (const ms of times) months.add(monthStart(ms));
  return [...months].sort((a, b) => a - b);
}

/** The month partition's name of a table for the month holding `ms`. */
export function partitionName(table: string, ms: number): string {
  return `${table}_p${monthKey(ms)}`;
}

/** The month a partition name stands for (its first instant), or null when the name is not one of ours. */
export function monthOfPartition(table: string, name: string): number | null {
  const match = new RegExp(`^${table}_p(\\d{4})(\\d{2})$`).exec(name);
  if (!match) return null;
  const month = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return Date.UTC(Number(match[1]), month - 1, 1);
}

/**
 * The instant before which whole months of readings are dropped when they are kept for
 * `retentionMonths`: the current month and the `retentionMonths` before it stay. With 12 on
 * 2026-11-27, November 2025 onward stay and October 2025 and older go, so every reading of the
 * last twelve full months is kept, whatever the day. Null: readings are kept for ever.
 */
export function retentionCutoff(nowMs: number, retentionMonths: number | null): number | null {
  if (retentionMonths === null) return null;
  return monthStart(nowMs, -retentionMonths);
}

/**
 * The partitions that retention drops: those whose whole month ends at or before the cutoff.
 * A month only partly older than the cutoff is kept whole: a partition is dropped whole or not at all.
 */
export function expiredPartitions(table: string, names: readonly string[], cutoffMs: number | null): string[] {
  if (cutoffMs === null) return [];
  return names.filter((name) => {
    const month = monthOfPartition(table, name);
    return month !== null && monthStart(month, 1) <= cutoffMs;
  });
}
