import { sql } from 'drizzle-orm';
import { findJumps, type JumpReading } from '@ullage/domain/data-jumps';
import { pgArray, rawRows } from '../../lib/raw-sql';
import type { EvaluationContext } from './batch-writer';
import type { StationKeys } from './device-state-repo';

type Point = JumpReading & { tsMs: number };

const msOf = (v: unknown) => new Date(v as string).getTime();

/**
 * The data-jump evaluator (spec §9 jump thresholds, alarm_record): runs each tank's new
 * readings, in time order and after the tank's reading just before them, through the jump
 * rules (domain/data-jumps.ts) and records every rule broken, with both readings.
 *
 * Two statements for the whole group of batches, whatever the number of tanks: one finds
 * every tank's previous reading, one inserts every jump. (tank, ts, rule) is unique, so a
 * resent batch finds the same jumps and adds nothing.
 */
export async function evaluateJumps({ db, batches }: EvaluationContext): Promise<void> {
  const byTank = new Map<number, Point[]>();
  const stationOf = new Map<number, StationKeys>();
  for (const { station, readings } of batches) {
    const { tankId, tsMs, productHeightMm, temperatureC, volumeL } = readings;
    for (let i = 0; i < readings.count; i++) {
      const id = tankId[i]!;
      let points = byTank.get(id);
      if (!points) {
        points = [];
        byTank.set(id, points);
        stationOf.set(id, station);
      }
      points.push({ tsMs: tsMs[i]!, productHeightMm: productHeightMm[i]!, temperatureC: temperatureC[i]!, volumeL: volumeL[i]! });
    }
  }
  if (byTank.size === 0) return;
  for (const points of byTank.values()) if (!isSorted(points)) points.sort((a, b) => a.tsMs - b.tsMs);

  const tankIds = [...byTank.keys()];
  // The readings are already written in this transaction, so "before the first new one" skips them.
  const before = await rawRows<{ id: number; ts: string | Date; product_height_mm: number; temperature_c: number; volume_l: number }>(
    db,
    sql`select t.id, r.ts, r.product_height_mm, r.temperature_c, r.volume_l
        from unnest(${pgArray(tankIds)}::int[], ${pgArray(tankIds.map((id) => byTank.get(id)![0]!.tsMs))}::float8[]) as t(id, first_ms)
        join lateral (select ts, product_height_mm, temperature_c, volume_l from tank_readings
                      where tank_id = t.id and ts < to_timestamp(t.first_ms / 1000.0) order by ts desc limit 1) r on true`,
  );
  const prevOf = new Map<number, Point>(
    before.map((b) => [b.id, { tsMs: msOf(b.ts), productHeightMm: b.product_height_mm, temperatureC: b.temperature_c, volumeL: b.volume_l }]),
  );

  const rows = { station: [] as number[], company: [] as number[], distributor: [] as number[], tank: [] as number[], rule: [] as string[], prev: [] as Point[], next: [] as Point[] };
  for (const [tankId, points] of byTank) {
    const prev = prevOf.get(tankId) ?? null;
    const found = findJumps(prev, points);
    if (found.length === 0) continue;
    const station = stationOf.get(tankId)!;
    for (const jump of found) {
      rows.station.push(station.id);
      rows.company.push(station.companyId);
      rows.distributor.push(station.distributorId);
      rows.tank.push(tankId);
      rows.rule.push(jump.rule);
      rows.prev.push(jump.prevIndex < 0 ? prev! : points[jump.prevIndex]!);
      rows.next.push(points[jump.index]!);
    }
  }
  if (rows.tank.length === 0) return;
  const column = (list: Point[], pick: (p: Point) => number) => pgArray(list.map(pick));
  await db.execute(sql`
    insert into data_jumps (distributor_id, company_id, station_id, tank_id, rule, prev_ts, ts,
      prev_product_height_mm, product_height_mm, prev_temperature_c, temperature_c, prev_volume_l, volume_l)
    select distributor_id, company_id, station_id, tank_id, rule, to_timestamp(prev_ms / 1000.0), to_timestamp(ts_ms / 1000.0),
      prev_h, h, prev_t, t, prev_v, v
    from unnest(${pgArray(rows.distributor)}::int[], ${pgArray(rows.company)}::int[], ${pgArray(rows.station)}::int[], ${pgArray(rows.tank)}::int[],
      ${pgArray(rows.rule)}::text[], ${column(rows.prev, (p) => p.tsMs)}::float8[], ${column(rows.next, (p) => p.tsMs)}::float8[],
      ${column(rows.prev, (p) => p.productHeightMm)}::float8[], ${column(rows.next, (p) => p.productHeightMm)}::float8[],
      ${column(rows.prev, (p) => p.temperatureC)}::float8[], ${column(rows.next, (p) => p.temperatureC)}::float8[],
      ${column(rows.prev, (p) => p.volumeL)}::float8[], ${column(rows.next, (p) => p.volumeL)}::float8[])
      as j(distributor_id, company_id, station_id, tank_id, rule, prev_ms, ts_ms, prev_h, h, prev_t, t, prev_v, v)
    on conflict do nothing`);
}

function isSorted(points: readonly Point[]): boolean {
  for (let i = 1; i < points.length; i++) if (points[i]!.tsMs < points[i - 1]!.tsMs) return false;
  return true;
}
