import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pgArray, rawRows } from '../../lib/raw-sql';
import type { TankPoint } from './readings-repo';

/** A tank's stored readings around some new ones, oldest first, and how many lie on each side. */
export interface Neighbourhood {
  points: TankPoint[];
  /** Readings before `fromMs` (at most `before` of them: fewer means the tank's first readings). */
  before: number;
  /** Readings after `toMs` (at most `after`: fewer means the tank's newest readings). */
  after: number;
}

/** A span of a tank's readings that new readings fall in (epoch ms, both ends included). */
export interface Span {
  tankId: number;
  fromMs: number;
  toMs: number;
}

/**
 * Every stored reading of each span, with `before` readings before and `after` readings after
 * it: what new readings' neighbours are now (review item 2). One statement for any number of tanks.
 */
export async function readNeighbourhoods(db: Db, spans: readonly Span[], before: number, after: number): Promise<Map<number, Neighbourhood>> {
  const columns = sql`extract(epoch from ts)::float8 * 1000 as ts_ms, product_height_mm, temperature_c, volume_l`;
  const rows = await rawRows<{ tank_id: number; side: number; ts_ms: number; product_height_mm: number; temperature_c: number; volume_l: number }>(
    db,
    sql`select t.id as tank_id, r.side, r.ts_ms, r.product_height_mm, r.temperature_c, r.volume_l
        from unnest(${pgArray(spans.map((s) => s.tankId))}::int[], ${pgArray(spans.map((s) => s.fromMs))}::float8[], ${pgArray(spans.map((s) => s.toMs))}::float8[])
          as t(id, from_ms, to_ms)
        cross join lateral (
          (select -1 as side, ${columns} from tank_readings where tank_id = t.id and ts < to_timestamp(t.from_ms / 1000.0) order by ts desc limit ${before})
          union all
          (select 0, ${columns} from tank_readings where tank_id = t.id and ts >= to_timestamp(t.from_ms / 1000.0) and ts <= to_timestamp(t.to_ms / 1000.0))
          union all
          (select 1, ${columns} from tank_readings where tank_id = t.id and ts > to_timestamp(t.to_ms / 1000.0) order by ts limit ${after})) r
        order by t.id, r.ts_ms`,
  );
  const out = new Map<number, Neighbourhood>(spans.map((s) => [s.tankId, { points: [], before: 0, after: 0 }]));
  for (const r of rows) {
    const n = out.get(r.tank_id)!;
    n.points.push({ tsMs: Math.round(r.ts_ms), productHeightMm: r.product_height_mm, temperatureC: r.temperature_c, volumeL: r.volume_l });
    if (r.side < 0) n.before++;
    else if (r.side > 0) n.after++;
  }
  return out;
}

/** A tank's stored readings from `fromMs` on, oldest first (a delivery re-judged after a late reading). */
export async function readFrom(db: Db, tankId: number, fromMs: number): Promise<TankPoint[]> {
  const rows = await rawRows<{ ts_ms: number; product_height_mm: number; temperature_c: number; volume_l: number }>(
    db,
    sql`select extract(epoch from ts)::float8 * 1000 as ts_ms, product_height_mm, temperature_c, volume_l
        from tank_readings where tank_id = ${tankId} and ts >= ${new Date(fromMs).toISOString()}::timestamptz order by ts`,
  );
  return rows.map((r) => ({ tsMs: Math.round(r.ts_ms), productHeightMm: r.product_height_mm, temperatureC: r.temperature_c, volumeL: r.volume_l }));
}
