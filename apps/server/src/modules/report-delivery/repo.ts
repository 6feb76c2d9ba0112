import { sql, type SQL } from 'drizzle-orm';
import type { DeliveryListQuery, DeliveryRow, DeliveryTotals } from '@ullage/contracts/delivery-report';
import { deliveryFigures } from '@ullage/domain/delivery-figures';
import type { SalesDuring } from '@ullage/domain/delivery-sales';
import { ticketCheck } from '@ullage/domain/reconciliation';
import type { Db } from '../../db/client';
import { countedDelivery } from '../../lib/counted-deliveries';
import { likePattern } from '../../lib/list';
import { rawRows } from '../../lib/raw-sql';
import { assertValid } from '../../plugins/errors';
import { scopeOn, type Scope } from '../scope/scope';
import { tankPlaceOf, type TankPlaceRaw } from '../../lib/report-place';
import type { DropAsk } from '../reconciliation/sales-during';
import { salesDuringKept } from '../reconciliation/kept-sales-during';

type Filter = Omit<DeliveryListQuery, 'q'> & { q?: string | undefined };

/**
 * A delivery's heights, water, temperatures and compensated volumes at its start and end are its
 * own: a device-reported one carries what the device sent, a detected one its end readings'
 * (the ingest copies them when it saves it; migration 0031 gave the older ones theirs).
 */
const FROM = sql`
  from deliveries d
  join stations s on s.id = d.station_id
  join companies c on c.id = d.company_id
  join tanks t on t.id = d.tank_id
  left join products p on p.id = t.product_id`;

const COLUMNS = sql`d.id, d.station_id, s.name as station_name, s.code as station_code, c.name as company_name, s.timezone,
  c.volume_unit, c.temp_unit, d.tank_id, t.code as tank_code, p.name as product_name, p.color as product_color, d.source,
  d.started_at, d.ended_at, d.last_rise_at, d.start_volume_l, d.end_volume_l, d.start_tc_volume_l, d.end_tc_volume_l,
  d.start_height_mm, d.end_height_mm, d.start_water_height_mm, d.end_water_height_mm, d.start_temperature_c, d.end_temperature_c,
  d.ticket_volume_l, d.ticket_tc_volume_l, d.ticket_no, d.ticket_source, c.ticket_tolerance_pct`;

function whereOf(scope: Scope, f: Filter): SQL {
  const parts: SQL[] = [scopeOn(scope, 'd'), countedDelivery('d')];
  if (f.distributorId !== undefined) parts.push(sql`d.distributor_id = ${f.distributorId}`);
  if (f.companyId !== undefined) parts.push(sql`d.company_id = ${f.companyId}`);
  if (f.areaId !== undefined) parts.push(sql`s.area_id = ${f.areaId}`);
  if (f.stationId !== undefined) parts.push(sql`d.station_id = ${f.stationId}`);
  if (f.tankId !== undefined) parts.push(sql`d.tank_id = ${f.tankId}`);
  if (f.productId !== undefined) parts.push(sql`t.product_id = ${f.productId}`);
  if (f.from !== undefined) parts.push(sql`d.started_at >= ${new Date(f.from).toISOString()}::timestamptz`);
  if (f.to !== undefined) parts.push(sql`d.started_at < ${new Date(f.to).toISOString()}::timestamptz`);
  if (f.source !== undefined) parts.push(sql`d.source = ${f.source}`);
  if (f.state === 'ended') parts.push(sql`d.ended_at is not null`);
  if (f.state === 'open') parts.push(sql`d.ended_at is null`);
  if (f.q) parts.push(sql`(s.name ilike ${likePattern(f.q)} or s.code ilike ${likePattern(f.q)})`);
  return sql.join(parts, sql` and `);
}

const SORTABLE: Record<string, SQL> = {
  startedAt: sql`d.started_at`,
  endedAt: sql`d.ended_at`,
  stationName: sql`s.name`,
  tankCode: sql`t.code`,
  deliveredL: sql`(d.end_volume_l - d.start_volume_l)`,
};

