import { sql } from 'drizzle-orm';
import { brokenJumpRules, JUMP_CONTEXT, jumpEvents, type JumpEvent } from '@ullage/domain/data-jumps';
import type { Db } from '../../db/client';
import { pgArray } from '../../lib/raw-sql';
import type { EvaluationContext } from './batch-writer';
import type { StationKeys } from '../../lib/station-keys';
import type { TankPoint as Point } from './readings-repo';
import { readNeighbourhoods, type Span } from './neighbours-repo';

/**
 * The data-jump evaluator (spec §9 jump thresholds, alarm_record): records every rule broken
 * between two consecutive readings of a tank, with both readings — one record per spike that
 * comes back at the next reading, with that reading too (domain/data-jumps.ts jumpEvents).
 *
 * Records always describe readings that are neighbours, whatever order they arrive in
 * (review item 2): when new readings change whose neighbour a stored reading is, the events
 * around them are judged again from the stored readings and replace what was recorded there.
 *
 * The common case costs no statement of its own: new readings after the stored ones, none
 * breaking a rule against the one before (shared with the delivery evaluator,
 * group-readings.ts). Otherwise three statements for the whole group, whatever the number of
 * tanks: their neighbourhoods, and the records there replaced. Readings already stored (a
 * resend) are not judged again at all.
 */
export async function evaluateJumps({ db, readings }: EvaluationContext): Promise<void> {
  if (readings.byTank.size === 0) return;
  const prevOf = await readings.previous();
  const spans: Span[] = [];
  for (const [tankId, series] of readings.byTank) {
    if (!series.late) {
      const prev = prevOf.get(tankId);
      if (!anyBroken(prev ? [prev, ...series.points] : series.points)) continue;
    }
    spans.push({ tankId, fromMs: series.fresh.firstMs, toMs: series.fresh.lastMs });
  }
  if (spans.length === 0) return;

  // Events are keyed by the later reading of their pair. The first pair that changed ends at the
  // first new reading, and the event keyed at the reading before it may gain or lose its way back;
  // past the last new reading, events look back JUMP_CONTEXT.before readings. Each is judged with
  // the context it needs, so the neighbourhood read is that much wider on both sides.
  const span = JUMP_CONTEXT.before + JUMP_CONTEXT.after;
  const around = await readNeighbourhoods(db, spans, span, span);
  const judged: Judged[] = [];
  for (const { tankId } of spans) {
    const { points, before, after } = around.get(tankId)!;
    if (points.length < 2) continue;
    const fromIndex = Math.max(before - 1, 0);
    // With fewer readings after than asked, the series runs to the tank's newest: every event is known.
    const toIndex = after < span ? points.length - 1 : points.length - after - 1 + JUMP_CONTEXT.before;
    const events = jumpEvents(points).filter((e) => e.index >= fromIndex && e.index <= toIndex);
    judged.push({ station: readings.byTank.get(tankId)!.station, tankId, points, events, fromMs: points[fromIndex]!.tsMs, toMs: points[toIndex]!.tsMs });
  }
  await replaceJumps(db, judged);
}

function anyBroken(points: readonly Point[]): boolean {
  for (let i = 1; i < points.length; i++) if (brokenJumpRules(points[i - 1]!, points[i]!).length > 0) return true;
  return false;
}

/** One tank's events judged again, keyed from `fromMs` to `toMs`. */
interface Judged {
  station: StationKeys;
  tankId: number;
  points: readonly Point[];
  events: readonly JumpEvent[];
  fromMs: number;
  toMs: number;
}

/** Stores each tank's events as its records keyed in its span; records there that are not among them go. Two statements. */
async function replaceJumps(db: Db, judged: readonly Judged[]) {
  if (judged.length === 0) return;
  const rows = judged.flatMap(({ station, tankId, points, events }) =>
    events.map((e) => ({ station, tankId, rule: e.rule, prev: points[e.prevIndex]!, next: points[e.index]!, back: e.backIndex === null ? null : points[e.backIndex]! })),
  );
  type Row = (typeof rows)[number];
  const column = (pick: (r: Row) => number | string | null) => pgArray(rows.map(pick));
  await db.execute(sql`
    delete from data_jumps d
    using unnest(${pgArray(judged.map((j) => j.tankId))}::int[], ${pgArray(judged.map((j) => j.fromMs))}::float8[], ${pgArray(judged.map((j) => j.toMs))}::float8[])
      as s(tank_id, from_ms, to_ms)
    where d.tank_id = s.tank_id and d.ts >= to_timestamp(s.from_ms / 1000.0) and d.ts <= to_timestamp(s.to_ms / 1000.0)
      and not exists (
        select 1 from unnest(${column((r) => r.tankId)}::int[], ${column((r) => r.next.tsMs)}::float8[], ${column((r) => r.rule)}::text[]) as k(tank_id, ts_ms, rule)
        where k.tank_id = d.tank_id and to_timestamp(k.ts_ms / 1000.0) = d.ts and k.rule = d.rule)`);
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into data_jumps (distributor_id, company_id, station_id, tank_id, rule, prev_ts, ts,
      prev_product_height_mm, product_height_mm, prev_temperature_c, temperature_c, prev_volume_l, volume_l,
      back_ts, back_product_height_mm, back_temperature_c, back_volume_l)
    select distributor_id, company_id, station_id, tank_id, rule, to_timestamp(prev_ms / 1000.0), to_timestamp(ts_ms / 1000.0),
      prev_h, h, prev_t, t, prev_v, v, to_timestamp(back_ms / 1000.0), back_h, back_t, back_v
    from unnest(${column((r) => r.station.distributorId)}::int[], ${column((r) => r.station.companyId)}::int[], ${column((r) => r.station.id)}::int[],
      ${column((r) => r.tankId)}::int[], ${column((r) => r.rule)}::text[],
      ${column((r) => r.prev.tsMs)}::float8[], ${column((r) => r.next.tsMs)}::float8[],
      ${column((r) => r.prev.productHeightMm)}::float8[], ${column((r) => r.next.productHeightMm)}::float8[],
      ${column((r) => r.prev.temperatureC)}::float8[], ${column((r) => r.next.temperatureC)}::float8[],
      ${column((r) => r.prev.volumeL)}::float8[], ${column((r) => r.next.volumeL)}::float8[],
      ${column((r) => r.back?.tsMs ?? null)}::float8[], ${column((r) => r.back?.productHeightMm ?? null)}::float8[],
      ${column((r) => r.back?.temperatureC ?? null)}::float8[], ${column((r) => r.back?.volumeL ?? null)}::float8[])
      as j(distributor_id, company_id, station_id, tank_id, rule, prev_ms, ts_ms, prev_h, h, prev_t, t, prev_v, v, back_ms, back_h, back_t, back_v)
    on conflict (tank_id, ts, rule) do update set
      prev_ts = excluded.prev_ts, prev_product_height_mm = excluded.prev_product_height_mm, product_height_mm = excluded.product_height_mm,
      prev_temperature_c = excluded.prev_temperature_c, temperature_c = excluded.temperature_c,
      prev_volume_l = excluded.prev_volume_l, volume_l = excluded.volume_l,
      back_ts = excluded.back_ts, back_product_height_mm = excluded.back_product_height_mm,
      back_temperature_c = excluded.back_temperature_c, back_volume_l = excluded.back_volume_l`);
}
