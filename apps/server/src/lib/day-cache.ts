/**
 * Rows of one tank and one day an instance has read, kept with the version each had (issue 35):
 * the tank-day books (tank-days/books-repo.ts) and the leak days (leak-test/days-repo.ts). A
 * month of a fleet's books is 30,000 rows, a leak-test list's 37 days of 1,000 tanks 37,000;
 * reading them whole was most of those calls. A row's content is fixed by its (tank, day,
 * version) — for a book its version, which `markBooksStale` raises and `writeBooks` writes at; for
 * a leak day its row's xmin, which every write changes — so a row kept at the version the database has now is the row
 * the database holds, on any number of instances, and a read asks only each day's version.
 *
 * Whatever changes a row's content must change its version. The kept rows are shared by every
 * caller: they are never changed.
 */

/** A kept row and the version it was read at. */
interface Kept<B> {
  version: number;
  book: B;
}

export class DayCache<B extends { tankId: number; day: string }> {
  private readonly byTank = new Map<number, Map<string, Kept<B>>>();
  private count = 0;

  /** At most `limit` rows (a month of 5,000 tanks' books is 150,000; each ~0.4 KB); past it the tanks read longest ago go. */
  constructor(private readonly limit = 200_000) {}

  /**
   * The tank's kept rows of these days at these versions, in that order; null when any of them
   * is not kept at that version (the tank's rows are then read again).
   */
  keptAt(tankId: number, days: readonly string[], versions: readonly number[]): B[] | null {
    const kept = this.byTank.get(tankId);
    if (!kept) return null;
    const out: B[] = [];
    for (let i = 0; i < days.length; i++) {
      const entry = kept.get(days[i]!);
      if (!entry || entry.version !== versions[i]) return null;
      out.push(entry.book);
    }
    return out;
  }

  /**
   * As keptAt, the days and versions given as the text the reads ask the database for: each day's
   * `offset:version`, comma-separated, the offset in days from the first of `days`.
   */
  keptOfText(tankId: number, text: string, days: readonly string[]): B[] | null {
    const pairs = text.split(',');
    const ofDays = new Array<string>(pairs.length);
    const versions = new Array<number>(pairs.length);
    pairs.forEach((pair, i) => {
      const colon = pair.indexOf(':');
      ofDays[i] = days[Number(pair.slice(0, colon))]!;
      versions[i] = Number(pair.slice(colon + 1));
    });
    return this.keptAt(tankId, ofDays, versions);
  }

  /** Keeps a row read at `version`, in place of any other of its tank and day. */
  keep(book: B, version: number): void {
    let kept = this.byTank.get(book.tankId);
    if (!kept) {
      this.byTank.set(book.tankId, (kept = new Map()));
    }
    if (!kept.has(book.day)) this.count++;
    kept.set(book.day, { version, book });
    if (this.count > this.limit) this.evict();
  }

  get size(): number {
    return this.count;
  }

  /** Down to nine tenths of the limit, the tanks first kept going first (a map keeps insertion order). */
  private evict() {
    for (const [tankId, kept] of this.byTank) {
      if (this.count <= this.limit * 0.9) return;
      this.count -= kept.size;
      this.byTank.delete(tankId);
    }
  }
}
