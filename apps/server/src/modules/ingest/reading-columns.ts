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

/**
 * Columns of `count` readings, all views of one buffer: one allocation per report and per group,
 * not thirteen (and one buffer for a worker thread to hand over). Doubles first, then the
 * 4-byte and 2-byte integers, so every view is aligned.
 */
function empty(count: number): PreparedReadings {
  const buffer = new ArrayBuffer(count * (10 * 8 + 2 * 4 + 2));
  let at = 0;
  const f64 = () => {
    const view = new Float64Array(buffer, at, count);
    at += count * 8;
    return view;
  };
  const i32 = () => {
    const view = new Int32Array(buffer, at, count);
    at += count * 4;
    return view;
  };
  return {
    count,
    tsMs: f64(),
    productHeightMm: f64(),
    waterHeightMm: f64(),
    temperatureC: f64(),
    volumeL: f64(),
    tcVolumeL: f64(),
    waterVolumeL: f64(),
    densityKgM3: f64(),
    ullageL: f64(),
    fillPct: f64(),
    tankId: i32(),
    stationId: i32(),
    type: new Int16Array(buffer, at, count),
    newest: [],
  };
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
