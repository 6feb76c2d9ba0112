import { dailyInventory, DAY_GAP_MS, gapsOfDay, type DailyInventory, type Gap } from '@ullage/domain/daily-inventory';
import { bookIsFinal } from '@ullage/domain/tank-day-books';
import { dayOf, dayWindow, type DayWindow } from '@ullage/domain/station-day';
import type { Db } from '../../db/client';
import { groupBy } from '../../lib/group-by';
import { freshBooks, type Book, type BookSales, type DayReadings, type KeptDrop } from './books-repo';
import { dayEdges, deliveriesOf, readingGaps, type DeliveryRaw, type EdgeReading, type ReportTank, type TankSpan } from './repo';
import { headFits, joinHead, keptHeads, type DayHead } from './day-heads';

/** One tank and one of its station days. */
export interface TankDay {
  tank: ReportTank;
  window: DayWindow;
}

/**
 * The report days of each tank among `days`: those that have begun by `nowMs` and do not end
 * before the tank's first day (its creation or first reading, whichever came first).
 */
export function tankDaysOf(tanks: readonly ReportTank[], days: readonly string[], nowMs: number): TankDay[] {
  const windows = new Map<string, DayWindow[]>();
  const out: TankDay[] = [];
  for (const tank of tanks) {
    let ofZone = windows.get(tank.timezone);
    if (!ofZone) {
      ofZone = days.map((d) => dayWindow(d, tank.timezone));
      windows.set(tank.timezone, ofZone);
    }
    const firstDay = dayOf(tank.sinceMs, tank.timezone);
    for (const window of ofZone) if (window.day >= firstDay && window.startMs <= nowMs) out.push({ tank, window });
  }
  return out;
}

/**
 * A tank day's figures; `sold`: the tank's own metered sales its book keeps, `drops`: what they
 * were during its metered drops (null: figured live, or not kept).
 */
export type TankDayFigures = TankDay & { figures: DailyInventory<EdgeReading>; first: EdgeReading | null; last: EdgeReading | null; sold: BookSales | null; drops: KeptDrop[] | null };

/** One tank's station day, as the readings are asked for it. */
export interface DayOfTank {
  tank: { tankId: number };
  window: DayWindow;
}

/**
 * What the readings give for each tank day, in the order of `days`: first and last readings by
 * key probes, gaps by one range scan per run of consecutive days of a tank. The one part of
 * the report that reads raw readings: the book job keeps its answers for days that are over
 * (tank-day-books.ts), and the report asks it only for the days without a fresh book.
 */
export async function readTankDays(db: Db, days: readonly DayOfTank[]): Promise<DayReadings[]> {
  if (days.length === 0) return [];
  const spans: TankSpan[] = [];
  const lastSpan = new Map<number, TankSpan>();
  for (const { tank, window } of days) {
    const span = lastSpan.get(tank.tankId);
    // A tank's days back to back make one span; a day apart from the others (its neighbours booked) its own.
    if (span && span.toMs === window.startMs) span.toMs = window.endMs;
    else if (span && span.fromMs === window.endMs) span.fromMs = window.startMs;
    else {
      const next = { tankId: tank.tankId, fromMs: window.startMs, toMs: window.endMs };
      spans.push(next);
      lastSpan.set(tank.tankId, next);
    }
  }
  const [edges, gaps] = await Promise.all([
    dayEdges(db, days.map((d) => ({ tankId: d.tank.tankId, startMs: d.window.startMs, endMs: d.window.endMs }))),
    readingGaps(db, spans, DAY_GAP_MS),
  ]);
  const gapsOf = groupBy(gaps, (g) => g.tankId);
  return days.map(({ tank, window }, i) => ({ first: edges[i]!.first, last: edges[i]!.last, gaps: gapsOfDay(gapsOf.get(tank.tankId) ?? NONE, window) }));
}

/**
 * The daily figures of every tank day: what the readings give — from the tank-day book when a
 * fresh one was figured for the same bounds and the day is final (tank-day-books.ts), from the
 * readings otherwise (readTankDays) — and the deliveries by the deliveries' key, always asked
 * (they change apart from the readings); the domain decides starts, ends, sales and flags
 * (daily-inventory.ts). A book holds exactly what readTankDays answered for its day, so the
 * figures are the same either way. `books: false` reads every day whole (no book, no head).
 */
