import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rollupTargets, SUMMARY_CHUNKS } from '@ullage/domain/summary-plan';
import type { Db } from '../../db/client';
import { rawRows } from '../../lib/raw-sql';
import { aggregatedHours, aggregatedReadings, REPLACED, upsertSummaries } from './columns';

/** The advisory lock (with the chunk as second key) ingest holds shared and the roll-up exclusive. */
export const SUMMARY_LOCK = 727010;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** At most this much is rolled up in one transaction, so a chunk's writes wait seconds at most after a long stop. */
const MAX_HOURS = 6 * HOUR_MS;
const MAX_DAYS = 7 * DAY_MS;

const iso = (ms: number) => new Date(ms).toISOString();

export interface RollupRound {
  /** Chunk-hours and chunk-days rolled up this round. */
  hours: number;
  days: number;
}

/**
 * Keeps the hourly and daily summaries (migration 0035): each chunk of tanks' hours are rolled up
 * from the raw readings once they ended an hour ago, its UTC days from their hours once the day's
 * last hour is; each roll-up replaces the rows it makes, so one made again gives the same rows.
 * A periodic job: leased, on one instance (app.ts); tests run rounds themselves.
 */
export class SummaryRollupJob {
  constructor(private readonly deps: { db: Db; clock: () => Date; logger?: FastifyBaseLogger }) {}

  async runOnce(): Promise<RollupRound> {
    const target = rollupTargets(this.deps.clock().getTime());
    const round: RollupRound = { hours: 0, days: 0 };
    // Most rounds (59 minutes of 60) find every chunk rolled up: no transaction, no lock for those.
    const behind = await rawRows<{ chunk: number }>(
      this.deps.db,
      sql`select chunk from summary_marks where hourly_until < ${iso(target.hourlyUntilMs)}::timestamptz or daily_until < ${iso(target.dailyUntilMs)}::timestamptz order by chunk`,
    );
    for (const { chunk } of behind) {
      for (;;) {
        const step = await this.step(chunk, target.hourlyUntilMs, target.dailyUntilMs);
        round.hours += step.hours;
        round.days += step.days;
        if (step.hours + step.days === 0) break;
      }
    }
    // A round of more than an hour (a long stop caught up) is worth a line in the log.
    if (round.hours + round.days > SUMMARY_CHUNKS) this.deps.logger?.info(round, 'summaries rolled up');
    return round;
  }

  /** One transaction of one chunk: the lock, then up to MAX_HOURS of hours and MAX_DAYS of days, and the marks moved. */
  private step(chunk: number, hourlyTargetMs: number, dailyTargetMs: number): Promise<RollupRound> {
    return this.deps.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      // Exclusive: waits for every write of this chunk's tanks in flight (each holds the lock
      // shared) and holds up new ones until the marks below are committed. The statements after it
      // see every reading those writes committed.
      await db.execute(sql`select pg_advisory_xact_lock(${SUMMARY_LOCK}, ${chunk})`);
      const [marks] = await rawRows<{ h: number; d: number }>(
        db,
        sql`select extract(epoch from hourly_until)::float8 * 1000 as h, extract(epoch from daily_until)::float8 * 1000 as d from summary_marks where chunk = ${chunk}`,
      );
      if (!marks) return { hours: 0, days: 0 };
      const tanks = `tank_id = any(array(select id from tanks where id % ${SUMMARY_CHUNKS} = ${chunk}))`;
      const h0 = Math.round(marks.h);
      const h1 = Math.min(hourlyTargetMs, h0 + MAX_HOURS);
      if (h1 > h0) {
        await db.execute(sql.raw(upsertSummaries('tank_hourly', aggregatedReadings('tank_readings', '1 hour', `where ${tanks} and ts >= '${iso(h0)}' and ts < '${iso(h1)}'`), REPLACED)));
      }
      const hourlyUntil = Math.max(h0, h1);
      const d0 = Math.round(marks.d);
      // A day is made of its hours: only days whose every hour is rolled up.
      const d1 = Math.min(dailyTargetMs, Math.floor(hourlyUntil / DAY_MS) * DAY_MS, d0 + MAX_DAYS);
      if (d1 > d0) {
        await db.execute(sql.raw(upsertSummaries('tank_daily', aggregatedHours(`where ${tanks} and hour >= '${iso(d0)}' and hour < '${iso(d1)}'`), REPLACED)));
      }
      const dailyUntil = Math.max(d0, d1);
      if (hourlyUntil === h0 && dailyUntil === d0) return { hours: 0, days: 0 };
      await db.execute(sql`update summary_marks set hourly_until = ${iso(hourlyUntil)}::timestamptz, daily_until = ${iso(dailyUntil)}::timestamptz where chunk = ${chunk}`);
      return { hours: (hourlyUntil - h0) / HOUR_MS, days: (dailyUntil - d0) / DAY_MS };
    });
  }
}
