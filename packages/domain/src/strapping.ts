/**
 * Height-volume (strapping) tables. Invariant: points are sorted by height, heights and
 * volumes strictly increasing, first point at height 0.
 */
export interface StrappingPoint {
  heightMm: number;
  volumeL: number;
}

/** Litres in a horizontal cylinder of the given diameter and length, filled to `heightMm`. */
export function horizontalCylinderVolume(diameterMm: number, lengthMm: number, heightMm: number): number {
  if (!(diameterMm > 0) || !(lengthMm > 0)) return 0;
  const r = diameterMm / 2;
  const h = Math.min(Math.max(heightMm, 0), diameterMm);
  const segmentArea = r * r * Math.acos((r - h) / r) - (r - h) * Math.sqrt(2 * r * h - h * h);
  return (segmentArea * lengthMm) / 1e6;
}

/** A strapping table for a horizontal cylinder, one point every `stepMm`. */
export function cylinderStrappingTable(diameterMm: number, lengthMm: number, stepMm = 50): StrappingPoint[] {
  if (!(stepMm > 0)) throw new RangeError(`stepMm must be positive, got ${stepMm}`);
  const points: StrappingPoint[] = [];
  for (let h = 0; h < diameterMm; h += stepMm) {
    points.push({ heightMm: h, volumeL: round1(horizontalCylinderVolume(diameterMm, lengthMm, h)) });
  }
  points.push({ heightMm: diameterMm, volumeL: round1(horizontalCylinderVolume(diameterMm, lengthMm, diameterMm)) });
  return points;
}

/** Linear interpolation in a strapping table; heights outside it clamp to its ends. */
export function volumeAtHeight(table: readonly StrappingPoint[], heightMm: number): number {
  return interpolate(table, 'heightMm', 'volumeL', heightMm);
}

/**
 * The inverse: the height at which the table holds `volumeL` (the simulator keeps volumes
 * and reports heights, as a probe would). Volumes outside the table clamp to its ends.
 */
export function heightAtVolume(table: readonly StrappingPoint[], volumeL: number): number {
  return interpolate(table, 'volumeL', 'heightMm', volumeL);
}

/** Both columns increase strictly (the invariant), so a binary search on either is exact. */
function interpolate(table: readonly StrappingPoint[], from: keyof StrappingPoint, to: keyof StrappingPoint, x: number): number {
  const first = table[0];
  const last = table[table.length - 1];
  if (!first || !last) return 0;
  if (x <= first[from]) return first[to];
  if (x >= last[from]) return last[to];
  let lo = 0;
  let hi = table.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (table[mid]![from] <= x) lo = mid;
    else hi = mid;
  }
  const a = table[lo]!;
  const b = table[hi]!;
  return a[to] + ((x - a[from]) / (b[from] - a[from])) * (b[to] - a[to]);
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}