function orderOf(f: Filter): SQL {
  if (!f.sortField) return sql`d.started_at desc, d.id`;
  const column = SORTABLE[f.sortField];
  assertValid(column ? [] : [{ field: 'sortField', rule: 'rule.invalid' }]);
  return sql`${column!} ${sql.raw(f.sortOrder === 'descend' ? 'desc nulls last' : 'asc nulls first')}, d.id`;
}

interface Raw extends TankPlaceRaw {
  id: string | number;
  source: 'detected' | 'device';
  started_at: Date | string;
  ended_at: Date | string | null;
  last_rise_at: Date | string;
  start_volume_l: number;
  end_volume_l: number;
  start_tc_volume_l: number | null;
  end_tc_volume_l: number | null;
  start_height_mm: number | null;
  end_height_mm: number | null;
  start_water_height_mm: number | null;
  end_water_height_mm: number | null;
  start_temperature_c: number | null;
  end_temperature_c: number | null;
  ticket_volume_l: number | null;
  ticket_tc_volume_l: number | null;
  ticket_no: string | null;
  ticket_source: 'user' | 'device' | null;
  ticket_tolerance_pct: number;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** The drop of a delivery row, as the sales during it are asked for. */
const dropOf = (r: Pick<Raw, 'tank_id' | 'station_id' | 'started_at' | 'ended_at' | 'last_rise_at' | 'start_volume_l' | 'end_volume_l'>): DropAsk => ({
  tankId: r.tank_id,
  stationId: r.station_id,
  startedAtMs: new Date(r.started_at).getTime(),
  endMs: new Date(r.ended_at ?? r.last_rise_at).getTime(),
  startVolumeL: Number(r.start_volume_l),
  endVolumeL: Number(r.end_volume_l),
});

/**
 * The rows with what was sold during each drop (issue 34): the delivered volume is the rise plus
 * those sales, kept for drops long over as of `nowMs` (kept-sales-during.ts).
 */
async function toRows(db: Db, raws: readonly Raw[], nowMs: number): Promise<DeliveryRow[]> {
  const sold = await salesDuringKept(db, raws.map(dropOf), nowMs);
  return raws.map((r, i) => toRow(r, sold[i] ?? null));
}

function toRow(r: Raw, salesDuring: SalesDuring | null): DeliveryRow {
  const ends = { startVolumeL: r.start_volume_l, endVolumeL: r.end_volume_l, startTcVolumeL: r.start_tc_volume_l, endTcVolumeL: r.end_tc_volume_l, endedAt: iso(r.ended_at) };
  const figures = deliveryFigures({ ...ends, salesDuring });
  return {
    id: Number(r.id),
    ...tankPlaceOf(r),
    source: r.source,
    startedAt: iso(r.started_at)!,
    ...ends,
    startHeightMm: r.start_height_mm,
    endHeightMm: r.end_height_mm,
    startWaterHeightMm: r.start_water_height_mm,
    endWaterHeightMm: r.end_water_height_mm,
    startTemperatureC: r.start_temperature_c,
    endTemperatureC: r.end_temperature_c,
    riseL: figures.riseL,
    riseTcL: figures.riseTcL,
    salesDuringL: figures.salesDuringL,
    salesDuringSource: figures.salesDuringSource,
    deliveredL: figures.deliveredL,
    deliveredTcL: figures.deliveredTcL,
    ...ticketOf(r, figures.deliveredL),
  };
}

/** The tanker's ticket against what the gauge says arrived (issue 23; rise + sales during, issue 34), flagged beyond the company's tolerance. */
function ticketOf(r: Raw, deliveredL: number) {
  const ticketL = r.ticket_volume_l === null ? null : Number(r.ticket_volume_l);
  const tolerancePct = Number(r.ticket_tolerance_pct);
  const check = ticketCheck(deliveredL, ticketL, tolerancePct);
  return {
    ticketVolumeL: ticketL,
    ticketTcVolumeL: r.ticket_tc_volume_l === null ? null : Number(r.ticket_tc_volume_l),
    ticketNo: r.ticket_no,
    ticketSource: r.ticket_source,
    ticketDiffL: check.diffL,
    ticketDiffPct: check.diffPct,
    ticketFlagged: check.flagged,
    ticketTolerancePct: tolerancePct,
  };
}

/** One delivery the scope may see, as the list shows it; null for any other id. */
export async function deliveryInScope(db: Db, scope: Scope, id: number): Promise<DeliveryRow | null> {
  const rows = await rawRows<Raw>(db, sql`select ${COLUMNS} ${FROM} where ${scopeOn(scope, 'd')} and d.id = ${id}`);
  // One row, figured afresh (no time is long over as of -∞).
  return rows[0] ? (await toRows(db, [rows[0]], Number.NEGATIVE_INFINITY))[0]! : null;
}

/** One page of the deliveries a scope may see, newest first unless sorted otherwise. */
export async function deliveryRows(db: Db, scope: Scope, f: Filter, page: { limit: number; offset: number }, nowMs: number): Promise<DeliveryRow[]> {
  const { raws, finish } = await unfinishedRows(db, scope, f, page, nowMs);
  return finish(raws);
}

/**
 * The deliveries of deliveryRows as read, and how to finish them into rows (the sales during
 * each drop): an export finishes them a batch at a time as it writes them.
 */
export async function unfinishedRows(db: Db, scope: Scope, f: Filter, page: { limit: number; offset: number }, nowMs: number) {
  const raws = await rawRows<Raw>(db, sql`select ${COLUMNS} ${FROM} where ${whereOf(scope, f)} order by ${orderOf(f)} limit ${page.limit} offset ${page.offset}`);
  return { raws, finish: (batch: readonly Raw[]) => toRows(db, batch, nowMs) };
}

/** One page of the deliveries a scope may see, with the totals of all that match. */
export async function listDeliveries(db: Db, scope: Scope, f: Filter, page: { limit: number; offset: number }, nowMs: number) {
  const [list, totals] = await Promise.all([deliveryRows(db, scope, f, page, nowMs), matchingTotals(db, scope, f, nowMs)]);
  return { list, total: totals.count, totals };
}

/**
 * The totals of every delivery that matches. The delivered total is each delivery's rise plus
 * the sales during it, so this asks the sales during every matching delivery: a short row per
 * delivery, and a few batched index look-ups each (sales-during.ts), where one SQL aggregate
 * summed the rises before — of a drop long over, only its stamp (kept-sales-during.ts).
 */
async function matchingTotals(db: Db, scope: Scope, f: Filter, nowMs: number): Promise<DeliveryTotals> {
  const all = await rawRows<TotalsRaw>(
    db,
    sql`select d.tank_id, d.station_id, d.started_at, d.ended_at, d.last_rise_at, d.start_volume_l, d.end_volume_l, d.start_tc_volume_l, d.end_tc_volume_l
        ${FROM} where ${whereOf(scope, f)}`,
  );
  return totalsOf(db, all, nowMs);
}

type TotalsRaw = Pick<Raw, 'tank_id' | 'station_id' | 'started_at' | 'ended_at' | 'last_rise_at' | 'start_volume_l' | 'end_volume_l' | 'start_tc_volume_l' | 'end_tc_volume_l'>;

/** The totals of the matching deliveries; a compensated total only when every delivery has both compensated ends (a partial sum would mislead). */
async function totalsOf(db: Db, all: readonly TotalsRaw[], nowMs: number): Promise<DeliveryTotals> {
  const sold = await salesDuringKept(db, all.map(dropOf), nowMs);
  let deliveredL = 0;
  let deliveredTcL: number | null = 0;
  let salesDuringL = 0;
  all.forEach((r, i) => {
    const f = deliveryFigures({ startVolumeL: Number(r.start_volume_l), endVolumeL: Number(r.end_volume_l), startTcVolumeL: r.start_tc_volume_l, endTcVolumeL: r.end_tc_volume_l, endedAt: iso(r.ended_at), salesDuring: sold[i] ?? null });
    deliveredL += f.deliveredL;
    salesDuringL += f.salesDuringL ?? 0;
    deliveredTcL = deliveredTcL === null || f.deliveredTcL === null ? null : deliveredTcL + f.deliveredTcL;
  });
  const round3 = (v: number) => Math.round(v * 1000) / 1000;
  return { count: all.length, deliveredL: round3(deliveredL), deliveredTcL: deliveredTcL === null ? null : round3(deliveredTcL), salesDuringL: round3(salesDuringL) };
}
