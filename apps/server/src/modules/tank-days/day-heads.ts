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
 * last reading and its gaps from the start of its running station day up to `untilMs`, a whole
 * hour. A report then reads only the readings after it, not the whole day's, for every call.
 *
 * A head is read while it is for the day and bounds asked, under 90 minutes old, and no mark of its
 * station (the forecast's marks: data of an hour already over, deleted readings, changed tanks
 * or stations) came later than ten seconds before it was computed — a writer may commit after
 * the computation read. Its hour ends an hour before the hour it is computed in, so a batch
 * received before that hour began has long committed.
 */
export interface DayHead extends DayReadings {
  tankId: number;
  day: string;
  startMs: number;
  untilMs: number;
}

const HOUR_MS = 3_600_000;
/**
 * How old a head may be: the marks it is judged by are kept two hours (forecast/profile-cache.ts).
 * Past an hour, so the ended day's head, figured in the job's first round after midnight, still
 * stands an hour later while the job writes that day's book (figures.ts).
 */
const HEAD_MAX_AGE = '90 minutes';

/** Where a head of the running day would end, computed at `nowMs`: the start of the hour before. */
export const headUntilMs = (nowMs: number) => Math.floor(nowMs / HOUR_MS) * HOUR_MS - HOUR_MS;

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

/** A head may stand for this running day of the tank: same day, same bounds, ending inside it. */
export const headFits = (head: DayHead, window: DayWindow) => head.day === window.day && head.startMs === window.startMs && head.untilMs > window.startMs && head.untilMs < window.endMs;

/**
 * The day a tank's head is kept for at `nowMs`, if any: the running day once it has a whole
 * hour behind the last (headUntilMs); before that, the day just ended while it is not yet final
 * (its book is written an hour after its end, BOOK_SETTLE_MS). Without it, every report read that
 * day whole in the hour after each midnight: for a fleet in one zone, every tank's 1,440 readings
 * a call. A tank has one head, and the two never overlap: the running day has none in its first
 * two hours, and the ended day is final after one.
 */
export function headDayOf(timeZone: string, nowMs: number): DayWindow | null {
  const untilMs = headUntilMs(nowMs);
  const running = dayWindow(dayOf(nowMs, timeZone), timeZone);
  if (untilMs > running.startMs) return running;
  const ended = dayWindow(previousDay(running.day), timeZone);
  return !bookIsFinal(ended, nowMs) && untilMs > ended.startMs ? ended : null;
}

/**
 * Figures and keeps the heads of these tanks' days as of `nowMs` (headDayOf; the book job, once
 * an hour). `read` reads a day's readings (figures.ts readTankDays), given its bounds.
 */
export async function figureHeads(
  db: Db,
  tanks: readonly { tankId: number; stationId: number; timezone: string }[],
  nowMs: number,
  read: (days: readonly { tank: { tankId: number }; window: DayWindow }[]) => Promise<DayReadings[]>,
): Promise<number> {
  const untilMs = headUntilMs(nowMs);
  const asked = tanks.flatMap((t) => {
    const window = headDayOf(t.timezone, nowMs);
    return window ? [{ place: t, tank: { tankId: t.tankId }, window: { day: window.day, startMs: window.startMs, endMs: untilMs } }] : [];
  });
  if (asked.length === 0) return 0;
  // The clock before the readings are read: a mark from ten seconds before on makes the head doubtful.
  const computedAt = await databaseNow(db);
  const readings = await read(asked);
  await db.execute(
    sql`insert into tank_day_heads (tank_id, station_id, day, starts_at, until_ts,
          first_ts, first_volume_l, first_height_mm, first_water_mm, first_temperature_c,
          last_ts, last_volume_l, last_height_mm, last_water_mm, last_temperature_c, gaps, computed_at)
        select w.tank_id, w.station_id, w.day, w.starts_at, ${iso(untilMs)}::timestamptz,
          w.first_ts, w.first_volume_l, w.first_height_mm, w.first_water_mm, w.first_temperature_c,
          w.last_ts, w.last_volume_l, w.last_height_mm, w.last_water_mm, w.last_temperature_c, w.gaps::jsonb, ${computedAt}::timestamptz
        from unnest(
          ${pgArray(asked.map((a) => a.tank.tankId))}::int[], ${pgArray(asked.map((a) => a.place.stationId))}::int[], ${pgArray(asked.map((a) => a.window.day))}::date[],
          ${pgArray(asked.map((a) => iso(a.window.startMs)))}::timestamptz[], ${readingsArrays(readings)}
        ) as w(tank_id, station_id, day, starts_at, first_ts, first_volume_l, first_height_mm, first_water_mm, first_temperature_c,
          last_ts, last_volume_l, last_height_mm, last_water_mm, last_temperature_c, gaps)
        where exists (select 1 from tanks t where t.id = w.tank_id)
        on conflict (tank_id) do update set station_id = excluded.station_id, day = excluded.day, starts_at = excluded.starts_at, until_ts = excluded.until_ts,
          first_ts = excluded.first_ts, first_volume_l = excluded.first_volume_l, first_height_mm = excluded.first_height_mm,
          first_water_mm = excluded.first_water_mm, first_temperature_c = excluded.first_temperature_c,
          last_ts = excluded.last_ts, last_volume_l = excluded.last_volume_l, last_height_mm = excluded.last_height_mm,
          last_water_mm = excluded.last_water_mm, last_temperature_c = excluded.last_temperature_c,
          gaps = excluded.gaps, computed_at = excluded.computed_at`,
  );
  return asked.length;
}