export async function figureTankDays(db: Db, tankDays: readonly TankDay[], nowMs: number, options: { books?: boolean } = {}): Promise<TankDayFigures[]> {
  if (tankDays.length === 0) return [];
  const spans = new Map<number, TankSpan>();
  let fromDay = tankDays[0]!.window.day;
  let toDay = fromDay;
  for (const { tank, window } of tankDays) {
    const span = spans.get(tank.tankId);
    if (!span) spans.set(tank.tankId, { tankId: tank.tankId, fromMs: window.startMs, toMs: window.endMs });
    else {
      span.fromMs = Math.min(span.fromMs, window.startMs);
      span.toMs = Math.max(span.toMs, window.endMs);
    }
    if (window.day < fromDay) fromDay = window.day;
    if (window.day > toDay) toDay = window.day;
  }
  const spanList = [...spans.values()];
  const deliveriesAsked = deliveriesOf(db, spanList);
  // By tank, then day: a month of a thousand tanks is 30,000 look-ups, and a key string each cost more than the rest.
  const booked = new Map<number, Map<string, Book>>();
  if (options.books !== false) {
    for (const b of await freshBooks(db, [...spans.keys()], fromDay, toDay)) {
      let ofTank = booked.get(b.tankId);
      if (!ofTank) booked.set(b.tankId, (ofTank = new Map()));
      ofTank.set(b.day, b);
    }
  }
  const bookOf = ({ tank, window }: TankDay): Book | null => {
    const b = booked.get(tank.tankId)?.get(window.day);
    return b && b.startMs === window.startMs && b.endMs === window.endMs && bookIsFinal(window, nowMs) ? b : null;
  };
  const fromBooks = tankDays.map(bookOf);
  const unbooked = tankDays.filter((_, i) => fromBooks[i] === null);
  // A day without a fresh book is read from its kept head (day-heads.ts) and the readings after
  // it, when one may be read and fits: the running day, and the day just ended — also once it is
  // final, until the book job has written its book. Without that, every report read the ended
  // day of every tank of a zone whole for the first minute after its 01:00.
  const heads = options.books === false || unbooked.length === 0 ? NO_HEADS : await keptHeads(db, [...new Set(unbooked.map((d) => d.tank.tankId))], nowMs);
  const asks = unbooked.map((d) => {
    const head = heads.get(d.tank.tankId);
    return head && headFits(head, d.window) ? { tank: d.tank, window: { day: d.window.day, startMs: head.untilMs, endMs: d.window.endMs }, head } : { tank: d.tank, window: d.window, head: null };
  });
  const [read, deliveries] = await Promise.all([readTankDays(db, asks), deliveriesAsked]);
  const deliveriesByTank = groupBy(deliveries, (d) => d.tankId);
  let r = 0;
  return tankDays.map((tankDay, i) => {
    const book = fromBooks[i];
    let readings: DayReadings | null = book ?? null;
    if (readings === null) {
      const head = asks[r]!.head;
      readings = head ? joinHead(head, read[r]!) : read[r]!;
      r++;
    }
    const { first, last, gaps } = readings;
    let figures: DailyInventory<EdgeReading>;
    const ofTank = deliveriesByTank.get(tankDay.tank.tankId) ?? NO_DELIVERIES;
    const kept = book ? figuresOfBook.get(book) : undefined;
    if (kept && sameDeliveries(kept.deliveries, ofTank)) figures = kept.figures;
    else {
      figures = dailyInventory<EdgeReading>({ window: tankDay.window, first, last, gaps, deliveries: ofTank, nowMs });
      if (book) figuresOfBook.set(book, { deliveries: ofTank, figures });
    }
    // Written out, not spread: one object shape for every tank day.
    return { tank: tankDay.tank, window: tankDay.window, figures, first, last, sold: book?.sold ?? null, drops: book?.drops ?? null };
  });
}

/**
 * The figures of a booked day, kept with the deliveries they were figured with. A book is final
 * (its day ended and settled: nothing in its figures depends on the clock any more) and the
 * book cache hands out the same object for as long as its version stands (lib/day-cache.ts), so
 * the figures follow from the book and the deliveries alone; deliveries change apart from the
 * readings, so they are compared each call (a tank's are a handful a week). A week of 5,000
 * tanks is 35,000 days a call, 29,000 of them booked: each figured anew made its figures and
 * their lists again (bench/screens.ts, issue 35). Kept figures are shared: callers read them,
 * never change them.
 */
const figuresOfBook = new WeakMap<Book, { deliveries: readonly DeliveryRaw[]; figures: DailyInventory<EdgeReading> }>();

/**
 * Whether two lists hold the same deliveries, as far as dailyInventory reads them: equal lists,
 * equal figures. Compared value by value: a text of each tank's list, made every call, cost more
 * (numbers written out) than comparing a month's lists for each of its days.
 */
function sameDeliveries(a: readonly DeliveryRaw[], b: readonly DeliveryRaw[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.startedAtMs !== y.startedAtMs || x.endedAtMs !== y.endedAtMs || x.startVolumeL !== y.startVolumeL || x.endVolumeL !== y.endVolumeL) return false;
  }
  return true;
}

const NONE: Gap[] = [];
const NO_HEADS = new Map<number, DayHead>();
const NO_DELIVERIES: DeliveryRaw[] = [];

/** A report row's columns of its tank: the inventory, leak-test and forecast rows share them. */
export function tankOfRow(tank: ReportTank) {
  return {
    stationId: tank.stationId,
    stationName: tank.stationName,
    stationCode: tank.stationCode,
    companyName: tank.companyName,
    timezone: tank.timezone,
    volumeUnit: tank.volumeUnit,
    tempUnit: tank.tempUnit,
    tankId: tank.tankId,
    tankCode: tank.tankCode,
    productName: tank.productName,
    productColor: tank.productColor,
  };
}
