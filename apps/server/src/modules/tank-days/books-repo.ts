import { sql, type SQL } from 'drizzle-orm';
import type { Gap } from '@ullage/domain/daily-inventory';
import { daysBetween, type DayWindow } from '@ullage/domain/station-day';
import type { Db } from '../../db/client';
import { epochMs, pgArray, rawRows } from '../../lib/raw-sql';
import { DayCache } from '../../lib/day-cache';
import { edgesOf, type EdgeReading } from './repo';

/** What one tank's readings give for one station day (daily-inventory.ts DayAggregates). */
export interface DayReadings {
  first: EdgeReading | null;
  last: EdgeReading | null;
  /** The day's own gaps (gapsOfDay), all of them, in time order. */
  gaps: Gap[];
}

/** A tank's own metered sales ('t<id>') with fromMs < ts ≤ toMs: the day's opening to closing reading. */
export interface BookSales {
  fromMs: number;
  toMs: number;
  volumeL: number;
  tcVolumeL: number;
  grossWithoutTcL: number;
}

/**
 * What the tank's own meters sold during one of the day's metered drops (a delivery's part of
 * the day), over (fromMs, toMs]: what reconciliation/sales-during.ts answers for it.
 */
export interface KeptDrop {
  startedAtMs: number;
  fromMs: number;
  toMs: number;
  salesL: number;
}

/** A fresh book: the bounds it was figured for and what it holds. */
export interface Book extends DayReadings {
  tankId: number;
  day: string;
  startMs: number;
  endMs: number;
  /** Null: a book written before sales were kept (figured live). */
  sold: BookSales | null;
  /** The day's metered drops; null: a book written before drops were kept (asked live). */
  drops: KeptDrop[] | null;
}

/** Whole epoch milliseconds as an integer's text (lib/raw-sql.ts epochMs). */
const epochMsOfBook = (column: string) => `${epochMs(`b.${column}`)}::int8`;

/** A book's values as one text, in the order bookOf reads them; a null is empty. */
const BOOK_TEXT = sql.raw(
  [
    'b.day', epochMsOfBook('starts_at'), epochMsOfBook('ends_at'),
    epochMsOfBook('first_ts'), 'b.first_volume_l', 'b.first_height_mm', 'b.first_water_mm', 'b.first_temperature_c',
    epochMsOfBook('last_ts'), 'b.last_volume_l', 'b.last_height_mm', 'b.last_water_mm', 'b.last_temperature_c',
    epochMsOfBook('sold_from'), epochMsOfBook('sold_to'), 'b.sold_l', 'b.sold_tc_l', 'b.sold_gross_without_tc_l',
  ].join(", ',', ") + ", '|', b.gaps, '|', b.drops",
);

const ms = (v: Date | string | number) => new Date(v).getTime();
const iso = (v: number) => new Date(v).toISOString();
/** A number of a book's text: '' is null. */
const num = (text: string | undefined) => (text === undefined || text === '' ? null : Number(text));

/** One book of its text (BOOK_TEXT): its day and numbers, `|`, its gaps as JSON, `|`, its drops as JSON (empty: null). */
function bookOf(tankId: number, text: string): Book {
  const bar = text.indexOf('|');
  const [day, startsAt, endsAt, firstTs, firstVolume, firstHeight, firstWater, firstTemperature, lastTs, lastVolume, lastHeight, lastWater, lastTemperature, soldFrom, soldTo, soldL, soldTcL, soldGrossWithoutTcL] = text
    .slice(0, bar)
    .split(',');
  const bar2 = text.indexOf('|', bar + 1);
  const gapsText = text.slice(bar + 1, bar2);
  const gaps = gapsText === '' || gapsText === '[]' ? [] : (JSON.parse(gapsText) as [number, number][]);
  const dropsText = text.slice(bar2 + 1);
  const from = num(soldFrom);
  const to = num(soldTo);
  return {
    tankId,
    day: day!,
    startMs: Number(startsAt),
    endMs: Number(endsAt),
    ...edgesOf({
      first_ts: num(firstTs), first_volume_l: num(firstVolume), first_height_mm: num(firstHeight), first_water_mm: num(firstWater), first_temperature_c: num(firstTemperature),
      last_ts: num(lastTs), last_volume_l: num(lastVolume), last_height_mm: num(lastHeight), last_water_mm: num(lastWater), last_temperature_c: num(lastTemperature),
    }),
    gaps: gaps.map(([fromMs, toMs]) => ({ fromMs, toMs })),
    sold: from === null || to === null ? null : { fromMs: from, toMs: to, volumeL: num(soldL) ?? 0, tcVolumeL: num(soldTcL) ?? 0, grossWithoutTcL: num(soldGrossWithoutTcL) ?? 0 },
    drops: dropsText === '' ? null : dropsText === '[]' ? [] : (JSON.parse(dropsText) as number[][]).map(([startedAtMs, fromMs, toMs, salesL]) => ({ startedAtMs: startedAtMs!, fromMs: fromMs!, toMs: toMs!, salesL: salesL! })),
  };
}

