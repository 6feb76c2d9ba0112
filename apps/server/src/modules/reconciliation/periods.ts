import type { ReconciliationRow } from '@ullage/contracts/reconciliation';
import { dailyInventory, type DailyInventory, type DayDeliveryPart } from '@ullage/domain/daily-inventory';
import { compensated, cumulativeAllowances, cumulativeVariances, manifoldPeriod, reconcilePeriod, salesSpanOf, ticketShare, type DeliveryShare, type PeriodFigures, type PeriodInput } from '@ullage/domain/reconciliation';
import { ALL_DAY_SHIFT, shiftWindowsBetween } from '@ullage/domain/shifts';
import { daysBetween } from '@ullage/domain/station-day';
import type { Db } from '../../db/client';
import { groupBy } from '../../lib/group-by';
import { dayEdges, deliveriesOf, figureTankDays, tankDaysOf, type BookSales, type EdgeReading, type KeptDrop, type TankDayFigures } from '../tank-days/service';
import { shiftsOf } from '../report-shifts/service';
import type { SalesDuring, SalesDuringSource } from '@ullage/domain/delivery-sales';
import { salesOfWindows, type SalesSum } from './metered-sales';
import { ticketedDeliveries, type ReconTank, type TicketedDelivery } from './repo';
import { dropAskOf, salesDuringDrops, type DropAsk } from './sales-during';

/** What is reconciled together: one tank, or a station's manifolded tanks of a product sold by product code. */
export interface ReconUnit {
  key: string;
  stationId: number;
  tanks: ReconTank[];
  /** Its metered-sales targets ('t<id>', 'p<id>'); none: its sales are the level's. */
  targets: string[];
  manifold: boolean;
  /** The first metered record seen: periods from then on are metered. */
  firstMeteredMs: number | null;
}

/** Tanks → units, given each station's metered targets and when each began. */
export function unitsOf(tanks: readonly ReconTank[], targets: readonly { stationId: number; target: string; firstMs: number }[]): ReconUnit[] {
  const firstOf = new Map(targets.map((t) => [`${t.stationId}:${t.target}`, t.firstMs]));
  const units: ReconUnit[] = [];
  const grouped = new Set<number>();
  for (const [stationId, ofStation] of groupBy(tanks, (t) => t.stationId)) {
    const products = targets.filter((t) => t.stationId === stationId && t.target.startsWith('p')).map((t) => Number(t.target.slice(1)));
    for (const productId of products) {
      const members = ofStation.filter((t) => t.productId === productId).sort((a, b) => a.tankCode.localeCompare(b.tankCode, 'en', { numeric: true }));
      if (members.length === 0) continue;
      members.forEach((t) => grouped.add(t.tankId));
      const unitTargets = [`p${productId}`, ...members.map((t) => `t${t.tankId}`).filter((k) => firstOf.has(`${stationId}:${k}`))];
      units.push({ key: `s${stationId}p${productId}`, stationId, tanks: members, targets: unitTargets, manifold: true, firstMeteredMs: earliest(unitTargets.map((k) => firstOf.get(`${stationId}:${k}`))) });
    }
    for (const t of ofStation) {
      if (grouped.has(t.tankId)) continue;
      const first = firstOf.get(`${stationId}:t${t.tankId}`);
      units.push({ key: `t${t.tankId}`, stationId, tanks: [t], targets: first === undefined ? [] : [`t${t.tankId}`], manifold: false, firstMeteredMs: first ?? null });
    }
  }
  return units;
}

const earliest = (values: (number | undefined)[]) => {
  const known = values.filter((v): v is number => v !== undefined);
  return known.length ? Math.min(...known) : null;
};

/** One period of one tank: its window and what the readings and deliveries give for it. */
interface TankPeriod {
  day: string;
  shiftNo: number | null;
  startMs: number;
  endMs: number;
  figures: DailyInventory<EdgeReading>;
  /** The tank's own metered sales its day's book keeps (days only; null: none kept). */
  sold: BookSales | null;
  /** What they were during the day's metered drops, as its book keeps them (days only; null: none kept). */
  drops: KeptDrop[] | null;
}


