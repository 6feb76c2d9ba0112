import { sql, type SQL } from 'drizzle-orm';
import { SUMMARY_CHUNKS, summaryChunk } from '@ullage/domain/summary-plan';
import { pgArray } from '../../lib/raw-sql';
import { aggregatedReadings, MERGED, upsertSummaries } from './columns';
import { SUMMARY_LOCK } from './rollup-job';

/**
 * What ingest's write statement adds for the summaries, as CTEs after its `ins` (the readings it
 * inserted): the readings older than their chunk's marks — those the job will not roll up, late
 * ones — merged into their hour and day. The others the job rolls up from the raw rows.
 */
export const MERGE_LATE_READINGS = sql.raw(`marks as (select chunk, hourly_until, daily_until from summary_marks),
        late_hourly as (select i.*, m.daily_until from ins i join marks m on m.chunk = i.tank_id % ${SUMMARY_CHUNKS} where i.ts < m.hourly_until),
        late_daily as (select * from late_hourly where ts < daily_until),
        hourly as (${upsertSummaries('tank_hourly', aggregatedReadings('late_hourly', '1 hour'), MERGED)}),
        daily as (${upsertSummaries('tank_daily', aggregatedReadings('late_daily', '1 day'), MERGED)})`);

/**
 * A select-list expression that takes the shared lock on the chunks of these tanks, in ascending
 * order, for the transaction: the job never rolls up an hour of them while a write that read the
 * old marks is in flight. Evaluate it in a statement before the one that reads the marks: that one
 * then sees whatever the job committed before the lock was granted.
 */
export function chunkLocks(tankIds: readonly number[]): SQL {
  const chunks = [...new Set(tankIds.map(summaryChunk))].sort((a, b) => a - b);
  return sql`(select count(pg_advisory_xact_lock_shared(${SUMMARY_LOCK}, c)) from unnest(${pgArray(chunks)}::int[]) as c)`;
}
