import { sql } from 'drizzle-orm';
import { EXPANSION_PER_C } from '@ullage/domain/inventory';
import type { Db } from '../../db/client';
import { pgArray, rawRows } from '../../lib/raw-sql';
import { tanksOfReport, type ReportTank, type TankFilter } from '../report-inventory/repo';
import type { Scope } from '../scope/scope';

/** A tank as the reconciliation needs it: its place, its product (manifolds) and the product's expansion (compensated figures). */
export type ReconTank = ReportTank & { productId: number | null; expansionPerC: number };

const iso = (v: number) => new Date(v).toISOString();
const ms = (v: Date | string) => new Date(v).getTime();

/**
 * The tanks in scope matching the filters, and — where one of them is in a manifolded group
 * sold by product — the group's other tanks too (scoped the same way): a group is reconciled
 * whole or not at all. `manifolds` holds each station's products sold by product code.
 */
export async function reconTanks(db: Db, scope: Scope, filter: TankFilter, manifolds: (stationIds: number[]) => Promise<Map<number, Set<number>>>): Promise<ReconTank[]> {
  const picked = await withProducts(db, await tanksOfReport(db, scope, filter));
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

async function withProducts(db: Db, tanks: ReportTank[]): Promise<ReconTank[]> {
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

/** One target's sales window: sales with from < ts ≤ to. */
export interface SalesWindow {
  stationId: number;
  target: string;
  fromMs: number;
  toMs: number;
}

export interface SalesSum {
  /** Gross litres sold. */
  volumeL: number;
  /** The compensated litres the meters sent, and the gross litres of the sales sent without them. */
  tcVolumeL: number;
  grossWithoutTcL: number;
}

/**
 * The metered sales of each window, in the order given: transactions by their time, and the
 * rises of each totaliser booked at the later reading. A range of the (station, ts) index per
 * window.
 */
export async function salesOfWindows(db: Db, windows: readonly SalesWindow[]): Promise<SalesSum[]> {
  const out: SalesSum[] = windows.map(() => ({ volumeL: 0, tcVolumeL: 0, grossWithoutTcL: 0 }));
  if (windows.length === 0) return out;
  // A loop, not Math.min(...): a fleet's month is more windows than a call takes arguments.
  let from = Infinity;
  for (const x of windows) if (x.fromMs < from) from = x.fromMs;
  const w = sql`unnest(${pgArray(windows.map((x) => x.stationId))}::int[], ${pgArray(windows.map((x) => x.target))}::text[],
      ${pgArray(windows.map((x) => iso(x.fromMs)))}::timestamptz[], ${pgArray(windows.map((x) => iso(x.toMs)))}::timestamptz[]) with ordinality as w(station_id, target, from_ts, to_ts, k)`;
  // One range of the (station, target, ts) key per window: its own sales only, read from the index.
  const sold = await rawRows<{ k: number; volume_l: number | null; tc_volume_l: number | null; gross_without_tc_l: number | null }>(
    db,
    sql`select w.k::int as k, s.volume_l, s.tc_volume_l, s.gross_without_tc_l
        from ${w}
        cross join lateral (
          select sum(m.volume_l) as volume_l, sum(m.tc_volume_l) as tc_volume_l, sum(m.volume_l) filter (where m.tc_volume_l is null) as gross_without_tc_l
          from metered_sales m where m.station_id = w.station_id and m.target = w.target and m.ts > w.from_ts and m.ts <= w.to_ts
        ) s
        where s.volume_l is not null`,
  );
  // Totaliser rises, booked at the later reading: a reading's rise is its total less the meter's
  // reading before it, when that one came after `since` (two days before the earliest window).
  // Each window reads only its own readings, a range of the (station, ts) key: the meter's
  // reading before each one is the one before it in the window, or for the window's first, one
  // probe of the (station, meter, ts) key. Not a month of a fleet's readings sorted per call.
  const since = sql`${iso(from)}::timestamptz - interval '2 days'`;
  const before = (column: string) =>
    sql`(select ${sql.raw(`p.${column}`)} from meter_totals p where p.station_id = y.station_id and p.meter = y.meter and p.ts < y.ts and p.ts > ${since} order by p.ts desc limit 1)`;
  const rose = await rawRows<{ k: number; volume_l: number | null; tc_volume_l: number | null; gross_without_tc_l: number | null }>(
    db,
    sql`select w.k::int as k, sum(x.volume_l) as volume_l, sum(x.tc_volume_l) as tc_volume_l, sum(x.volume_l) filter (where x.tc_volume_l is null) as gross_without_tc_l
        from ${w}
        cross join lateral (
          select y.total_l - (case when y.prev_ts is null then ${before('total_l')} else y.prev_total_l end) as volume_l,
            y.tc_total_l - (case when y.prev_ts is null then ${before('tc_total_l')} else y.prev_tc_total_l end) as tc_volume_l
          from (
            select r.station_id, r.meter, r.target, r.ts, r.total_l, r.tc_total_l,
              lag(r.ts) over m as prev_ts, lag(r.total_l) over m as prev_total_l, lag(r.tc_total_l) over m as prev_tc_total_l
            from meter_totals r
            where r.station_id = w.station_id and r.ts > w.from_ts and r.ts <= w.to_ts
            window m as (partition by r.meter order by r.ts)
          ) y
          where y.target = w.target
        ) x
        where x.volume_l is not null
        group by w.k`,
  );
  const add = (r: { k: number; volume_l: number | null; tc_volume_l: number | null; gross_without_tc_l: number | null }) => {
    const o = out[r.k - 1]!;
    o.volumeL += Number(r.volume_l ?? 0);
    o.tcVolumeL += Number(r.tc_volume_l ?? 0);
    o.grossWithoutTcL += Number(r.gross_without_tc_l ?? 0);
  };
  sold.forEach(add);
  rose.forEach(add);
  return out;
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
  const rows = await rawRows<{ tank_id: number; started_at: Date | string; whole_l: number; ticket_volume_l: number; ticket_tc_volume_l: number | null }>(
    db,
    sql`select tank_id, started_at, end_volume_l - start_volume_l as whole_l, ticket_volume_l, ticket_tc_volume_l
        from deliveries
        where tank_id = any(${pgArray(tankIds)}::int[]) and ticket_volume_l is not null
          and started_at >= ${iso(fromMs)}::timestamptz - interval '1 day' and started_at < ${iso(toMs)}::timestamptz`,
  );
  return rows.map((r) => ({ tankId: r.tank_id, startedAtMs: ms(r.started_at), wholeL: Number(r.whole_l), ticketL: Number(r.ticket_volume_l), ticketTcL: r.ticket_tc_volume_l === null ? null : Number(r.ticket_tc_volume_l) }));
}