/** What every row of a unit says alike: where it is and what it holds. */
export type UnitPlace = ReturnType<typeof stationPlaceOfRow> & Pick<ReconciliationRow, 'tankIds' | 'tankCode' | 'manifold' | 'productName' | 'productColor'>;

/**
 * One unit's period reconciled: its figures gross and at 15 °C with the month-to-date
 * cumulative variance. The row the API sends is made from it (rowOf) only where it is sent: a
 * fleet's month is 30,000 of them, a page 50.
 */
export interface Reconciled {
  unit: ReconUnit;
  place: UnitPlace;
  period: UnitPeriod;
  metered: boolean;
  gross: PeriodFigures;
  tc: PeriodFigures;
  cumulativeGrossL: number | null;
  cumulativeTcL: number | null;
  /** The monthly rule's allowance for the month's sales so far, beside cumulativeGrossL. */
  monthAllowanceL: number | null;
  complete: boolean;
  inProgress: boolean;
  deliveryCount: number;
  ticketedCount: number;
  deliverySalesSource: SalesDuringSource | null;
}

/**
 * The reconciliation rows of these units over [fromDay, toDay] by day or shift, with the
 * month-to-date cumulative variance (figured from the first of fromDay's month, then cut).
 */
export async function reconcileUnits(db: Db, units: readonly ReconUnit[], fromDay: string, toDay: string, period: 'day' | 'shift', nowMs: number): Promise<ReconciliationRow[]> {
  return (await reconcilePeriods(db, units, fromDay, toDay, period, nowMs)).map(rowOf);
}

/** What a caller of reconcilePeriods may add. */
export interface ReconcileOptions {
  /**
   * Tank days already figured from the first of fromDay's month to toDay (the monthly report's
   * own), used for the day periods rather than figured a second time; a tank they lack is
   * figured as without them.
   */
  figured?: readonly TankDayFigures[];
  /**
   * Only periods that are over by nowMs (the monthly rule's, the monthly report's): the running
   * day is neither read nor reconciled, and every earlier period's figures are the same.
   */
  endedOnly?: boolean;
}

