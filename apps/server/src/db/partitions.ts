import { sql } from 'drizzle-orm';
import { expiredPartitions, MONTHS_AHEAD, monthStart, retentionCutoff } from '@ullage/domain/reading-months';
import { pgCode } from '../lib/db-errors';
import { rawRows } from '../lib/raw-sql';
import type { Db } from './client';

/**
 * The month partitions of the tables that grow with time (migration 0020): made ahead by the
 * upkeep job, made on demand by ingest for a month nobody made yet, dropped whole by retention.
 */
export const MONTHLY_TABLES = ['tank_readings', 'tank_hourly'] as const;

/** Makes the month partitions of every monthly table for these months (first instants), if missing; how many were made. */
export async function ensureMonths(db: Db, months: readonly number[]): Promise<number> {
  let made = 0;
  for (const table of MONTHLY_TABLES) {
    for (const month of months) {
      const at = new Date(month).toISOString();
      const [row] = await rawRows<{ made: number }>(db, sql`select ullage_ensure_month_partitions(${table}, ${at}::timestamptz, ${at}::timestamptz) as made`);
      made += row?.made ?? 0;
    }
  }
  return made;
}

/**
 * Whether a write may have failed because its rows' month has no partition yet ("no partition of
 * relation … found for row" is a check violation, 23514). Another check failing looks the same;
 * the caller's one retry after making the months then fails again with the real error.
 */
export const isMissingPartition = (error: unknown) => pgCode(error) === '23514';

/** The partitions of a table, by name. */
export async function partitionsOf(db: Db, table: string): Promise<string[]> {
  const rows = await rawRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = to_regclass(${table}) order by 1`,
  );
  return rows.map((r) => r.name);
}

export interface UpkeepResult {
  made: number;
  dropped: string[];
}

/**
 * One round of partition upkeep: this month and MONTHS_AHEAD after it exist for every monthly
 * table, and, when readings are kept for `retentionMonths`, whole months older than that are
 * dropped (DROP TABLE of the partition: no row-by-row delete, nothing left to vacuum). The daily
 * summaries (tank_daily) are small and are kept: a chart of years still draws after the raw
 * readings behind it are gone.
 */
export async function upkeepPartitions(db: Db, nowMs: number, retentionMonths: number | null): Promise<UpkeepResult> {
  const months = Array.from({ length: MONTHS_AHEAD + 1 }, (_, i) => monthStart(nowMs, i));
  const made = await ensureMonths(db, months);
  const dropped: string[] = [];
  const cutoff = retentionCutoff(nowMs, retentionMonths);
  for (const table of MONTHLY_TABLES) {
    for (const name of expiredPartitions(table, await partitionsOf(db, table), cutoff)) {
      // The name comes from pg_class and matched our pattern (letters, digits, _), so quoting it is enough.
      await db.execute(sql.raw(`drop table if exists "${name}"`));
      dropped.push(name);
    }
  }
  return { made, dropped };
}
