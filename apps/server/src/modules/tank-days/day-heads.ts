import { sql } from 'drizzle-orm';
import { isGap, type Gap } from '@ullage/domain/daily-inventory';
import { dayOf, dayWindow, type DayWindow } from '@ullage/domain/station-day';
import { bookIsFinal, previousDay } from '@ullage/domain/tank-day-books';
import type { Db } from '../../db/client';
import { epochMs, pgArray, rawRows } from '../../lib/raw-sql';
import { databaseNow } from '../forecast/profile-cache';
import { readingsArrays, type DayReadings } from './books-repo';
import { edgesOf, type EdgeColumns } from './repo';

/**
 * The running day's readings so far, kept ahead (issue 35; migration 0029): a tank's first and
 * last reading and its gaps from the start of its running station day up to `untilMs`, ten
 * minutes behind the clock. A report then reads only the readings after it, not the whole
 * day's, for every call. The book job moves each head on every minute, reading only the
 * readings since its end.
 *
 * A head is read while it is for the day and bounds asked, under 90 minutes old, and no mark of its
 * station (the forecast's marks: a reading over five minutes late or data of an hour already
 * over, deleted readings, changed tanks or stations) came later than ten seconds before it was
 * computed — a writer may commit after the computation read. A reading behind a head's end
 * (ten minutes back) that was not committed when the head was read either marks its station
 * (it landed over five minutes late) or was received over five minutes before and still not
 * committed, which a batch's transaction of seconds never is.
 */