/** reconcileUnits without making the rows. */
export async function reconcilePeriods(db: Db, units: readonly ReconUnit[], fromDay: string, toDay: string, period: 'day' | 'shift', nowMs: number, options: ReconcileOptions = {}): Promise<Reconciled[]> {
  const tanks = units.flatMap((u) => u.tanks);
  if (tanks.length === 0) return [];
  const monthStart = `${fromDay.slice(0, 7)}-01`;
  const periods = period === 'day' ? await dayPeriods(db, tanks, monthStart, toDay, nowMs, options) : await shiftPeriods(db, tanks, monthStart, toDay, nowMs);
  if (options.endedOnly) for (const [tankId, list] of periods) periods.set(tankId, list.filter((p) => p.endMs <= nowMs));
  // A loop, not Math.min(...all): a large fleet's month is more periods than a call takes arguments.
  let spanFrom = Infinity;
  let spanTo = -Infinity;
  for (const list of periods.values()) {
    for (const p of list) {
      if (p.startMs < spanFrom) spanFrom = p.startMs;
      if (p.endMs > spanTo) spanTo = p.endMs;
    }
  }
  const tickets = Number.isFinite(spanFrom) ? await ticketedDeliveries(db, tanks.map((t) => t.tankId), spanFrom, spanTo) : [];
  const ticketOf = ticketsByTank(tickets);
  const plan = units.map((unit) => ({ unit, list: unitPeriods(unit, periods) }));

  // The metered sales of every metered unit period, between its readings: kept in its book for
  // a single tank's day, else one query for all the others.
  // By unit, then period: a month of a thousand tanks is 30,000 periods, and a key string each cost more than the sums.
  const salesAt: (SalesSum | undefined)[][] = plan.map(() => []);
  const asks: { unit: number; index: number; target: string; stationId: number; fromMs: number; toMs: number }[] = [];
  plan.forEach(({ unit, list }, u) =>
    list.forEach((p, index) => {
      if (!isMetered(unit, p.endMs)) return;
      const { fromMs, toMs } = salesSpan(p);
      const kept = keptSales(unit, p, fromMs, toMs);
      if (kept) salesAt[u]![index] = kept;
      else for (const target of unit.targets) asks.push({ unit: u, index, target, stationId: unit.stationId, fromMs, toMs });
    }),
  );
  // What was sold during each delivery of a metered period (issue 34): the book counts a
  // delivery without a ticket as its rise plus those sales. Periods without metered sales have no book.
  const drops: DropAsk[] = [];
  // Keyed by the delivery part itself: a tank's period, and so each of its parts, is in one unit.
  // A part its day's book kept for this very span is not asked again.
  const dropParts: DayDeliveryPart[] = [];
  const duringOf = new Map<DayDeliveryPart, SalesDuring | null>();
  plan.forEach(({ unit, list }) =>
    list.forEach((p) => {
      if (!isMetered(unit, p.endMs)) return;
      unit.tanks.forEach((t, i) => {
        const tankPeriod = p.parts[i];
        for (const part of tankPeriod?.figures.deliveryParts ?? []) {
          const kept = keptDrop(tankPeriod!.drops, part);
          if (kept) {
            duringOf.set(part, kept);
            continue;
          }
          drops.push(dropAskOf(t, part));
          dropParts.push(part);
        }
      });
    }),
  );
  const [sums, soldDuring] = await Promise.all([salesOfWindows(db, asks), salesDuringDrops(db, drops)]);
  dropParts.forEach((part, i) => duringOf.set(part, soldDuring[i] ?? null));
  asks.forEach((a, i) => {
    const seen = salesAt[a.unit]![a.index] ?? { volumeL: 0, tcVolumeL: 0, grossWithoutTcL: 0 };
    salesAt[a.unit]![a.index] = { volumeL: seen.volumeL + sums[i]!.volumeL, tcVolumeL: seen.tcVolumeL + sums[i]!.tcVolumeL, grossWithoutTcL: seen.grossWithoutTcL + sums[i]!.grossWithoutTcL };
  });
  const duringAt = (part: DayDeliveryPart) => duringOf.get(part) ?? null;

  const out: Reconciled[] = [];
  plan.forEach(({ unit, list }, u) => {
    const expansion = unit.tanks[0]!.expansionPerC;
    const figured = list.map((p, index) => {
      const metered = isMetered(unit, p.endMs);
      const sold = metered ? (salesAt[u]![index] ?? { volumeL: 0, tcVolumeL: 0, grossWithoutTcL: 0 }) : null;
      // Most periods have no delivery: no closure, no set for them.
      const inputs = unit.tanks.map((t, i) => {
        const part = p.parts[i] ?? null;
        return tankInputs(t, part, ticketOf, duringAt);
      });
      let estimated = false;
      let meteredDuring = false;
      unit.tanks.forEach((_, i) => {
        for (const part of p.parts[i]?.figures.deliveryParts ?? []) {
          const source = duringAt(part)?.source;
          if (source === 'estimated') estimated = true;
          else if (source === 'metered') meteredDuring = true;
        }
      });
      const deliverySalesSource: SalesDuringSource | null = estimated ? 'estimated' : meteredDuring ? 'metered' : null;
      const temperature = meanTemperature(p.parts);
      const grossIn = manifoldPeriod(inputs.map((i) => i.gross), sold?.volumeL ?? null);
      const tcIn = manifoldPeriod(
        inputs.map((i) => i.tc),
        sold ? sold.tcVolumeL + compensated(sold.grossWithoutTcL, temperature, expansion) : null,
      );
      const complete = p.parts.every((part) => part !== undefined && part.figures.start !== null && part.figures.end !== null);
      return { p, metered, gross: reconcilePeriod(grossIn), tc: reconcilePeriod(tcIn), complete, inProgress: p.parts.some((part) => part?.figures.inProgress === true), deliverySalesSource };
    });
    const cumGross = cumulativeVariances(figured.map((f) => ({ month: f.p.day.slice(0, 7), varianceL: f.gross.varianceL })));
    const cumTc = cumulativeVariances(figured.map((f) => ({ month: f.p.day.slice(0, 7), varianceL: f.tc.varianceL })));
    const allowances = cumulativeAllowances(figured.map((f) => ({ month: f.p.day.slice(0, 7), meteredSalesL: f.gross.meteredSalesL, varianceL: f.gross.varianceL })));
    const place = placeOf(unit);
    figured.forEach((f, i) => {
      if (f.p.day < fromDay || f.p.day > toDay) return;
      const deliveries = countDeliveries(unit.tanks, f.p.parts, ticketOf);
      out.push({
        unit,
        place,
        period: f.p,
        metered: f.metered,
        gross: f.gross,
        tc: f.tc,
        cumulativeGrossL: f.metered ? cumGross[i]! : null,
        cumulativeTcL: f.metered ? cumTc[i]! : null,
        monthAllowanceL: f.metered && cumGross[i] !== null ? allowances[i]! : null,
        complete: f.complete,
        inProgress: f.inProgress,
        deliveryCount: deliveries.count,
        ticketedCount: deliveries.ticketed,
        deliverySalesSource: f.deliverySalesSource,
      });
    });
  });
  return out;
}

