import type { StrappingPoint } from '@ullage/domain/strapping';

/**
 * The inverse of `volumeAtHeight`: the height at which the table holds `volumeL`. The model
 * keeps volumes (sales and deliveries are litres) and reports heights, as a probe would.
 * Tables are strictly increasing in both columns, so a binary search on volume is exact
 * between points; volumes outside the table clamp to its ends.
 */
export function heightAtVolume(table: readonly StrappingPoint[], volumeL: number): number {
  const first = table[0];
  const last = table[table.length - 1];
  if (!first || !last) return 0;
  if (volumeL <= first.volumeL) return first.heightMm;
  if (volumeL >= last.volumeL) return last.heightMm;
  let lo = 0;
  let hi = table.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (table[mid]!.volumeL <= volumeL) lo = mid;
    else hi = mid;
  }
  const a = table[lo]!;
  const b = table[hi]!;
  return a.heightMm + ((volumeL - a.volumeL) / (b.volumeL - a.volumeL)) * (b.heightMm - a.heightMm);
}
