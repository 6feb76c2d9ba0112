import { sql } from 'drizzle-orm';
import { EXPANSION_PER_C } from '@ullage/domain/inventory';
import type { Db } from '../../db/client';
import { epochMs, pgArray, rawRows } from '../../lib/raw-sql';
import { tanksOfReport, type ReportTank, type TankFilter } from '../tank-days/service';
import type { Scope } from '../scope/scope';

/** A tank as the reconciliation needs it: its place, its product (manifolds) and the product's expansion (compensated figures). */
export type ReconTank = ReportTank & { productId: number | null; expansionPerC: number };

const iso = (v: number) => new Date(v).toISOString();
const ms = (v: Date | string) => new Date(v).getTime();

/**
 * The tanks in scope matching the filters (or `given`, read so by the caller), and — where one
 * of them is in a manifolded group sold by product — the group's other tanks too (scoped the
 * same way): a group is reconciled whole or not at all. `manifolds` holds each station's
 * products sold by product code.
 */
export async function reconTanks(
  db: Db,
  scope: Scope,
  filter: TankFilter,
  manifolds: (stationIds: number[]) => Promise<Map<number, Set<number>>>,
  given?: readonly ReportTank[],
): Promise<ReconTank[]> {
  const picked = await withProducts(db, given ?? (await tanksOfReport(db, scope, filter)));
  const byStation = await manifolds([...new Set(picked.map((t) => t.stationId))]);
  const have = new Set(picked.map((t) => t.tankId));
  const missing: ReconTank[] = [];
  for (const [stationId, products] of byStation) {
    for (const productId of products) {
      if (!picked.some((t) => t.stationId === stationId && t.productId === productId)) continue;
      const all = await withProducts(db, await tanksOfReport(db, scope, { stationId, productId }));
      for (const t of all) {
        if (have.has(t.tankId)) continue;
        missing.push(t);
        have.add(t.tankId);
      }
    }
  }
  return [...picked, ...missing];
}

async function withProducts(db: Db, tanks: readonly ReportTank[]): Promise<ReconTank[]> {
  if (tanks.length === 0) return [];
  const rows = await rawRows<{ id: number; product_id: number | null; type: string | null }>(
    db,
    sql`select t.id, t.product_id, p.type from tanks t left join products p on p.id = t.product_id where t.id = any(${pgArray(tanks.map((t) => t.tankId))}::int[])`,
  );
  const of = new Map(rows.map((r) => [r.id, r]));
  return tanks.map((t) => {
    const r = of.get(t.tankId);
    return { ...t, productId: r?.product_id ?? null, expansionPerC: r?.type === 'diesel' ? EXPANSION_PER_C.diesel : EXPANSION_PER_C.gasoline };
  });
}

/** What each station sells by meter: targets ('t<id>', 'p<id>') that sent records up to `untilMs`, and when each sent its first. */
export async function meteredTargets(db: Db, stationIds: readonly number[], untilMs: number): Promise<{ stationId: number; target: string; firstMs: number }[]> {
  if (stationIds.length === 0) return [];
  const rows = await rawRows<{ station_id: number; target: string; first_ts: Date | string }>(
    db,
    sql`select station_id, target, first_ts from metered_targets
        where station_id = any(${pgArray(stationIds)}::int[]) and first_ts < ${iso(untilMs)}::timestamptz`,
  );
  return rows.map((r) => ({ stationId: r.station_id, target: r.target, firstMs: ms(r.first_ts) }));
}

/** Stations that sent metered records since `sinceMs`. */
export async function meteredStationsSince(db: Db, sinceMs: number): Promise<number[]> {
  const rows = await rawRows<{ station_id: number }>(db, sql`select distinct station_id from metered_targets where last_ts >= ${iso(sinceMs)}::timestamptz`);
  return rows.map((r) => r.station_id);
}

/** A delivery with a ticket: its whole gauged rise and the ticket. Keyed by tank and start. */
export interface TicketedDelivery {
  tankId: number;
  startedAtMs: number;
  wholeL: number;
  ticketL: number;
  ticketTcL: number | null;
}

/** The ticketed deliveries of these tanks that started in [fromMs − 1 day, toMs). */
export async function ticketedDeliveries(db: Db, tankIds: readonly number[], fromMs: number, toMs: number): Promise<TicketedDelivery[]> {
  if (tankIds.length === 0) return [];
  const rows = await rawRows<{ tank_id: number; started_ms: number; whole_l: number; ticket_volume_l: number; ticket_tc_volume_l: number | null }>(
    db,
    sql`select tank_id, ${sql.raw(epochMs('started_at'))} as started_ms, end_volume_l - start_volume_l as whole_l, ticket_volume_l, ticket_tc_volume_l
        from deliveries
        where tank_id = any(${pgArray(tankIds)}::int[]) and ticket_volume_l is not null
          and started_at >= ${iso(fromMs)}::timestamptz - interval '1 day' and started_at < ${iso(toMs)}::timestamptz`,
  );
  return rows.map((r) => ({ tankId: r.tank_id, startedAtMs: r.started_ms, wholeL: Number(r.whole_l), ticketL: Number(r.ticket_volume_l), ticketTcL: r.ticket_tc_volume_l === null ? null : Number(r.ticket_tc_volume_l) }));
}
