import { sql, type SQL } from 'drizzle-orm';

/**
 * Bounds of the instants a statement over many windows of the readings may touch, as two
 * values of its own (issue 35). The readings are partitioned by month; windows given as arrays
 * (unnest, then a lateral range per window) are pruned only as the statement runs, after the
 * planner has planned every partition — 16 on a database with 13 months of history, more as it
 * grows, so each statement's planning grew with the history. With the windows' overall bounds
 * beside them, the planner keeps only the months they fall in. Inclusive: a superset is safe.
 */
export function readingsBetween(alias: string, windows: readonly { fromMs: number; toMs: number }[]): SQL {
  const { from, to } = boundsOf(windows);
  const ts = sql.raw(`${alias}.ts`);
  return sql`${ts} >= ${new Date(from).toISOString()}::timestamptz and ${ts} <= ${new Date(to).toISOString()}::timestamptz`;
}

/** The earliest start and the latest end of some windows (a loop: a fleet's month is more windows than a call takes arguments). */
export function boundsOf(windows: readonly { fromMs: number; toMs: number }[]): { from: number; to: number } {
  let from = Infinity;
  let to = -Infinity;
  for (const w of windows) {
    if (w.fromMs < from) from = w.fromMs;
    if (w.toMs > to) to = w.toMs;
  }
  return { from, to };
}