/** What every row of a unit says alike. */
export function placeOf(unit: ReconUnit): UnitPlace {
  const first = unit.tanks[0]!;
  return {
    ...stationPlaceOfRow(first),
    tankIds: unit.tanks.map((t) => t.tankId),
    tankCode: unit.tanks.map((t) => t.tankCode).join('+'),
    manifold: unit.manifold,
    productName: first.productName,
    productColor: first.productColor,
  };
}

/** A unit's period before anything is figured: which rows a list has, and in what order. */
export interface PeriodSlot {
  unit: ReconUnit;
  place: UnitPlace;
  day: string;
  shiftNo: number | null;
  startMs: number;
  endMs: number;
  metered: boolean;
}

/**
 * The periods reconcilePeriods gives these units over [fromDay, toDay], from the same windows
 * and without reading a reading: a list ordered by day and place knows its page from them, and
 * reconciles only the page's units.
 */
export async function periodSlots(db: Db, units: readonly ReconUnit[], fromDay: string, toDay: string, period: 'day' | 'shift', nowMs: number): Promise<PeriodSlot[]> {
  const tanks = units.flatMap((u) => u.tanks);
  if (tanks.length === 0) return [];
  // A period is its own day's (or shift's) window: the days before fromDay, which
  // reconcilePeriods figures for the cumulative variance, add no period here.
  const windows = new Map<number, PeriodWindow[]>();
  const add = (tankId: number, w: PeriodWindow) => {
    const list = windows.get(tankId);
    if (list) list.push(w);
    else windows.set(tankId, [w]);
  };
  if (period === 'day') for (const { tank, window } of tankDaysOf(tanks, daysBetween(fromDay, toDay), nowMs)) add(tank.tankId, { ...window, shiftNo: null });
  else for (const { tank, w } of await shiftWindowsOf(db, tanks, fromDay, toDay, nowMs)) add(tank.tankId, w);
  const out: PeriodSlot[] = [];
  for (const unit of units) {
    const place = placeOf(unit);
    for (const p of unitPeriods(unit, windows)) out.push({ unit, place, day: p.day, shiftNo: p.shiftNo, startMs: p.startMs, endMs: p.endMs, metered: isMetered(unit, p.endMs) });
  }
  return out;
}

/** A reconciled period's key within a call: its unit, day and shift. */
export const periodKey = (unitKey: string, p: { day: string; shiftNo: number | null }) => `${unitKey}:${p.day}:${p.shiftNo ?? 0}`;

/** Tickets by tank, then by their delivery's start: a month's 30,000 periods look them up, and a key string each cost more than the look-up. */
type TicketsByTank = Map<number, Map<number, TicketedDelivery>>;

function ticketsByTank(tickets: readonly TicketedDelivery[]): TicketsByTank {
  const out: TicketsByTank = new Map();
  for (const d of tickets) {
    let ofTank = out.get(d.tankId);
    if (!ofTank) out.set(d.tankId, (ofTank = new Map()));
    ofTank.set(d.startedAtMs, d);
  }
  return out;
}

