import { sql } from 'drizzle-orm';
import { DELIVERY_TICKET_MATCH_MS } from '@ullage/contracts/device';
import type { Db } from '../../db/client';
import { countedDelivery } from '../../lib/counted-deliveries';
import { pgArray, rawRows } from '../../lib/raw-sql';
import type { FieldRule } from '../../plugins/errors';
import type { ValidMeterTotal, ValidSale, ValidTicket } from './validate-batch';

/** An item the store refused (its list and place in the batch, and the rule). */
export interface StoreRefusal {
  list: 'meterTotals' | 'tickets';
  index: number;
  rule: FieldRule;
}

const iso = (ts: string) => new Date(ts).toISOString();
/** A transaction without the device's id is known by its time and volume: resent, it is the same sale. */
const saleKeyOf = (s: ValidSale) => s.sale.id ?? `${iso(s.sale.ts)}|${s.sale.volumeL}`;

/**
 * Notes the targets a batch sold from and the span of its records (metered_targets): which
 * tanks are metered and since when, without scanning the sales. In key order, so two batches
 * of one station cannot deadlock.
 */
async function noteTargets(db: Db, stationId: number, items: readonly { target: string; ts: string }[]): Promise<void> {
  if (items.length === 0) return;
  const span = new Map<string, { first: number; last: number }>();
  for (const { target, ts } of items) {
    const ms = Date.parse(ts);
    const seen = span.get(target);
    if (!seen) span.set(target, { first: ms, last: ms });
    else span.set(target, { first: Math.min(seen.first, ms), last: Math.max(seen.last, ms) });
  }
  const targets = [...span.keys()].sort();
  await db.execute(sql`
    insert into metered_targets (station_id, target, first_ts, last_ts)
    select ${stationId}, t.target, t.first_ts, t.last_ts
    from unnest(${pgArray(targets)}::text[], ${pgArray(targets.map((k) => new Date(span.get(k)!.first).toISOString()))}::timestamptz[],
                ${pgArray(targets.map((k) => new Date(span.get(k)!.last).toISOString()))}::timestamptz[]) as t(target, first_ts, last_ts)
    on conflict (station_id, target) do update set
      first_ts = least(metered_targets.first_ts, excluded.first_ts), last_ts = greatest(metered_targets.last_ts, excluded.last_ts)
    where excluded.first_ts < metered_targets.first_ts or excluded.last_ts > metered_targets.last_ts`);
}

/** Where new metered volume landed on a tank's own meter ('t<id>'): the tank-day books it changes. */
export interface SoldAt {
  tankId: number;
  tsMs: number;
}

/** Stores metered transactions; a resent one (same target and key) adds nothing. Answers how many were new, and where they landed. */
export async function insertSales(db: Db, stationId: number, sales: readonly ValidSale[]): Promise<{ added: number; landed: SoldAt[] }> {
  if (sales.length === 0) return { added: 0, landed: [] };
  await noteTargets(db, stationId, sales.map((s) => ({ target: s.target, ts: s.sale.ts })));
  const rows = await rawRows<{ tank_id: number | null; ts_ms: number }>(
    db,
    sql`with added as (
          insert into metered_sales (station_id, target, tank_id, product_id, sale_key, ts, volume_l, tc_volume_l, amount, unit_price, meter)
          select ${stationId}, s.target, s.tank_id, s.product_id, s.sale_key, s.ts, s.volume_l, s.tc_volume_l, s.amount, s.unit_price, s.meter
          from unnest(${pgArray(sales.map((s) => s.target))}::text[], ${pgArray(sales.map((s) => s.tankId))}::int[], ${pgArray(sales.map((s) => s.productId))}::int[],
                      ${pgArray(sales.map(saleKeyOf))}::text[], ${pgArray(sales.map((s) => iso(s.sale.ts)))}::timestamptz[], ${pgArray(sales.map((s) => s.sale.volumeL))}::float8[],
                      ${pgArray(sales.map((s) => s.sale.tcVolumeL ?? null))}::float8[], ${pgArray(sales.map((s) => s.sale.amount ?? null))}::float8[],
                      ${pgArray(sales.map((s) => s.sale.unitPrice ?? null))}::float8[], ${pgArray(sales.map((s) => s.sale.meter ?? null))}::text[])
            as s(target, tank_id, product_id, sale_key, ts, volume_l, tc_volume_l, amount, unit_price, meter)
          on conflict (station_id, target, sale_key) do nothing
          returning tank_id, ts)
        select tank_id, (extract(epoch from ts) * 1000)::float8 as ts_ms from added`,
  );
  // Every new sale answers a row; those of a product's meter (no tank) change no tank's book.
  return { added: rows.length, landed: rows.filter((r) => r.tank_id !== null).map((r) => ({ tankId: r.tank_id!, tsMs: Number(r.ts_ms) })) };
}

