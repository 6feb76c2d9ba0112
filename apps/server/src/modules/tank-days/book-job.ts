import type { FastifyBaseLogger } from 'fastify';
import { dailyInventory, type DayDeliveryPart } from '@ullage/domain/daily-inventory';
import { salesSpanOf } from '@ullage/domain/reconciliation';
import { BOOK_BACKFILL_DAYS, BOOK_SETTLE_MS, bookIsFinal, latestFinalDay, previousDay } from '@ullage/domain/tank-day-books';
import { dayOf, dayWindow } from '@ullage/domain/station-day';
import type { Db } from '../../db/client';
import { groupBy } from '../../lib/group-by';
import { salesOfWindows } from '../reconciliation/metered-sales';
import { dropAskOf, salesDuringDrops } from '../reconciliation/sales-during';
import { booksPresent, staleBooks, tanksToBook, writeBooks, type BookTask, type KeptDrop } from './books-repo';
import { deliveriesOf } from './repo';
import { figureHeads } from './day-heads';
import { readTankDays } from './figures';

/** Where a tank is: its station (its sales) and zone (its days). */
type BookPlace = { stationId: number; timezone: string };

export interface BookRound {
  /** Books written this round. */
  written: number;
  /** Whether work was left when the round's time ran out. */
  pending: boolean;
}

/**
 * Keeps the tank-day books (domain tank-day-books.ts): each round figures, in batches, first
 * the stale books of final days (readings landed in them after they were written), then the
 * missing ones, newest day first, back BOOK_BACKFILL_DAYS — on a database that had no books,
 * they fill gradually while the reports figure the missing days live. A periodic job: leased,
 * on one instance (app.ts). Figuring is readTankDays, the report's own reading of the readings,
 * and the tank's own metered sales between the day's opening and closing reading (the
 * reconciliation's sum for the day; the ingest marks a book stale when late sales land in it), and
 * what they were during each of the day's metered drops (meteredDrops below).
 */
export class TankDayBookJob {
  /** How far back the backfill has found every book present, for the final days it was found at. */
  private cursor: { anchor: string; back: number } | null = null;

  constructor(
    private readonly deps: { db: Db; clock: () => Date; logger?: FastifyBaseLogger },
    private readonly options: { batch?: number; roundMs?: number } = {},
  ) {}

  /** The minute whose heads were last figured (day-heads.ts). */
  private headsMinute = -1;

  /** One round: batches until no work is left or the round's time (default 20 s) is spent. */
  async runOnce(): Promise<BookRound> {
    await this.heads();
    const started = Date.now();
    const roundMs = this.options.roundMs ?? 20_000;
    let written = 0;
    while (Date.now() - started < roundMs) {
      const batch = await this.batch();
      if (batch === null) return { written, pending: false };
      written += batch;
      // Every book of the batch lost to a newer mark: try again next round rather than spin.
      if (batch === 0) return { written, pending: true };
    }
    this.deps.logger?.info({ written }, 'tank-day books: round ended with work left');
    return { written, pending: true };
  }

  /** Once a minute, every tank's head moved on (day-heads.ts): the reports then read only the readings after it. */
  private async heads(): Promise<void> {
    const nowMs = this.deps.clock().getTime();
    const minute = Math.floor(nowMs / 60_000);
    if (minute === this.headsMinute) return;
    await figureHeads(this.deps.db, await tanksToBook(this.deps.db), nowMs, (days) => readTankDays(this.deps.db, days));
    this.headsMinute = minute;
  }

