export type SortValue = string | number | null;

/** Codes and names as people read them: "2" before "10", case and accents aside. */
export const naturalCollator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Sorts rows computed in memory (the reports figured from readings) by one column — an unknown
 * value last either way — then by `tieBreak`, which keeps paging stable.
 */
export function sortRowsBy<R>(rows: R[], value: ((r: R) => SortValue) | null, descend: boolean, tieBreak: (a: R, b: R) => number): R[] {
  return rows.sort((a, b) => {
    if (value) {
      const va = value(a);
      const vb = value(b);
      if (va !== vb) {
        if (va === null) return 1;
        if (vb === null) return -1;
        const c = typeof va === 'number' && typeof vb === 'number' ? va - vb : naturalCollator.compare(String(va), String(vb));
        if (c !== 0) return descend ? -c : c;
      }
    }
    return tieBreak(a, b);
  });
}

/** Where a row is, as the lists order it after its period: station, then tank. */
export interface Placed {
  stationName: string;
  tankCode: string;
}

/**
 * Each place's rank in reading order (station name, then tank code, naturally; then the key
 * when it is a number, a tank id), found once per list. A fleet's month is hundreds of thousands
 * of comparisons, and a collator's compare in each cost more than the rest of the sort (issue 35).
 */
export function placeRanks<K>(places: ReadonlyMap<K, Placed>): Map<K, number> {
  const sorted = [...places].sort(
    ([ka, a], [kb, b]) => naturalCollator.compare(a.stationName, b.stationName) || naturalCollator.compare(a.tankCode, b.tankCode) || (typeof ka === 'number' && typeof kb === 'number' ? ka - kb : 0),
  );
  return new Map(sorted.map(([k], i) => [k, i]));
}

/**
 * Text values replaced by their rank in natural order (equal as people read them: equal rank),
 * so that a sort on a text column compares numbers.
 */
export function textRanks(values: Iterable<string>): Map<string, number> {
  const distinct = [...new Set(values)].sort(naturalCollator.compare);
  const out = new Map<string, number>();
  let rank = 0;
  distinct.forEach((v, i) => {
    if (i > 0 && naturalCollator.compare(distinct[i - 1]!, v) !== 0) rank = i;
    out.set(v, rank);
  });
  return out;
}
