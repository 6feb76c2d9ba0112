import { pgArray } from '../../lib/raw-sql';

// Computed readings and the columns the insert takes. Its own file because both the CPU half
// (prepare.ts, often on a worker thread) and the writer (readings-repo.ts) need it, and neither
// should import the other.

/** One computed reading, as stored (SI units; `type` indexes RECORD_TYPES). */
export interface ReadingRow {
  tankId: number;
  stationId: number;
  /** ISO 8601 */
  ts: string;
  /** Milliseconds since the epoch of `ts`, for ordering without reparsing. */
  tsMs: number;
  type: number;
  productHeightMm: number;
  waterHeightMm: number;
  temperatureC: number;
  volumeL: number;
  tcVolumeL: number;
  /** Null when unknown (inventory.ts). */
  waterVolumeL: number | null;
  ullageL: number;
  fillPct: number;
  densityKgM3: number | null;
}

export interface PreparedReadings {
  count: number;
  /** The columns `writeReadings` (readings-repo.ts) takes, as PostgreSQL array literals. */
  columns: string[];
  tankId: Int32Array;
  tsMs: Float64Array;
  volumeL: Float64Array;
  productHeightMm: Float64Array;
  waterHeightMm: Float64Array;
  /** For the data-jump rules (spec §9: a temperature step over 3 °C). */
  temperatureC: Float64Array;
  /** Each tank's newest reading among these: the latest state and the live event. */
  newest: ReadingRow[];
}

/** Rows → columns, in the order `writeReadings` (readings-repo.ts) takes them. */
export function layOut(rows: readonly ReadingRow[]): PreparedReadings {
  return {
    count: rows.length,
    columns: [
      pgArray(rows.map((r) => r.tankId)),
      pgArray(rows.map((r) => r.tsMs)),
      pgArray(rows.map((r) => r.stationId)),
      pgArray(rows.map((r) => r.type)),
      pgArray(rows.map((r) => r.productHeightMm)),
      pgArray(rows.map((r) => r.waterHeightMm)),
      pgArray(rows.map((r) => r.temperatureC)),
      pgArray(rows.map((r) => r.volumeL)),
      pgArray(rows.map((r) => r.tcVolumeL)),
      pgArray(rows.map((r) => r.waterVolumeL)),
      pgArray(rows.map((r) => r.densityKgM3)),
      // Not stored with the reading: the latest state's, taken from each tank's newest row.
      pgArray(rows.map((r) => r.ullageL)),
      pgArray(rows.map((r) => r.fillPct)),
    ],
    tankId: Int32Array.from(rows, (r) => r.tankId),
    tsMs: Float64Array.from(rows, (r) => r.tsMs),
    volumeL: Float64Array.from(rows, (r) => r.volumeL),
    productHeightMm: Float64Array.from(rows, (r) => r.productHeightMm),
    waterHeightMm: Float64Array.from(rows, (r) => r.waterHeightMm),
    temperatureC: Float64Array.from(rows, (r) => r.temperatureC),
    newest: newestPerTank(rows),
  };
}

/** Several batches' readings as one write: their column literals and arrays joined. */
export function joinReadings(list: readonly PreparedReadings[]): PreparedReadings {
  if (list.length === 1) return list[0]!;
  const filled = list.filter((r) => r.count > 0);
  const joinTyped = <T extends Int32Array | Float64Array>(make: (n: number) => T, pick: (r: PreparedReadings) => T) => {
    const out = make(filled.reduce((n, r) => n + r.count, 0));
    let at = 0;
    for (const r of filled) {
      out.set(pick(r), at);
      at += r.count;
    }
    return out;
  };
  return {
    count: filled.reduce((n, r) => n + r.count, 0),
    // '{1,2}' + '{3}' → '{1,2,3}'
    columns: (list[0]?.columns ?? []).map((_, i) => `{${filled.map((r) => r.columns[i]!.slice(1, -1)).join(',')}}`),
    tankId: joinTyped((n) => new Int32Array(n), (r) => r.tankId),
    tsMs: joinTyped((n) => new Float64Array(n), (r) => r.tsMs),
    volumeL: joinTyped((n) => new Float64Array(n), (r) => r.volumeL),
    productHeightMm: joinTyped((n) => new Float64Array(n), (r) => r.productHeightMm),
    waterHeightMm: joinTyped((n) => new Float64Array(n), (r) => r.waterHeightMm),
    temperatureC: joinTyped((n) => new Float64Array(n), (r) => r.temperatureC),
    newest: newestPerTank(filled.flatMap((r) => r.newest)),
  };
}

/** The newest reading of each tank among `rows`. */
export function newestPerTank(rows: readonly ReadingRow[]): ReadingRow[] {
  const newest = new Map<number, ReadingRow>();
  for (const row of rows) {
    const seen = newest.get(row.tankId);
    if (!seen || row.tsMs > seen.tsMs) newest.set(row.tankId, row);
  }
  return [...newest.values()];
}