  /** Figures and writes one batch; null when there was nothing to do. */
  private async batch(): Promise<number | null> {
    const limit = this.options.batch ?? 200;
    const nowMs = this.deps.clock().getTime();
    const tasks = await staleBooks(this.deps.db, nowMs - BOOK_SETTLE_MS, limit);
    const places = new Map<number, BookPlace>((await tanksToBook(this.deps.db, tasks.map((t) => t.tankId))).map((t) => [t.tankId, t]));
    if (tasks.length < limit) {
      for (const m of await this.missing(nowMs, limit - tasks.length)) {
        tasks.push(m.task);
        places.set(m.task.tankId, m.place);
      }
    }
    const work = tasks.flatMap((task) => {
      const place = places.get(task.tankId);
      if (place === undefined) return [];
      const window = dayWindow(task.day, place.timezone);
      return bookIsFinal(window, nowMs) ? [{ task, tank: { tankId: task.tankId }, stationId: place.stationId, window }] : [];
    });
    if (work.length === 0) return null;
    const [read, deliveries] = await Promise.all([
      readTankDays(this.deps.db, work),
      deliveriesOf(this.deps.db, work.map((w) => ({ tankId: w.task.tankId, fromMs: w.window.startMs, toMs: w.window.endMs }))),
    ]);
    const deliveriesOfTank = groupBy(deliveries, (d) => d.tankId);
    // Read after the versions were: a sale landing from here on marks the book and wins.
    const figures = work.map((w, i) => dailyInventory({ window: w.window, first: read[i]!.first, last: read[i]!.last, gaps: [], deliveries: deliveriesOfTank.get(w.task.tankId) ?? [], nowMs }));
    const spans = work.map((w, i) => salesSpanOf(w.window, figures[i]!.start, figures[i]!.end));
    const [sums, drops] = await Promise.all([
      salesOfWindows(this.deps.db, work.map((w, i) => ({ stationId: w.stationId, target: `t${w.task.tankId}`, ...spans[i]! }))),
      meteredDrops(this.deps.db, work.map((w, i) => ({ tankId: w.task.tankId, stationId: w.stationId, parts: figures[i]!.deliveryParts }))),
    ]);
    return writeBooks(this.deps.db, work.map((w, i) => ({ task: w.task, window: w.window, ...read[i]!, sold: { ...spans[i]!, ...sums[i]! }, drops: drops[i]! })), nowMs);
  }

  /**
   * Up to `limit` tank days with no book row, newest first: day by day back from each zone's
   * latest final day, every tank that existed on it. Where every book was found the cursor
   * stays, so a settled fleet costs no more than a look at the newest final day — until a new
   * day becomes final, which starts the walk back again.
   */
  private async missing(nowMs: number, limit: number): Promise<{ task: BookTask; place: BookPlace }[]> {
    const tanks = await tanksToBook(this.deps.db);
    const zones = [...new Set(tanks.map((t) => t.timezone))].sort();
    let zoneDays = new Map(zones.map((z) => [z, latestFinalDay(z, nowMs)]));
    const anchor = zones.map((z) => `${z}=${zoneDays.get(z)}`).join(',');
    if (this.cursor?.anchor !== anchor) this.cursor = { anchor, back: 0 };
    const cursor = this.cursor;
    if (cursor.back >= BOOK_BACKFILL_DAYS) return [];
    for (let i = 0; i < cursor.back; i++) zoneDays = new Map([...zoneDays].map(([z, d]) => [z, previousDay(d)]));
    const sinceDays = tanks.map((t) => dayOf(t.sinceMs, t.timezone));
    const out: { task: BookTask; place: BookPlace }[] = [];
    while (out.length < limit && cursor.back < BOOK_BACKFILL_DAYS) {
      const days = tanks.flatMap((t, i) => {
        const day = zoneDays.get(t.timezone)!;
        return day >= sinceDays[i]! ? [{ tankId: t.tankId, day, place: t }] : [];
      });
      // No tank existed then: none did earlier either.
      if (days.length === 0) {
        cursor.back = BOOK_BACKFILL_DAYS;
        break;
      }
      const present = await booksPresent(this.deps.db, days);
      const absent = days.filter((d) => !present.has(`${d.tankId}:${d.day}`));
      const taken = absent.slice(0, limit - out.length);
      for (const d of taken) out.push({ task: { tankId: d.tankId, day: d.day, version: 0 }, place: d.place });
      if (taken.length < absent.length) break;
      cursor.back++;
      zoneDays = new Map([...zoneDays].map(([z, d]) => [z, previousDay(d)]));
    }
    return out;
  }
}

/**
 * What each tank day's own meters sold during each of its drops, as the reconciliation asks it
 * (salesDuringDrops), the metered ones only: an estimated one reads the readings around its drop,
 * which may lie in another day, whose late readings would not mark this book.
 */
async function meteredDrops(db: Db, days: readonly { tankId: number; stationId: number; parts: readonly DayDeliveryPart[] }[]): Promise<KeptDrop[][]> {
  const asks = days.flatMap((d, i) => d.parts.map((part) => ({ i, part, ask: dropAskOf(d, part) })));
  const during = await salesDuringDrops(db, asks.map((a) => a.ask));
  const out = days.map((): KeptDrop[] => []);
  asks.forEach(({ i, part }, k) => {
    const sold = during[k];
    if (sold?.source === 'metered') out[i]!.push({ startedAtMs: part.startedAtMs, fromMs: part.fromMs, toMs: part.toMs, salesL: sold.salesL });
  });
  return out;
}
