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