export interface DayHead extends DayReadings {
  tankId: number;
  day: string;
  startMs: number;
  untilMs: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
/**
 * How old a head may be: the marks it is judged by are kept two hours (forecast/profile-cache.ts).
 * Past an hour, so the ended day's head, last moved on ten minutes after midnight, still stands
 * while the job writes that day's book an hour after its end (figures.ts).
 */
const HEAD_MAX_AGE = '90 minutes';

/** How far behind the clock a head ends: twice forecast/profile-marks.ts's LATE_READING_MS (above). */
export const HEAD_LAG_MS = 10 * MINUTE_MS;

/** Where a head of the running day would end, computed at `nowMs`: ten minutes back, on a whole minute. */
export const headUntilMs = (nowMs: number) => Math.floor(nowMs / MINUTE_MS) * MINUTE_MS - HEAD_LAG_MS;

/** How far into its day a running day has its head; before that, the ended day keeps its own while its book is written (issue 35). */
const RUNNING_HEAD_AFTER_MS = 2 * HOUR_MS;

interface HeadRaw extends EdgeColumns {
  tank_id: number;
  day: string;
  starts_at: number;
  until_ts: number;
  gaps: [number, number][] | string;
}

/** A head's instant as whole epoch milliseconds, under its own name (lib/raw-sql.ts epochMs). */
const instantOf = (column: string) => sql.raw(`${epochMs(`h.${column}`)} as ${column}`);
const iso = (ms: number) => new Date(ms).toISOString();

/** The heads of these tanks that may be read now (above), by tank. */
export async function keptHeads(db: Db, tankIds: readonly number[], nowMs: number): Promise<Map<number, DayHead>> {
  const out = new Map<number, DayHead>();
  if (tankIds.length === 0) return out;
  const rows = await rawRows<HeadRaw>(
    db,
    sql`select h.tank_id, h.day::text as day, ${instantOf('starts_at')}, ${instantOf('until_ts')},
          ${instantOf('first_ts')}, h.first_volume_l, h.first_height_mm, h.first_water_mm, h.first_temperature_c,
          ${instantOf('last_ts')}, h.last_volume_l, h.last_height_mm, h.last_water_mm, h.last_temperature_c, h.gaps
        from tank_day_heads h
        where h.tank_id = any(${pgArray(tankIds)}::int[]) and h.until_ts <= ${iso(nowMs)}::timestamptz
          and h.computed_at > clock_timestamp() - ${HEAD_MAX_AGE}::interval
          and not exists (select 1 from forecast_profile_marks m where m.station_id = h.station_id and m.forgotten_at >= h.computed_at - interval '10 seconds')`,
  );
  for (const r of rows) {
    const gaps = typeof r.gaps === 'string' ? (JSON.parse(r.gaps) as [number, number][]) : r.gaps;
    out.set(r.tank_id, { tankId: r.tank_id, day: r.day, startMs: Number(r.starts_at), untilMs: Number(r.until_ts), ...edgesOf(r), gaps: gaps.map(([fromMs, toMs]) => ({ fromMs, toMs })) });
  }
  return out;
}

/**
 * A running day's readings from its head and the readings after it (`tail`: read over
 * [head.untilMs, window.endMs)): exactly what reading the whole day gives. The first is the
 * head's, else the tail's; the last the tail's, else the head's; the gaps the head's, the one
 * between the head's last reading and the tail's first when it is one, and the tail's.
 */
export function joinHead(head: DayHead, tail: DayReadings): DayReadings {
  const gaps: Gap[] = [...head.gaps];
  if (head.last !== null && tail.first !== null && isGap(head.last.tsMs, tail.first.tsMs)) gaps.push({ fromMs: head.last.tsMs, toMs: tail.first.tsMs });
  gaps.push(...tail.gaps);
  return { first: head.first ?? tail.first, last: tail.last ?? head.last, gaps };
}

/** A head may stand for this day of the tank: same day, same bounds, ending inside it or at its end. */
export const headFits = (head: DayHead, window: DayWindow) => head.day === window.day && head.startMs === window.startMs && head.untilMs > window.startMs && head.untilMs <= window.endMs;

/**
 * The day a tank's head is kept for at `nowMs`, if any: the running day from two hours into it;
 * before that, the day just ended while it is not yet final (its book is written an hour after
 * its end, BOOK_SETTLE_MS). Without it, every report read that day whole in the hour after each
 * midnight: for a fleet in one zone, every tank's 1,440 readings a call. A tank has one head, and
 * the two never overlap: the ended day's stands, unmoved, through the hour in which its book is
 * written, and the running day's only begins after that.
 */
export function headDayOf(timeZone: string, nowMs: number): DayWindow | null {
  const running = dayWindow(dayOf(nowMs, timeZone), timeZone);
  if (nowMs - running.startMs >= RUNNING_HEAD_AFTER_MS) return running;
  const ended = dayWindow(previousDay(running.day), timeZone);
  return bookIsFinal(ended, nowMs) ? null : ended;
}

/**
 * Figures and keeps the heads of these tanks' days as of `nowMs` (headDayOf; the book job, every
 * minute), each up to headUntilMs or its day's end. A head that still stands for the same day
 * goes on from its end: only the readings since are read. `read` reads days' readings
 * (figures.ts readTankDays), given their bounds. Answers how many heads were written.
 */
export async function figureHeads(
  db: Db,
  tanks: readonly { tankId: number; stationId: number; timezone: string }[],
  nowMs: number,
  read: (days: readonly { tank: { tankId: number }; window: DayWindow }[]) => Promise<DayReadings[]>,
): Promise<number> {
  const untilMs = headUntilMs(nowMs);
  const asked = tanks.flatMap((t) => {
    const day = headDayOf(t.timezone, nowMs);
    const endMs = day ? Math.min(untilMs, day.endMs) : 0;
    return day && endMs > day.startMs ? [{ place: t, window: { day: day.day, startMs: day.startMs, endMs } }] : [];
  });
  if (asked.length === 0) return 0;
  // The clock before anything is read: a mark from ten seconds before on makes the head doubtful.
  const computedAt = await databaseNow(db);
  const kept = await keptHeads(db, asked.map((a) => a.place.tankId), nowMs);
  const moves = asked.flatMap((a): { place: (typeof a)['place']; window: DayWindow; head: DayHead | null; from: number }[] => {
    const head = kept.get(a.place.tankId);
    if (!head || !headFits(head, a.window)) return [{ ...a, head: null, from: a.window.startMs }];
    // Already at its end (the ended day's, once whole): nothing to move.
    return head.untilMs === a.window.endMs ? [] : [{ ...a, head, from: head.untilMs }];
  });
  if (moves.length === 0) return 0;
  const tails = await read(moves.map((m) => ({ tank: { tankId: m.place.tankId }, window: { day: m.window.day, startMs: m.from, endMs: m.window.endMs } })));
  const readings = moves.map((m, i) => (m.head ? joinHead(m.head, tails[i]!) : tails[i]!));
  await db.execute(
    sql`insert into tank_day_heads (tank_id, station_id, day, starts_at, until_ts,
          first_ts, first_volume_l, first_height_mm, first_water_mm, first_temperature_c,
          last_ts, last_volume_l, last_height_mm, last_water_mm, last_temperature_c, gaps, computed_at)
        select w.tank_id, w.station_id, w.day, w.starts_at, w.until_ts,
          w.first_ts, w.first_volume_l, w.first_height_mm, w.first_water_mm, w.first_temperature_c,
          w.last_ts, w.last_volume_l, w.last_height_mm, w.last_water_mm, w.last_temperature_c, w.gaps::jsonb, ${computedAt}::timestamptz
        from unnest(
          ${pgArray(moves.map((m) => m.place.tankId))}::int[], ${pgArray(moves.map((m) => m.place.stationId))}::int[], ${pgArray(moves.map((m) => m.window.day))}::date[],
          ${pgArray(moves.map((m) => iso(m.window.startMs)))}::timestamptz[], ${pgArray(moves.map((m) => iso(m.window.endMs)))}::timestamptz[], ${readingsArrays(readings)}
        ) as w(tank_id, station_id, day, starts_at, until_ts, first_ts, first_volume_l, first_height_mm, first_water_mm, first_temperature_c,
          last_ts, last_volume_l, last_height_mm, last_water_mm, last_temperature_c, gaps)
        where exists (select 1 from tanks t where t.id = w.tank_id)
        on conflict (tank_id) do update set station_id = excluded.station_id, day = excluded.day, starts_at = excluded.starts_at, until_ts = excluded.until_ts,
          first_ts = excluded.first_ts, first_volume_l = excluded.first_volume_l, first_height_mm = excluded.first_height_mm,
          first_water_mm = excluded.first_water_mm, first_temperature_c = excluded.first_temperature_c,
          last_ts = excluded.last_ts, last_volume_l = excluded.last_volume_l, last_height_mm = excluded.last_height_mm,
          last_water_mm = excluded.last_water_mm, last_temperature_c = excluded.last_temperature_c,
          gaps = excluded.gaps, computed_at = excluded.computed_at`,
  );
  return moves.length;
}
