import { dayOf, dayWindow, type DayWindow } from './station-day';

/**
 * Tank-day books (issue 21): what a tank's readings give for one station day — its first and
 * last reading and its gaps (daily-inventory.ts DayAggregates) — kept so that the reports do
 * not scan the day's 1,440 readings again on every request; and (issue 23) the tank's own
 * metered sales between the day's opening and closing readings (reconciliation.ts
 * salesSpanOf), so a month's reconciliation does not sum every sale again. Deliveries are not
 * kept: they are few, keyed, changed by several writers (the ingest's detector, device
 * reports, re-detection) and applied per request, so no delivery change can leave a book wrong.
 *
 * A book is written only for a day that is over and settled: ended BOOK_SETTLE_MS ago, since a
 * device's readings arrive late (buffered through an outage, a resent backlog). A reading, a
 * sale or a totaliser reading that lands in a day after its book was written marks the book stale; a stale or missing book is
 * figured live, as the running day always is, until the book job writes it again.
 */
export const BOOK_SETTLE_MS = 60 * 60_000;

/** How far back the book job fills missing books (newest first): a year and a month, what the monthly report asks at most. */
export const BOOK_BACKFILL_DAYS = 400;

/** True once a day's book may be written and served: the day ended BOOK_SETTLE_MS or more ago. */
export const bookIsFinal = (window: Pick<DayWindow, 'endMs'>, nowMs: number) => nowMs >= window.endMs + BOOK_SETTLE_MS;

/**
 * The latest day of `timeZone` whose book is final at `nowMs`: the day before the one
 * containing nowMs − BOOK_SETTLE_MS (that one has not ended by then).
 */
export function latestFinalDay(timeZone: string, nowMs: number): string {
  return previousDay(dayOf(nowMs - BOOK_SETTLE_MS, timeZone));
}

/** The day before `day` (calendar arithmetic). */
export function previousDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/**
 * The ended days (end ≤ nowMs) of `timeZone` that new readings at `times` (ascending) fall in:
 * the books a write must mark stale. A day still running has no book (none is written before
 * it has ended and settled), so readings of the running day — nearly all of them — mark nothing.
 * Only the days a reading falls in are named, not those between two late readings.
 */
export function endedDaysOf(times: readonly number[], timeZone: string, nowMs: number): DayWindow[] {
  const days: DayWindow[] = [];
  let window: DayWindow | null = null;
  for (const t of times) {
    if (window !== null && t >= window.startMs && t < window.endMs) continue;
    window = dayWindow(dayOf(t, timeZone), timeZone);
    if (window.endMs > nowMs) break;
    days.push(window);
  }
  return days;
}