/**
 * Stores totaliser readings. Each is judged against the meter's stored readings around it: one
 * lower than a stored earlier reading, or higher than a stored later one, is refused (a
 * totaliser never goes backwards; the batch itself was judged in validate-batch.ts). A reading
 * of a meter and time already stored adds nothing. Answers the new count and the refusals.
 */
export async function insertMeterTotals(db: Db, stationId: number, totals: readonly ValidMeterTotal[]): Promise<{ added: number; refused: StoreRefusal[]; landed: SoldAt[] }> {
  if (totals.length === 0) return { added: 0, refused: [], landed: [] };
  const stored = await rawRows<{ meter: string; ts_ms: number; total_l: number; tank_id: number | null }>(
    db,
    sql`with asked as (
          select meter, min(ts) as from_ts, max(ts) as to_ts
          from unnest(${pgArray(totals.map((t) => t.total.meter))}::text[], ${pgArray(totals.map((t) => iso(t.total.ts)))}::timestamptz[]) as a(meter, ts)
          group by meter)
        select a.meter, (extract(epoch from m.ts) * 1000)::float8 as ts_ms, m.total_l, m.tank_id
        from asked a
        cross join lateral (
          (select ts, total_l, tank_id from meter_totals where station_id = ${stationId} and meter = a.meter and ts < a.from_ts order by ts desc limit 1)
          union all
          (select ts, total_l, tank_id from meter_totals where station_id = ${stationId} and meter = a.meter and ts between a.from_ts and a.to_ts)
          union all
          (select ts, total_l, tank_id from meter_totals where station_id = ${stationId} and meter = a.meter and ts > a.to_ts order by ts limit 1)
        ) m`,
  );
  const byMeter = new Map<string, { tsMs: number; totalL: number; tankId: number | null }[]>();
  for (const r of stored) byMeter.set(r.meter, [...(byMeter.get(r.meter) ?? []), { tsMs: Number(r.ts_ms), totalL: Number(r.total_l), tankId: r.tank_id }]);
  const refused: StoreRefusal[] = [];
  const kept = totals.filter((t) => {
    const tsMs = Date.parse(t.total.ts);
    const around = byMeter.get(t.total.meter) ?? [];
    const backwards = around.some((s) => (s.tsMs < tsMs && s.totalL > t.total.totalL) || (s.tsMs > tsMs && s.totalL < t.total.totalL));
    if (backwards) refused.push({ list: 'meterTotals', index: t.index, rule: { field: 'totalL', rule: 'rule.totaliserBackwards' } });
    return !backwards;
  });
  if (kept.length === 0) return { added: 0, refused, landed: [] };
  await noteTargets(db, stationId, kept.map((t) => ({ target: t.target, ts: t.total.ts })));
  const rows = await rawRows<{ n: number }>(
    db,
    sql`with added as (
          insert into meter_totals (station_id, meter, ts, target, tank_id, product_id, total_l, tc_total_l)
          select ${stationId}, t.meter, t.ts, t.target, t.tank_id, t.product_id, t.total_l, t.tc_total_l
          from unnest(${pgArray(kept.map((t) => t.total.meter))}::text[], ${pgArray(kept.map((t) => iso(t.total.ts)))}::timestamptz[], ${pgArray(kept.map((t) => t.target))}::text[],
                      ${pgArray(kept.map((t) => t.tankId))}::int[], ${pgArray(kept.map((t) => t.productId))}::int[], ${pgArray(kept.map((t) => t.total.totalL))}::float8[],
                      ${pgArray(kept.map((t) => t.total.tcTotalL ?? null))}::float8[])
            as t(meter, ts, target, tank_id, product_id, total_l, tc_total_l)
          on conflict (station_id, meter, ts) do nothing
          returning 1)
        select count(*)::int as n from added`,
  );
  return { added: rows[0]?.n ?? 0, refused, landed: risesMoved(kept, byMeter) };
}

