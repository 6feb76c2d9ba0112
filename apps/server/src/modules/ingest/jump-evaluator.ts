import { sql } from 'drizzle-orm';
import { findJumps } from '@ullage/domain/data-jumps';
import { pgArray } from '../../lib/raw-sql';
import type { EvaluationContext } from './batch-writer';
import type { TankPoint as Point } from './group-readings';

/**
 * The data-jump evaluator (spec §9 jump thresholds, alarm_record): runs each tank's new
 * readings, in time order and after the tank's reading just before them, through the jump
 * rules (domain/data-jumps.ts) and records every rule broken, with both readings.
 *
 * Two statements for the whole group of batches, whatever the number of tanks: every tank's
 * previous reading (shared with the delivery evaluator, group-readings.ts), and one insert of
 * every jump. (tank, ts, rule) is unique, so a
 * resent batch finds the same jumps and adds nothing.
 */
export async function evaluateJumps({ db, readings }: EvaluationContext): Promise<void> {
  if (readings.byTank.size === 0) return;
  const prevOf = await readings.previous();

  const rows = { station: [] as number[], company: [] as number[], distributor: [] as number[], tank: [] as number[], rule: [] as string[], prev: [] as Point[], next: [] as Point[] };
  for (const [tankId, { station, points }] of readings.byTank) {
    const prev = prevOf.get(tankId) ?? null;
    const found = findJumps(prev, points);
    if (found.length === 0) continue;
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
