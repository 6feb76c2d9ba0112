import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pgArray, preparedRows } from '../../lib/raw-sql';
import type { StationKeys } from '../../lib/station-keys';
import type { FreshReadings, TankPoint } from './readings-repo';

export interface TankSeries {
  station: StationKeys;
  /** The tank's new readings of the group, oldest first, one per time. */
  points: TankPoint[];
  /**
   * A new reading is older than the tank's newest one stored before: it lands between stored
   * readings, so what was judged between those neighbours is judged again (review item 2).
   * Otherwise every new reading follows the stored ones, and `previous()` is the one before.
   */
  late: boolean;
  fresh: FreshReadings;
}

/**
 * A group's new readings by tank, and each tank's reading just before them — what the delivery
 * and jump evaluators both need. Built once per group and the previous readings asked once
 * (one statement, however many tanks), instead of once per evaluator: on the ingest bench that
 * is the difference between meeting the device-path budget and not (DESIGN.md §8).
 */
export interface GroupReadings {
  /**
   * Only tanks with new readings: readings already stored (a resend) were judged when they
   * arrived, and judging them again must change nothing (review item 19).
   */
  byTank: ReadonlyMap<number, TankSeries>;
  /** The reading before each tank's first new one; tanks without one are absent. */
  previous(): Promise<ReadonlyMap<number, TankPoint>>;
}

interface Columns {
  count: number;
  tankId: ArrayLike<number>;
  tsMs: ArrayLike<number>;
  productHeightMm: ArrayLike<number>;
  temperatureC: ArrayLike<number>;
  volumeL: ArrayLike<number>;
}

export function groupReadings(db: Db, batches: readonly { station: StationKeys; readings: Columns }[], fresh: ReadonlyMap<number, FreshReadings>): GroupReadings {
  const byTank = new Map<number, TankSeries>();
  for (const { station, readings } of batches) {
    const { tankId, tsMs, productHeightMm, temperatureC, volumeL } = readings;
    for (let i = 0; i < readings.count; i++) {
      const id = tankId[i]!;
      let series = byTank.get(id);
      if (!series) {
        const f = fresh.get(id);
        if (!f) continue;
        series = { station, points: [], late: f.prevLatest !== null && f.firstMs < f.prevLatest.tsMs, fresh: f };
        byTank.set(id, series);
      }
      // Readings before the first new one were stored before: a resent head of the batch.
      if (tsMs[i]! < series.fresh.firstMs) continue;
      series.points.push({ tsMs: tsMs[i]!, productHeightMm: productHeightMm[i]!, temperatureC: temperatureC[i]!, volumeL: volumeL[i]! });
    }
  }
  for (const series of byTank.values()) {
    if (!isSorted(series.points)) series.points.sort((a, b) => a.tsMs - b.tsMs);
    series.points = oneAtATime(series.points);
  }

  let previous: Promise<ReadonlyMap<number, TankPoint>> | null = null;
  return {
    byTank,
    previous: () => (previous ??= findPrevious(db, byTank)),
  };
}

/**
 * Readings retention keeps at least the current month and two before it (config.ts), so a
 * latest state less than four weeks older than the new readings is still a stored reading; an
 * older one may have gone with its month, and then the store says what comes before.
 */
const LATEST_STILL_STORED_MS = 28 * 86_400_000;

/**
 * New readings that follow a tank's stored ones (the live case) follow its latest state, which
 * the write read already (readings-repo.ts): only late readings, tanks with no latest state and
 * tanks silent for weeks cost a statement.
 */
async function findPrevious(db: Db, byTank: ReadonlyMap<number, TankSeries>): Promise<ReadonlyMap<number, TankPoint>> {
  const previous = new Map<number, TankPoint>();
  const tankIds: number[] = [];
  for (const [id, series] of byTank) {
    const latest = series.fresh.prevLatest;
    if (!series.late && latest && series.fresh.firstMs - latest.tsMs < LATEST_STILL_STORED_MS) previous.set(id, latest);
    else tankIds.push(id);
  }
  if (tankIds.length === 0) return previous;
  const firsts = tankIds.map((id) => byTank.get(id)!.fresh.firstMs);
  // The group's readings are already written in this transaction, so "before the first new one" skips them.
  const rows = await preparedRows<{ id: number; ts: string | Date; product_height_mm: number; temperature_c: number; volume_l: number }>(
    db,
    sql`select t.id, r.ts, r.product_height_mm, r.temperature_c, r.volume_l
        from unnest(${pgArray(tankIds)}::int[], ${pgArray(firsts)}::float8[]) as t(id, first_ms)
        join lateral (select ts, product_height_mm, temperature_c, volume_l from tank_readings
                      where tank_id = t.id and ts < to_timestamp(t.first_ms / 1000.0) order by ts desc limit 1) r on true`,
  );
  for (const r of rows) previous.set(r.id, { tsMs: new Date(r.ts).getTime(), productHeightMm: r.product_height_mm, temperatureC: r.temperature_c, volumeL: r.volume_l });
  return previous;
}

/** Two readings of one time (resent inside a group): the store kept the first, so do the evaluators. */
function oneAtATime(points: TankPoint[]): TankPoint[] {
  for (let i = 1; i < points.length; i++) if (points[i]!.tsMs === points[i - 1]!.tsMs) return points.filter((p, j) => j === 0 || p.tsMs !== points[j - 1]!.tsMs);
  return points;
}

function isSorted(points: readonly TankPoint[]): boolean {
  for (let i = 1; i < points.length; i++) if (points[i]!.tsMs < points[i - 1]!.tsMs) return false;
  return true;
}