/** Each database's books read so far (a test's database has its own). */
const caches = new WeakMap<Db, DayCache<Book>>();
const cacheOf = (db: Db) => {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new DayCache<Book>()));
  return cache;
};

/**
 * The fresh books of these tanks from `fromDay` to `toDay`: a range of the (tank_id, day) key per
 * tank. Only each book's version is read every time; a tank's books are read whole only when
 * one of them is not kept at its version (lib/day-cache.ts says why that is exact). Shared: never
 * change them.
 */
export async function freshBooks(db: Db, tankIds: readonly number[], fromDay: string, toDay: string): Promise<Book[]> {
  if (tankIds.length === 0) return [];
  const cache = cacheOf(db);
  const days = daysBetween(fromDay, toDay);
  // Each tank's fresh days as `offset:version,…` (offset in days from fromDay): one text a tank.
  const rows = await rawRows<{ tank_id: number; versions: string }>(
    db,
    sql`select b.tank_id, string_agg(concat(b.day - ${fromDay}::date, ':', b.version), ',') as versions
        from tank_day_books b
        where b.tank_id = any(${pgArray(tankIds)}::int[]) and b.day >= ${fromDay}::date and b.day <= ${toDay}::date and not b.stale
        group by b.tank_id`,
  );
  const out: Book[] = [];
  const unkept: number[] = [];
  for (const r of rows) {
    const kept = cache.keptOfText(r.tank_id, r.versions, days);
    if (kept) out.push(...kept);
    else unkept.push(r.tank_id);
  }
  for (const { book, version } of await readBooks(db, unkept, fromDay, toDay)) {
    cache.keep(book, version);
    out.push(book);
  }
  return out;
}

/**
 * The fresh books of these tanks, whole, with their versions. A tank's books come as one text,
 * not a row of twenty values each: the driver makes a string of every value it reads, and a
 * month of a fleet's books is 30,000 rows (0.4 s for 1,000 tanks as rows).
 */
async function readBooks(db: Db, tankIds: readonly number[], fromDay: string, toDay: string): Promise<{ book: Book; version: number }[]> {
  if (tankIds.length === 0) return [];
  const rows = await rawRows<{ tank_id: number; books: string }>(
    db,
    sql`select b.tank_id, string_agg(concat(b.version, ',', ${BOOK_TEXT}), ';') as books
        from tank_day_books b
        where b.tank_id = any(${pgArray(tankIds)}::int[]) and b.day >= ${fromDay}::date and b.day <= ${toDay}::date and not b.stale
        group by b.tank_id`,
  );
  const out: { book: Book; version: number }[] = [];
  for (const r of rows) {
    for (const text of r.books.split(';')) {
      const comma = text.indexOf(',');
      out.push({ version: Number(text.slice(0, comma)), book: bookOf(r.tank_id, text.slice(comma + 1)) });
    }
  }
  return out;
}

/** One tank day to mark stale, with the bounds it has now. */
export interface TankDayMark {
  tankId: number;
  window: DayWindow;
}

/**
 * Marks these tank days' books stale, inserting a bare stale row where there was none (a book
 * job figuring that day right now must not write a book without the new readings: the version
 * it read no longer matches). In key order, so two writers marking the same rows cannot deadlock.
 */