/** The row the API sends for a reconciled period. */
export function rowOf(r: Reconciled): ReconciliationRow {
  const p = r.period;
  return {
    id: periodKey(r.unit.key, p),
    ...r.place,
    period: p.shiftNo === null ? 'day' : 'shift',
    day: p.day,
    shiftNo: p.shiftNo,
    startsAt: new Date(p.startMs).toISOString(),
    endsAt: new Date(p.endMs).toISOString(),
    salesSource: r.metered ? 'metered' : 'derived',
    deliveryCount: r.deliveryCount,
    ticketedCount: r.ticketedCount,
    deliverySalesSource: r.deliverySalesSource,
    incomplete: !r.complete && !r.inProgress,
    monthAllowanceL: r.monthAllowanceL,
    gross: { ...r.gross, cumulativeVarianceL: r.cumulativeGrossL },
    tc: { ...r.tc, cumulativeVarianceL: r.cumulativeTcL },
  };
}

/** A tank's period's window: a station day, or a shift. */
interface PeriodWindow {
  day: string;
  shiftNo: number | null;
  startMs: number;
  endMs: number;
}

/** One period of a unit: its tanks' periods, aligned with `unit.tanks` (a tank without this period: undefined). */
export interface UnitPeriod<P extends PeriodWindow = TankPeriod> extends PeriodWindow {
  parts: (P | undefined)[];
}

/** A unit's periods in time order: a lone tank's own, or the union of a group's tanks' periods. */
function unitPeriods<P extends PeriodWindow>(unit: ReconUnit, periods: Map<number, P[]>): UnitPeriod<P>[] {
  if (unit.tanks.length === 1) {
    const own = periods.get(unit.tanks[0]!.tankId) ?? [];
    return own.map((p) => ({ day: p.day, shiftNo: p.shiftNo, startMs: p.startMs, endMs: p.endMs, parts: [p] })).sort((a, b) => a.startMs - b.startMs);
  }
  const keys = new Map<string, UnitPeriod<P>>();
  unit.tanks.forEach((t, i) => {
    for (const p of periods.get(t.tankId) ?? []) {
      const key = `${p.day}:${p.shiftNo ?? 0}`;
      const entry = keys.get(key) ?? { day: p.day, shiftNo: p.shiftNo, startMs: p.startMs, endMs: p.endMs, parts: new Array<P | undefined>(unit.tanks.length) };
      entry.parts[i] = p;
      keys.set(key, entry);
    }
  });
  return [...keys.values()].sort((a, b) => a.startMs - b.startMs);
}

/** Where a row is: its station (zone) and company (units), as every report row says it. */
export function stationPlaceOfRow(p: { stationId: number; stationName: string; stationCode: string; companyName: string; timezone: string; volumeUnit: number | null; tempUnit: number | null }) {
  return { stationId: p.stationId, stationName: p.stationName, stationCode: p.stationCode, companyName: p.companyName, timezone: p.timezone, volumeUnit: p.volumeUnit, tempUnit: p.tempUnit };
}


/** Periods from the one the first metered record falls in are metered; earlier ones keep the level's sales. */
const isMetered = (unit: ReconUnit, endMs: number) => unit.firstMeteredMs !== null && unit.firstMeteredMs < endMs;

/** A lone tank's sales as its day's book keeps them, when it kept them over this very span. */
function keptSales(unit: ReconUnit, p: UnitPeriod, fromMs: number, toMs: number): SalesSum | null {
  if (unit.tanks.length !== 1 || unit.targets.length !== 1 || unit.targets[0] !== `t${unit.tanks[0]!.tankId}`) return null;
  const sold = p.parts[0]?.sold;
  if (!sold || sold.fromMs !== fromMs || sold.toMs !== toMs) return null;
  return { volumeL: sold.volumeL, tcVolumeL: sold.tcVolumeL, grossWithoutTcL: sold.grossWithoutTcL };
}

