import { sql } from 'drizzle-orm';
import type { LeakReading, QuietPeriod } from '@ullage/domain/leak-detection';
import type { Db } from '../../db/client';
import { daysBetween } from '@ullage/domain/station-day';
import { DayCache } from '../../lib/day-cache';
import { epochMs, pgArray, rawRows } from '../../lib/raw-sql';
import { readingsBetween } from '../../lib/readings-between';

/**
 * Each tank day's quiet periods (tank_leak_days, migration 0025). A day is figured once its
 * tank-day book is (books are written for days over and settled, and marked stale — their
 * version raised — when a late reading lands): a leak day whose book version or bounds differ
 * from the book's is figured again. So late readings reach the leak test by the same marks
 * that keep the reports right, and a test never rereads more than the days they touched.
 */

/** A tank day to figure, with the book it follows. */
export interface LeakDayTask {
  tankId: number;
  day: string;
  bookVersion: number;
  startMs: number;
  endMs: number;
}

const ms = (v: Date | string) => new Date(v).getTime();
const iso = (v: number) => new Date(v).toISOString();

/**
 * Up to `limit` fresh books from `sinceDay` on whose leak day is missing or old, newest first.
 * `bookedSinceMs`: only books written at or after it (the booked_at key), the job's look since
 * its last; null looks at every book of the days, tens of thousands of books a look. Each book
 * found probes its leak day's key (not a join of every leak day kept).
 */
export async function leakDaysToFigure(db: Db, sinceDay: string, limit: number, bookedSinceMs: number | null = null): Promise<LeakDayTask[]> {
  const rows = await rawRows<{ tank_id: number; day: string; version: number; starts_at: Date | string; ends_at: Date | string }>(
    db,
    sql`select b.tank_id, b.day::text as day, b.version, b.starts_at, b.ends_at
        from tank_day_books b
        where b.day >= ${sinceDay}::date and not b.stale and b.booked_at is not null
          ${bookedSinceMs === null ? sql`` : sql`and b.booked_at >= ${iso(bookedSinceMs)}::timestamptz`}
          and not exists (select 1 from tank_leak_days l where l.tank_id = b.tank_id and l.day = b.day and l.book_version = b.version and l.starts_at = b.starts_at)
        order by b.day desc, b.tank_id limit ${limit}`,
  );
  return rows.map((r) => ({ tankId: r.tank_id, day: r.day, bookVersion: Number(r.version), startMs: ms(r.starts_at), endMs: ms(r.ends_at) }));
}

/** When the newest book was written (one probe of the booked_at key); null: no book yet. */
export async function latestBookingMs(db: Db): Promise<number | null> {
  const [row] = await rawRows<{ at: number | null }>(db, sql`select ${sql.raw(epochMs('max(booked_at)'))} as at from tank_day_books`);
  return row?.at == null ? null : Number(row.at);
}

/** The readings of each span [fromMs, toMs) of a tank, in time order, in the order of `spans`. */
export async function readingsOf(db: Db, spans: readonly { tankId: number; fromMs: number; toMs: number }[]): Promise<LeakReading[][]> {
  if (spans.length === 0) return [];
  // The instant as epoch milliseconds: a tank's day is up to 1,440 readings, and parsing a
  // timestamp's text costs microseconds each.
  const rows = await rawRows<{ i: number | string; ts_ms: number; volume_l: number; temperature_c: number; tc_volume_l: number }>(
    db,
    sql`select w.i, ${sql.raw(epochMs('r.ts'))} as ts_ms, r.volume_l, r.temperature_c, r.tc_volume_l
        from unnest(${pgArray(spans.map((s) => s.tankId))}::int[], ${pgArray(spans.map((s) => iso(s.fromMs)))}::timestamptz[],
          ${pgArray(spans.map((s) => iso(s.toMs)))}::timestamptz[]) with ordinality as w(tank_id, from_ts, to_ts, i)
        cross join lateral (select ts, volume_l, temperature_c, tc_volume_l from tank_readings r
          where r.tank_id = w.tank_id and r.ts >= w.from_ts and r.ts < w.to_ts and ${readingsBetween('r', spans)} order by r.ts) r
        order by w.i, r.ts`,
  );
  const out: LeakReading[][] = spans.map(() => []);
  for (const r of rows) out[Number(r.i) - 1]!.push({ tsMs: r.ts_ms, volumeL: r.volume_l, temperatureC: r.temperature_c, tcVolumeL: r.tc_volume_l });
  return out;
}

/** A figured day to keep. */
export interface LeakDayWrite {
  task: LeakDayTask;
  periods: QuietPeriod[];
}

const packed = (p: QuietPeriod) => [p.startMs, p.endMs, p.n, round(p.rateLph, 6), round(p.seLph, 6)];
const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * Keeps figured days. A book marked again while its day was being figured has a new version:
 * the row written here is then old by its version, and the day is figured again next round.
 */
