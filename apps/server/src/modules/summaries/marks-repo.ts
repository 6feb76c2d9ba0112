import { sql } from 'drizzle-orm';
import { summaryChunk, type SummaryMarks } from '@ullage/domain/summary-plan';
import type { Db } from '../../db/client';
import { rawRows } from '../../lib/raw-sql';

/** Every chunk's marks (16 rows), as a look-up by tank. */
export async function summaryMarks(db: Db): Promise<(tankId: number) => SummaryMarks> {
  const rows = await rawRows<{ chunk: number; h: number; d: number }>(
    db,
    sql`select chunk, extract(epoch from hourly_until)::float8 * 1000 as h, extract(epoch from daily_until)::float8 * 1000 as d from summary_marks`,
  );
  const byChunk = new Map(rows.map((r) => [r.chunk, { hourlyUntilMs: Math.round(r.h), dailyUntilMs: Math.round(r.d) }]));
  // A chunk without a row (none should be) is read raw throughout: never wrong, only slower.
  return (tankId) => byChunk.get(summaryChunk(tankId)) ?? { hourlyUntilMs: -Infinity, dailyUntilMs: -Infinity };
}