/** What the tank's meters sold during a drop's part, as its day's book kept it for this very span (null: not kept). */
function keptDrop(kept: readonly KeptDrop[] | null, part: DayDeliveryPart): SalesDuring | null {
  if (kept === null) return null;
  for (const k of kept) if (k.startedAtMs === part.startedAtMs && k.fromMs === part.fromMs && k.toMs === part.toMs) return { salesL: k.salesL, source: 'metered' };
  return null;
}

/** Sales are counted between the period's readings (a group's: its tanks' earliest opening and latest closing), as its gauged fall is. */
function salesSpan(p: UnitPeriod) {
  let opening: number | null = Infinity;
  let closing: number | null = -Infinity;
  for (const part of p.parts) {
    const start = part?.figures.start ?? null;
    const end = part?.figures.end ?? null;
    opening = opening === null || start === null ? null : Math.min(opening, start.tsMs);
    closing = closing === null || end === null ? null : Math.max(closing, end.tsMs);
  }
  return salesSpanOf(p, opening === null ? null : { tsMs: opening }, closing === null ? null : { tsMs: closing });
}

function meanTemperature(parts: readonly (TankPeriod | null | undefined)[]): number | null {
  // Plain loops, no closure: this runs for every period of a fleet's month (30,000 a call).
  let sum = 0;
  let n = 0;
  for (const part of parts) {
    const start = part?.figures.start;
    const end = part?.figures.end;
    if (typeof start?.temperatureC === 'number') {
      sum += start.temperatureC;
      n++;
    }
    if (typeof end?.temperatureC === 'number') {
      sum += end.temperatureC;
      n++;
    }
  }
  return n > 0 ? sum / n : null;
}

/**
 * A tank's period as the domain takes it, gross and compensated to 15 °C; `during` tells what
 * was sold during each delivery's part (compensated, like gross-only sales, at the period's mean
 * temperature).
 */
function tankInputs(tank: ReconTank, p: TankPeriod | null, ticketOf: TicketsByTank, during: (part: DayDeliveryPart) => SalesDuring | null): { gross: PeriodInput; tc: PeriodInput } {
  if (!p) return { gross: { openingL: null, closingL: null, deliveries: [], meteredSalesL: null }, tc: { openingL: null, closingL: null, deliveries: [], meteredSalesL: null } };
  const f = p.figures;
  const expansion = tank.expansionPerC;
  const opening = f.start === null ? null : compensated(f.start.volumeL, f.start.temperatureC, expansion);
  const closing = f.end === null ? null : compensated(f.end.volumeL, f.end.temperatureC, expansion);
  // Most periods have no delivery: no temperature, closure or arrays figured for them.
  if (f.deliveryParts.length === 0) {
    return {
      gross: { openingL: f.start?.volumeL ?? null, closingL: f.end?.volumeL ?? null, deliveries: [], meteredSalesL: null },
      tc: { openingL: opening, closingL: closing, deliveries: [], meteredSalesL: null },
    };
  }
  const temperature = meanTemperature([p]);
  const gross: DeliveryShare[] = [];
  const tc: DeliveryShare[] = [];
  for (const part of f.deliveryParts) {
    const ticket = ticketOf.get(tank.tankId)?.get(part.startedAtMs) ?? null;
    const share = ticket ? ticketShare(part.deliveredL, ticket.wholeL, ticket.ticketL) : null;
    const tcShare = ticket ? (ticket.ticketTcL !== null ? ticketShare(part.deliveredL, ticket.wholeL, ticket.ticketTcL) : compensated(share!, temperature, expansion)) : null;
    const sold = during(part);
    gross.push({ gaugedL: part.deliveredL, ticketL: share, salesDuringL: sold?.salesL ?? null });
    tc.push({ gaugedL: compensated(part.deliveredL, temperature, expansion), ticketL: tcShare, salesDuringL: sold === null ? null : compensated(sold.salesL, temperature, expansion) });
  }
  return {
    gross: { openingL: f.start?.volumeL ?? null, closingL: f.end?.volumeL ?? null, deliveries: gross, meteredSalesL: null },
    tc: { openingL: opening, closingL: closing, deliveries: tc, meteredSalesL: null },
  };
}