/**
 * Where a new totaliser reading moves a tank's metered volume: a rise is booked at the later
 * reading, so at the new reading and at the stored reading after it (whose rise it splits).
 * The stored readings looked at are those within and just after the batch's span: a superset.
 */
function risesMoved(kept: readonly ValidMeterTotal[], byMeter: Map<string, { tsMs: number; tankId: number | null }[]>): SoldAt[] {
  const landed: SoldAt[] = [];
  // Each meter's earliest new reading: every stored reading after it may have a new rise.
  const firstOf = new Map<string, number>();
  for (const t of kept) {
    const tsMs = Date.parse(t.total.ts);
    if (t.tankId !== null) landed.push({ tankId: t.tankId, tsMs });
    firstOf.set(t.total.meter, Math.min(firstOf.get(t.total.meter) ?? Infinity, tsMs));
  }
  for (const [meter, firstMs] of firstOf) {
    for (const s of byMeter.get(meter) ?? []) if (s.tankId !== null && s.tsMs > firstMs) landed.push({ tankId: s.tankId, tsMs: s.tsMs });
  }
  return landed;
}

/**
 * Sets each ticket on the tank's delivery it belongs to: the one whose drop contains
 * `deliveredAt`, else the nearest within DELIVERY_TICKET_MATCH_MS. Run after the evaluators, so
 * a delivery detected from this batch's readings is there (a drop still under way takes its
 * ticket too). None → refused.
 */
export async function applyTickets(db: Db, tickets: readonly ValidTicket[]): Promise<{ applied: number; refused: StoreRefusal[] }> {
  const refused: StoreRefusal[] = [];
  let applied = 0;
  for (const { ticket, tank, index } of tickets) {
    const at = iso(ticket.deliveredAt);
    const [match] = await rawRows<{ id: number }>(
      db,
      sql`select id from deliveries d
          where tank_id = ${tank.id} and ${countedDelivery('d')}
            and started_at <= ${at}::timestamptz + ${DELIVERY_TICKET_MATCH_MS} * interval '1 millisecond'
            and coalesce(ended_at, last_rise_at) >= ${at}::timestamptz - ${DELIVERY_TICKET_MATCH_MS} * interval '1 millisecond'
          order by case when started_at <= ${at}::timestamptz and coalesce(ended_at, last_rise_at) >= ${at}::timestamptz then 0 else 1 end,
                   least(abs(extract(epoch from started_at - ${at}::timestamptz)), abs(extract(epoch from coalesce(ended_at, last_rise_at) - ${at}::timestamptz)))
          limit 1`,
    );
    if (!match) refused.push({ list: 'tickets', index, rule: { field: 'deliveredAt', rule: 'rule.noDeliveryNear' } });
    else {
      await setTicket(db, Number(match.id), { volumeL: ticket.volumeL, tcVolumeL: ticket.tcVolumeL ?? null, ticketNo: ticket.ticketNo ?? null }, 'device');
      applied++;
    }
  }
  return { applied, refused };
}

export interface TicketValues {
  volumeL: number;
  tcVolumeL: number | null;
  ticketNo: string | null;
}

/** Sets (or, with null, removes) a delivery's ticket. */
export async function setTicket(db: Db, deliveryId: number, ticket: TicketValues | null, source: 'user' | 'device'): Promise<void> {
  await db.execute(
    ticket
      ? sql`update deliveries set ticket_volume_l = ${ticket.volumeL}, ticket_tc_volume_l = ${ticket.tcVolumeL}, ticket_no = ${ticket.ticketNo},
              ticket_source = ${source}, ticketed_at = now() where id = ${deliveryId}`
      : sql`update deliveries set ticket_volume_l = null, ticket_tc_volume_l = null, ticket_no = null, ticket_source = null, ticketed_at = null where id = ${deliveryId}`,
  );
}