export async function markBooksStale(db: Db, marks: readonly TankDayMark[]): Promise<void> {
  if (marks.length === 0) return;
  const seen = new Set<string>();
  const list = [...marks]
    .sort((a, b) => a.tankId - b.tankId || (a.window.day < b.window.day ? -1 : a.window.day > b.window.day ? 1 : 0))
    .filter((m) => {
      const key = `${m.tankId}:${m.window.day}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  await db.execute(
    sql`insert into tank_day_books (tank_id, day, stale, version, starts_at, ends_at)
        select m.tank_id, m.day, true, 1, m.starts_at, m.ends_at
        from unnest(${pgArray(list.map((m) => m.tankId))}::int[], ${pgArray(list.map((m) => m.window.day))}::date[],
          ${pgArray(list.map((m) => iso(m.window.startMs)))}::timestamptz[], ${pgArray(list.map((m) => iso(m.window.endMs)))}::timestamptz[]) as m(tank_id, day, starts_at, ends_at)
        where exists (select 1 from tanks t where t.id = m.tank_id)
        on conflict (tank_id, day) do update set stale = true, version = tank_day_books.version + 1`,
  );
}

/** A book to figure, and the version it had when read (0: no row). */
export interface BookTask {
  tankId: number;
  day: string;
  version: number;
}

/** Stale books of days that ended by `endedBy`, newest day first. */
export async function staleBooks(db: Db, endedByMs: number, limit: number): Promise<BookTask[]> {
  const rows = await rawRows<{ tank_id: number; day: string; version: number }>(
    db,
    sql`select b.tank_id, b.day::text as day, b.version from tank_day_books b
        where b.stale and b.ends_at <= ${iso(endedByMs)}::timestamptz
        order by b.day desc, b.tank_id limit ${limit}`,
  );
  return rows.map((r) => ({ tankId: r.tank_id, day: r.day, version: Number(r.version) }));
}

/** Which of these tank days have a row (fresh or stale). */
export async function booksPresent(db: Db, days: readonly { tankId: number; day: string }[]): Promise<Set<string>> {
  if (days.length === 0) return new Set();
  const rows = await rawRows<{ tank_id: number; day: string }>(
    db,
    sql`select b.tank_id, b.day::text as day
        from unnest(${pgArray(days.map((d) => d.tankId))}::int[], ${pgArray(days.map((d) => d.day))}::date[]) as w(tank_id, day)
        join tank_day_books b on b.tank_id = w.tank_id and b.day = w.day`,
  );
  return new Set(rows.map((r) => `${r.tank_id}:${r.day}`));
}

/** Every tank's station and zone, and the earlier of its creation and first reading (no book before that day). */
export async function tanksToBook(db: Db, tankIds?: readonly number[]): Promise<{ tankId: number; stationId: number; timezone: string; sinceMs: number }[]> {
  const rows = await rawRows<{ id: number; station_id: number; timezone: string; since: Date | string }>(
    db,
    sql`select t.id, t.station_id, s.timezone, least(t.created_at, (select r.ts from tank_readings r where r.tank_id = t.id order by r.ts limit 1)) as since
        from tanks t join stations s on s.id = t.station_id
        ${tankIds ? sql`where t.id = any(${pgArray(tankIds)}::int[])` : sql``}`,
  );
  return rows.map((r) => ({ tankId: r.id, stationId: r.station_id, timezone: r.timezone, sinceMs: ms(r.since) }));
}

/** A book figured: the task it answers, the bounds it was figured for, what the readings and the tank's meters gave. */
export interface BookWrite extends DayReadings {
  task: BookTask;
  window: DayWindow;
  sold: BookSales;
  drops: KeptDrop[];
}

const col = <T>(items: readonly BookWrite[], f: (b: BookWrite) => T) => items.map(f);

/**
 * What the readings gave for each day, as the eleven arrays a writer unnests (books, heads):
 * first_ts, first_volume_l, first_height_mm, first_water_mm, first_temperature_c, the same of
 * last, and gaps as JSON text of [from ms, to ms] pairs.
 */
export function readingsArrays(days: readonly DayReadings[]): SQL {
  const edge = (pick: (d: DayReadings) => EdgeReading | null, f: (r: EdgeReading) => string | number) =>
    pgArray(
      days.map((d) => {
        const r = pick(d);
        return r === null ? null : f(r);
      }),
    );
  const arrays = (pick: (d: DayReadings) => EdgeReading | null) =>
    sql`${edge(pick, (r) => iso(r.tsMs))}::timestamptz[], ${edge(pick, (r) => r.volumeL)}::float8[], ${edge(pick, (r) => r.heightMm)}::float8[],
      ${edge(pick, (r) => r.waterHeightMm)}::float8[], ${edge(pick, (r) => r.temperatureC)}::float8[]`;
  return sql`${arrays((d) => d.first)}, ${arrays((d) => d.last)}, ${pgArray(days.map((d) => JSON.stringify(d.gaps.map((g) => [g.fromMs, g.toMs]))))}::text[]`;
}

/**
 * Writes figured books, each only if its row's version is still the one read before figuring
 * (or it still has no row): a mark that came in between wins, and the book is figured again.
 * Answers how many were written.
 */
export async function writeBooks(db: Db, books: readonly BookWrite[], nowMs: number): Promise<number> {
  if (books.length === 0) return 0;
  const rows = await rawRows<{ tank_id: number }>(
    db,
    sql`insert into tank_day_books as b (tank_id, day, stale, version, starts_at, ends_at,
          first_ts, first_volume_l, first_height_mm, first_water_mm, first_temperature_c,
          last_ts, last_volume_l, last_height_mm, last_water_mm, last_temperature_c, gaps, booked_at,
          sold_from, sold_to, sold_l, sold_tc_l, sold_gross_without_tc_l, drops)
        select w.tank_id, w.day, false, w.version, w.starts_at, w.ends_at,
          w.first_ts, w.first_volume_l, w.first_height_mm, w.first_water_mm, w.first_temperature_c,
          w.last_ts, w.last_volume_l, w.last_height_mm, w.last_water_mm, w.last_temperature_c, w.gaps::jsonb, ${iso(nowMs)}::timestamptz,
          w.sold_from, w.sold_to, w.sold_l, w.sold_tc_l, w.sold_gross_without_tc_l, w.drops::jsonb
        from unnest(
          ${pgArray(col(books, (b) => b.task.tankId))}::int[], ${pgArray(col(books, (b) => b.task.day))}::date[], ${pgArray(col(books, (b) => b.task.version))}::int[],
          ${pgArray(col(books, (b) => iso(b.window.startMs)))}::timestamptz[], ${pgArray(col(books, (b) => iso(b.window.endMs)))}::timestamptz[],
          ${readingsArrays(books)},
          ${pgArray(col(books, (b) => iso(b.sold.fromMs)))}::timestamptz[], ${pgArray(col(books, (b) => iso(b.sold.toMs)))}::timestamptz[],
          ${pgArray(col(books, (b) => b.sold.volumeL))}::float8[], ${pgArray(col(books, (b) => b.sold.tcVolumeL))}::float8[],
          ${pgArray(col(books, (b) => b.sold.grossWithoutTcL))}::float8[],
          ${pgArray(col(books, (b) => JSON.stringify(b.drops.map((d) => [d.startedAtMs, d.fromMs, d.toMs, d.salesL]))))}::text[]
        ) as w(tank_id, day, version, starts_at, ends_at, first_ts, first_volume_l, first_height_mm, first_water_mm, first_temperature_c,
          last_ts, last_volume_l, last_height_mm, last_water_mm, last_temperature_c, gaps, sold_from, sold_to, sold_l, sold_tc_l, sold_gross_without_tc_l, drops)
        where exists (select 1 from tanks t where t.id = w.tank_id)
        on conflict (tank_id, day) do update set stale = false, starts_at = excluded.starts_at, ends_at = excluded.ends_at,
          first_ts = excluded.first_ts, first_volume_l = excluded.first_volume_l, first_height_mm = excluded.first_height_mm,
          first_water_mm = excluded.first_water_mm, first_temperature_c = excluded.first_temperature_c,
          last_ts = excluded.last_ts, last_volume_l = excluded.last_volume_l, last_height_mm = excluded.last_height_mm,
          last_water_mm = excluded.last_water_mm, last_temperature_c = excluded.last_temperature_c,
          gaps = excluded.gaps, booked_at = excluded.booked_at, sold_from = excluded.sold_from, sold_to = excluded.sold_to,
          sold_l = excluded.sold_l, sold_tc_l = excluded.sold_tc_l, sold_gross_without_tc_l = excluded.sold_gross_without_tc_l, drops = excluded.drops
        where b.version = excluded.version
        returning b.tank_id`,
  );
  return rows.length;
}