function countDeliveries(tanks: readonly ReconTank[], parts: readonly (TankPeriod | undefined)[], ticketOf: TicketsByTank) {
  let count = 0;
  let ticketed = 0;
  tanks.forEach((t, i) => {
    for (const part of parts[i]?.figures.deliveryParts ?? []) {
      count++;
      if (ticketOf.get(t.tankId)?.has(part.startedAtMs)) ticketed++;
    }
  });
  return { count, ticketed };
}

/** Each tank's station days from `fromDay` to `toDay` with the daily inventory's figures (books where they are fresh), or those `options.figured` hold for the tank. */
async function dayPeriods(db: Db, tanks: readonly ReconTank[], fromDay: string, toDay: string, nowMs: number, options: ReconcileOptions): Promise<Map<number, TankPeriod[]>> {
  const given = options.figured ?? [];
  const out = new Map<number, TankPeriod[]>();
  const add = (d: TankDayFigures) => {
    const list = out.get(d.tank.tankId) ?? [];
    list.push({ day: d.window.day, shiftNo: null, startMs: d.window.startMs, endMs: d.window.endMs, figures: d.figures, sold: d.sold, drops: d.drops });
    out.set(d.tank.tankId, list);
  };
  const wanted = new Set(tanks.map((t) => t.tankId));
  for (const d of given) if (wanted.has(d.tank.tankId) && d.window.day >= fromDay && d.window.day <= toDay) add(d);
  const rest = tanks.filter((t) => !out.has(t.tankId));
  if (rest.length === 0) return out;
  let asked = tankDaysOf(rest, daysBetween(fromDay, toDay), nowMs);
  if (options.endedOnly) asked = asked.filter((d) => d.window.endMs <= nowMs);
  for (const d of await figureTankDays(db, asked, nowMs)) add(d);
  return out;
}

/** Each tank's shifts (its station's, or one all-day shift) from `fromDay` to `toDay`, with the same rules as a day. */
async function shiftPeriods(db: Db, tanks: readonly ReconTank[], fromDay: string, toDay: string, nowMs: number): Promise<Map<number, TankPeriod[]>> {
  const windows = await shiftWindowsOf(db, tanks, fromDay, toDay, nowMs);
  const [edges, deliveries] = await Promise.all([
    dayEdges(db, windows.map(({ tank, w }) => ({ tankId: tank.tankId, startMs: w.startMs, endMs: w.endMs }))),
    deliveriesOf(
      db,
      tanks.map((t) => {
        const own = windows.filter((x) => x.tank.tankId === t.tankId);
        return { tankId: t.tankId, fromMs: Math.min(...own.map((x) => x.w.startMs)), toMs: Math.max(...own.map((x) => x.w.endMs)) };
      }).filter((s) => Number.isFinite(s.fromMs)),
    ),
  ]);
  const deliveriesOfTank = groupBy(deliveries, (d) => d.tankId);
  const out = new Map<number, TankPeriod[]>();
  windows.forEach(({ tank, w }, i) => {
    const figures = dailyInventory<EdgeReading>({ window: w, first: edges[i]!.first, last: edges[i]!.last, gaps: [], deliveries: deliveriesOfTank.get(tank.tankId) ?? [], nowMs });
    const list = out.get(tank.tankId) ?? [];
    list.push({ day: w.day, shiftNo: w.shiftNo, startMs: w.startMs, endMs: w.endMs, figures, sold: null, drops: null });
    out.set(tank.tankId, list);
  });
  return out;
}

/** Each tank's shift windows (its station's shifts, or one all-day shift) that have begun and do not end before the tank's first reading. */
async function shiftWindowsOf(db: Db, tanks: readonly ReconTank[], fromDay: string, toDay: string, nowMs: number) {
  const shifts = await shiftsOf(db, [...new Set(tanks.map((t) => t.stationId))]);
  return tanks.flatMap((tank) =>
    shiftWindowsBetween(fromDay, toDay, shifts.get(tank.stationId) ?? [ALL_DAY_SHIFT], tank.timezone)
      .filter((w) => w.startMs <= nowMs && w.endMs > tank.sinceMs)
      .map((w) => ({ tank, w })),
  );
}