export async function writeLeakDays(db: Db, days: readonly LeakDayWrite[], nowMs: number): Promise<void> {
  if (days.length === 0) return;
  await db.execute(
    sql`insert into tank_leak_days (tank_id, day, book_version, starts_at, ends_at, periods, figured_at)
        select w.tank_id, w.day, w.version, w.starts_at, w.ends_at, w.periods::jsonb, ${iso(nowMs)}::timestamptz
        from unnest(${pgArray(days.map((d) => d.task.tankId))}::int[], ${pgArray(days.map((d) => d.task.day))}::date[],
          ${pgArray(days.map((d) => d.task.bookVersion))}::int[], ${pgArray(days.map((d) => iso(d.task.startMs)))}::timestamptz[],
          ${pgArray(days.map((d) => iso(d.task.endMs)))}::timestamptz[], ${pgArray(days.map((d) => JSON.stringify(d.periods.map(packed))))}::text[])
          as w(tank_id, day, version, starts_at, ends_at, periods)
        where exists (select 1 from tanks t where t.id = w.tank_id)
        on conflict (tank_id, day) do update set book_version = excluded.book_version, starts_at = excluded.starts_at,
          ends_at = excluded.ends_at, periods = excluded.periods, figured_at = excluded.figured_at`,
  );
}

/** A figured day as read back. */
export interface LeakDay {
  tankId: number;
  day: string;
  startMs: number;
  endMs: number;
  periods: QuietPeriod[];
}

/** Each database's leak days read so far (a test's database has its own). */
const caches = new WeakMap<Db, DayCache<LeakDay>>();
const cacheOf = (db: Db) => {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new DayCache<LeakDay>()));
  return cache;
};

/**
 * The figured days of these tanks from `fromDay` to `toDay`, by tank then day. Each day's
 * version is its row's xmin, the transaction that last wrote it (any write makes a new one,
 * whatever the job's clock): only that is read every time, and a tank's days whole only when one
 * of them is not kept at it (lib/day-cache.ts).
 * The list's 37 days of every tank were 7,400 rows of quiet periods parsed a call at 200 tanks.
 * Shared: never change them.
 */
export async function leakDaysOf(db: Db, tankIds: readonly number[], fromDay: string, toDay: string): Promise<LeakDay[]> {
  if (tankIds.length === 0) return [];
  const cache = cacheOf(db);
  const days = daysBetween(fromDay, toDay);
  // Each tank's days as `offset:xmin,…` (offset in days from fromDay), in day order: one text a tank.
  const rows = await rawRows<{ tank_id: number; versions: string }>(
    db,
    sql`select tank_id, string_agg(concat(day - ${fromDay}::date, ':', xmin::text), ',' order by day) as versions from tank_leak_days
        where tank_id = any(${pgArray(tankIds)}::int[]) and day >= ${fromDay}::date and day <= ${toDay}::date
        group by tank_id order by tank_id`,
  );
  const kept = new Map<number, LeakDay[]>();
  const unkept: number[] = [];
  for (const r of rows) {
    const ofTank = cache.keptOfText(r.tank_id, r.versions, days);
    if (ofTank) kept.set(r.tank_id, ofTank);
    else unkept.push(r.tank_id);
  }
  for (const { day, version } of await readLeakDays(db, unkept, fromDay, toDay)) {
    cache.keep(day, version);
    let ofTank = kept.get(day.tankId);
    if (!ofTank) kept.set(day.tankId, (ofTank = []));
    ofTank.push(day);
  }
  // By tank, then day: the tanks in the order the versions came (tank_id), each tank's days in day order.
  return rows.flatMap((r) => kept.get(r.tank_id) ?? []);
}

/** The figured days of these tanks, whole, each with its row's version (xmin). */
async function readLeakDays(db: Db, tankIds: readonly number[], fromDay: string, toDay: string): Promise<{ day: LeakDay; version: number }[]> {
  if (tankIds.length === 0) return [];
  const rows = await rawRows<{ tank_id: number; day: string; starts_ms: number; ends_ms: number; row_version: number | string; periods: number[][] | string }>(
    db,
    sql`select tank_id, day::text as day, ${sql.raw(epochMs('starts_at'))} as starts_ms, ${sql.raw(epochMs('ends_at'))} as ends_ms,
          xmin::text::int8 as row_version, periods from tank_leak_days
        where tank_id = any(${pgArray(tankIds)}::int[]) and day >= ${fromDay}::date and day <= ${toDay}::date
        order by tank_id, day`,
  );
  return rows.map((r) => {
    const list = typeof r.periods === 'string' ? (JSON.parse(r.periods) as number[][]) : r.periods;
    return {
      version: Number(r.row_version),
      day: {
        tankId: r.tank_id,
        day: r.day,
        startMs: r.starts_ms,
        endMs: r.ends_ms,
        periods: list.map(([startMs, endMs, n, rateLph, seLph]) => ({ startMs: startMs!, endMs: endMs!, n: n!, rateLph: rateLph!, seLph: seLph! })),
      },
    };
  });
}
