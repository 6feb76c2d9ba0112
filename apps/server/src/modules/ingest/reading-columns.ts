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
  tankId: Int32Array;
  tsMs: Float64Array;
  stationId: Int32Array;
  /** Indexes RECORD_TYPES. */
  type: Int16Array;
  productHeightMm: Float64Array;
  waterHeightMm: Float64Array;
  /** For the data-jump rules (spec §9: a temperature step over 3 °C). */
  temperatureC: Float64Array;
  volumeL: Float64Array;
  tcVolumeL: Float64Array;
  /** NaN: unknown (null). */
  waterVolumeL: Float64Array;
  /** NaN: not reported (null). */
  densityKgM3: Float64Array;
  /** Not stored with the reading: the latest state's, taken from each tank's newest row. */
  ullageL: Float64Array;
  fillPct: Float64Array;
  /** Each tank's newest reading among these: the latest state and the live event. */
  newest: ReadingRow[];
}

/** The typed columns, in the order `writeReadings` (readings-repo.ts) unnests them. */
export const READING_ARRAYS = ['tankId', 'tsMs', 'stationId', 'type', 'productHeightMm', 'waterHeightMm', 'temperatureC', 'volumeL', 'tcVolumeL', 'waterVolumeL', 'densityKgM3', 'ullageL', 'fillPct'] as const;
export type ReadingArray = (typeof READING_ARRAYS)[number];

const make: Record<ReadingArray, (n: number) => Int32Array | Int16Array | Float64Array> = {
  tankId: (n) => new Int32Array(n),
  tsMs: (n) => new Float64Array(n),
  stationId: (n) => new Int32Array(n),
  type: (n) => new Int16Array(n),
  productHeightMm: (n) => new Float64Array(n),
  waterHeightMm: (n) => new Float64Array(n),
  temperatureC: (n) => new Float64Array(n),
  volumeL: (n) => new Float64Array(n),
  tcVolumeL: (n) => new Float64Array(n),
  waterVolumeL: (n) => new Float64Array(n),
  densityKgM3: (n) => new Float64Array(n),
  ullageL: (n) => new Float64Array(n),
  fillPct: (n) => new Float64Array(n),
};

/**
 * Rows → typed columns: cheap to lay out per report, to move from a worker thread, and to join
 * for a group; the writer turns them into parameters once per group (readings-repo.ts).
 */
export function layOut(rows: readonly ReadingRow[]): PreparedReadings {
  const out = empty(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    out.tankId[i] = r.tankId;
    out.tsMs[i] = r.tsMs;
    out.stationId[i] = r.stationId;
    out.type[i] = r.type;
    out.productHeightMm[i] = r.productHeightMm;
    out.waterHeightMm[i] = r.waterHeightMm;
    out.temperatureC[i] = r.temperatureC;
    out.volumeL[i] = r.volumeL;
    out.tcVolumeL[i] = r.tcVolumeL;
    out.waterVolumeL[i] = r.waterVolumeL ?? NaN;
    out.densityKgM3[i] = r.densityKgM3 ?? NaN;
    out.ullageL[i] = r.ullageL;
    out.fillPct[i] = r.fillPct;
  }
  out.newest = newestPerTank(rows);
  return out;
}

function empty(count: number): PreparedReadings {
  const arrays = Object.fromEntries(READING_ARRAYS.map((k) => [k, make[k](count)])) as unknown as Omit<PreparedReadings, 'count' | 'newest'>;
  return { count, ...arrays, newest: [] };
}

/** Several batches' readings as one write: their columns joined. */
export function joinReadings(list: readonly PreparedReadings[]): PreparedReadings {
  if (list.length === 1) return list[0]!;
  const out = empty(list.reduce((n, r) => n + r.count, 0));
  let at = 0;
  for (const r of list) {
    for (const k of READING_ARRAYS) (out[k] as Float64Array).set(r[k] as Float64Array, at);
    at += r.count;
  }
  out.newest = newestPerTank(list.flatMap((r) => r.newest));
  return out;
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
