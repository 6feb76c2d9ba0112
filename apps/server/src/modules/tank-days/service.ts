import { endedDaysOf } from '@ullage/domain/tank-day-books';
import type { Db } from '../../db/client';
import { groupBy } from '../../lib/group-by';
import { markBooksStale, type TankDayMark } from './books-repo';

/*
 * The tank-days module's public entry (issue 37 item 1): a report's tanks and their station
 * days' figures, from the tank-day books where a fresh one is kept and from the readings
 * otherwise; and what keeps the books: the book job and the ingest evaluator (app.ts), and
 * salesChanged below. Other modules import this file only; the files behind it import each other.
 */
export { dayEdges, deliveriesOf, tanksOfReport, type EdgeReading, type ReportTank, type TankFilter } from './repo';
export { figureTankDays, tankDaysOf, tankOfRow, type TankDayFigures } from './figures';
export type { BookSales, KeptDrop } from './books-repo';
export { TankDayBookJob } from './book-job';
export { tankDayBookMarks } from './books-evaluator';

/**
 * Metered sales or meter totals landed on these tanks' own meters (the ingest, in the
 * transaction that stores them): the books of the days they land in that are over keep the
 * day's sales, so they are marked stale and figured again. Sales of the running day mark nothing.
 */
export async function salesChanged(db: Db, timezone: string, landed: readonly { tankId: number; tsMs: number }[], nowMs: number): Promise<void> {
  const marks: TankDayMark[] = [];
  for (const [tankId, ofTank] of groupBy(landed, (l) => l.tankId)) {
    const times = ofTank.map((l) => l.tsMs).sort((a, b) => a - b);
    for (const window of endedDaysOf(times, timezone, nowMs)) marks.push({ tankId, window });
  }
  await markBooksStale(db, marks);
}
