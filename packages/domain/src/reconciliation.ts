/**
 * Wetstock reconciliation (issue 23): what the tank gauge measured against what the pumps sold
 * and the tankers delivered, per tank — or per manifolded group of tanks sold from by product —
 * and per station day or shift.
 *
 *   book closing = opening + delivered − metered sales
 *   variance     = gauged closing − book closing          (negative: product is missing)
 *
 * Delivered, in the book, is each delivery's ticket where it has one (what the paperwork says
 * arrived; a short delivery then shows as a loss), else its gauged rise plus what the pumps sold
 * during it (issue 34, delivery-sales.ts: the rise alone would book those sales twice, once as
 * metered sales and once by their absence from the rise, and show them as a gain). A delivery
 * across the period's edge counts its part (delivery-parts.ts), and its ticket the same share
 * of itself.
 * The period's sales are those between its opening and closing readings, as its gauged fall is.
 *
 * The regulator's monthly rule (US 40 CFR 280.43(a), inventory control): a tank fails a month
 * when the month's variance exceeds 1 % of its metered sales plus 130 US gallons.
 */
export const US_GALLON_L = 3.785411784;
export const MONTHLY_RULE_SALES_FRACTION = 0.01;
/** 130 US gallons, 492.1 L. */
export const MONTHLY_RULE_ALLOWANCE_L = 130 * US_GALLON_L;
export const DEFAULT_TICKET_TOLERANCE_PCT = 0.5;
export const DEFAULT_VARIANCE_ALARM_PCT = 1;
export const DEFAULT_VARIANCE_ALARM_DAYS = 3;
/** Level alarm 61 "wetstock variance" (alarm-codes.ts). */
export const VARIANCE_ALARM_CODE = 61;

const round3 = (v: number) => Math.round(v * 1000) / 1000;

export interface TicketCheck {
  /** Gauged − ticketed: negative when less arrived than the ticket says. */
  diffL: number | null;
  /** The difference as % of the ticket. */
  diffPct: number | null;
  /** |difference| over the tolerance. */
  flagged: boolean;
}

/** A delivery's ticket against what the gauge says arrived (its rise plus the sales during it). */
export function ticketCheck(gaugedL: number, ticketL: number | null, tolerancePct: number): TicketCheck {
  if (ticketL === null || ticketL <= 0) return { diffL: null, diffPct: null, flagged: false };
  const diffL = round3(gaugedL - ticketL);
  const diffPct = (diffL / ticketL) * 100;
  return { diffL, diffPct: Math.round(diffPct * 1000) / 1000, flagged: Math.abs(diffPct) > tolerancePct };
}

/** One delivery's part in the period: its gauged rise, and its ticket's same share (null: no ticket). */
export interface DeliveryShare {
  gaugedL: number;
  ticketL: number | null;
  /** Sold during the part (delivery-sales.ts); null or absent: nothing tells. */
  salesDuringL?: number | null;
}

/**
 * A delivery's ticket split like its gauged rise: the part of it a period counts carries
 * ticket × part / whole, so the shares add up to the ticket over the periods it spans.
 */
export function ticketShare(partL: number, wholeL: number, ticketL: number | null): number | null {
  if (ticketL === null) return null;
  if (wholeL <= 0) return partL > 0 ? ticketL : 0;
  return (ticketL * partL) / wholeL;
}

/**
 * What a period's metered sales are counted over, as its gauged fall is: after its opening
 * reading, up to and including its closing one (from < ts ≤ to); without one of them, from or
 * to the period's own edge. The tank-day books keep each day's sum over this span.
 */
export function salesSpanOf(period: { startMs: number; endMs: number }, opening: { tsMs: number } | null, closing: { tsMs: number } | null): { fromMs: number; toMs: number } {
  return { fromMs: opening?.tsMs ?? period.startMs, toMs: closing?.tsMs ?? period.endMs };
}

export interface PeriodInput {
  /** Gauged at the period's start and end; null when the reading is missing. */
  openingL: number | null;
  closingL: number | null;
  deliveries: readonly DeliveryShare[];
  /** What the pumps sold between the two readings; null without metered sales. */
  meteredSalesL: number | null;
}

export interface PeriodFigures {
  openingL: number | null;
  closingL: number | null;
  deliveredGaugedL: number;
  deliveredTicketedL: number | null;
  /** Sold during the period's deliveries; null when none of them tells. */
  salesDuringDeliveriesL: number | null;
  meteredSalesL: number | null;
  derivedSalesL: number | null;
  bookClosingL: number | null;
  varianceL: number | null;
  variancePct: number | null;
}

export function reconcilePeriod(p: PeriodInput): PeriodFigures {
  const deliveredGaugedL = round3(p.deliveries.reduce((s, d) => s + d.gaugedL, 0));
  const ticketed = p.deliveries.filter((d) => d.ticketL !== null);
  const deliveredTicketedL = ticketed.length === 0 ? null : round3(ticketed.reduce((s, d) => s + d.ticketL!, 0));
  const told = p.deliveries.filter((d) => d.salesDuringL != null);
  const salesDuringDeliveriesL = told.length === 0 ? null : round3(told.reduce((s, d) => s + d.salesDuringL!, 0));
  const deliveredBookL = p.deliveries.reduce((s, d) => s + (d.ticketL ?? d.gaugedL + (d.salesDuringL ?? 0)), 0);
  const known = p.openingL !== null && p.closingL !== null;
  const derivedSalesL = known ? round3(p.openingL! - p.closingL! + deliveredGaugedL) : null;
  const bookClosingL = p.openingL !== null && p.meteredSalesL !== null ? round3(p.openingL + deliveredBookL - p.meteredSalesL) : null;
  const varianceL = bookClosingL !== null && p.closingL !== null ? round3(p.closingL - bookClosingL) : null;
  const variancePct = varianceL !== null && p.meteredSalesL !== null && p.meteredSalesL > 0 ? Math.round((varianceL / p.meteredSalesL) * 100_000) / 1000 : null;
  return {
    openingL: p.openingL === null ? null : round3(p.openingL),
    closingL: p.closingL === null ? null : round3(p.closingL),
    deliveredGaugedL,
    deliveredTicketedL,
    salesDuringDeliveriesL,
    meteredSalesL: p.meteredSalesL === null ? null : round3(p.meteredSalesL),
    derivedSalesL,
    bookClosingL,
    varianceL,
    variancePct,
  };
}

/**
 * The month-to-date variance after each period, in order: the sum of the month's known
 * variances so far (a period without one adds nothing). A period of a new month starts again.
 * Null until the month has a known variance.
 */
export function cumulativeVariances(periods: readonly { month: string; varianceL: number | null }[]): (number | null)[] {
  let month = '';
  let sum: number | null = null;
  return periods.map((p) => {
    if (p.month !== month) {
      month = p.month;
      sum = null;
    }
    if (p.varianceL !== null) sum = round3((sum ?? 0) + p.varianceL);
    return sum;
  });
}

/**
 * The monthly rule's allowance beside each period's cumulative variance, in order: for the
 * metered sales of the month's periods so far that have a variance (those the rule judges).
 * Null where the cumulative variance is (no variance yet this month).
 */
export function cumulativeAllowances(periods: readonly { month: string; meteredSalesL: number | null; varianceL: number | null }[]): (number | null)[] {
  let month = '';
  let sold = 0;
  let judged = false;
  return periods.map((p) => {
    if (p.month !== month) {
      month = p.month;
      sold = 0;
      judged = false;
    }
    if (p.varianceL !== null) {
      sold += p.meteredSalesL ?? 0;
      judged = true;
    }
    return judged ? monthlyAllowanceL(sold) : null;
  });
}

export type MonthlyRuleResult = 'pass' | 'fail' | 'no_data';

export interface MonthlyRule {
  meteredSalesL: number | null;
  varianceL: number | null;
  allowanceL: number | null;
  result: MonthlyRuleResult;
  meteredDays: number;
}

/** The allowance of the monthly rule for these sales: 1 % of them plus 130 US gal. */
export const monthlyAllowanceL = (meteredSalesL: number) => round3(MONTHLY_RULE_SALES_FRACTION * meteredSalesL + MONTHLY_RULE_ALLOWANCE_L);

/**
 * The monthly rule over a month's days: the variance of the days with one, against 1 % of the
 * metered sales of those same days plus 130 US gal. No day with a variance: no data.
 */
export function monthlyRule(days: readonly { meteredSalesL: number | null; varianceL: number | null }[]): MonthlyRule {
  const metered = days.filter((d) => d.meteredSalesL !== null);
  const judged = metered.filter((d) => d.varianceL !== null);
  if (judged.length === 0) return { meteredSalesL: metered.length ? round3(metered.reduce((s, d) => s + d.meteredSalesL!, 0)) : null, varianceL: null, allowanceL: null, result: 'no_data', meteredDays: metered.length };
  const meteredSalesL = round3(judged.reduce((s, d) => s + d.meteredSalesL!, 0));
  const varianceL = round3(judged.reduce((s, d) => s + d.varianceL!, 0));
  const allowanceL = monthlyAllowanceL(meteredSalesL);
  return { meteredSalesL, varianceL, allowanceL, result: Math.abs(varianceL) > allowanceL ? 'fail' : 'pass', meteredDays: metered.length };
}

export interface VarianceAlarmSettings {
  /** |variance| over this % of the same days' metered sales… */
  limitPct: number;
  /** …summed over this many consecutive days, raises the alarm. */
  days: number;
}

/**
 * Whether the variance alarm (61) should be open after the latest day: the last `days` days,
 * each with a known variance, together beyond the limit. Fewer such days at the end: no
 * judgement ('keep' what is). Back within the limit: 'end'.
 */
export function varianceAlarmAction(
  lastDays: readonly { meteredSalesL: number | null; varianceL: number | null }[],
  settings: VarianceAlarmSettings,
  open: boolean,
): 'open' | 'end' | 'keep' {
  const window = lastDays.slice(-settings.days);
  if (window.length < settings.days || window.some((d) => d.varianceL === null || d.meteredSalesL === null)) return 'keep';
  const sales = window.reduce((s, d) => s + d.meteredSalesL!, 0);
  const variance = window.reduce((s, d) => s + d.varianceL!, 0);
  const beyond = sales > 0 && Math.abs(variance) > (settings.limitPct / 100) * sales;
  if (beyond) return open ? 'keep' : 'open';
  return open ? 'end' : 'keep';
}

/** Volume at 15 °C of a gross volume at this temperature (inventory.ts's rule), for sales and tickets sent gross only. */
export function compensated(volumeL: number, temperatureC: number | null, expansionPerC: number): number {
  if (temperatureC === null) return volumeL;
  return volumeL / (1 + expansionPerC * (temperatureC - 15));
}

/**
 * Manifolded tanks sold from by product: one period input for the group. The pumps draw from
 * all of them at once, so only their sum can be reconciled: openings and closings add (unknown
 * if any is), deliveries are all of theirs, and sales are the product's plus any sold per tank.
 */
export function manifoldPeriod(tanks: readonly PeriodInput[], productSalesL: number | null): PeriodInput {
  // A lone tank (most of them): the same sums, without the arrays a month of a fleet would make.
  if (tanks.length === 1) {
    const t = tanks[0]!;
    return { ...t, meteredSalesL: productSalesL === null && t.meteredSalesL === null ? null : (productSalesL ?? 0) + (t.meteredSalesL ?? 0) };
  }
  const sumOrNull = (values: (number | null)[]) => (values.some((v) => v === null) ? null : values.reduce<number>((s, v) => s + v!, 0));
  const tankSales = tanks.map((t) => t.meteredSalesL).filter((v): v is number => v !== null);
  const sold = productSalesL === null && tankSales.length === 0 ? null : (productSalesL ?? 0) + tankSales.reduce((s, v) => s + v, 0);
  return {
    openingL: sumOrNull(tanks.map((t) => t.openingL)),
    closingL: sumOrNull(tanks.map((t) => t.closingL)),
    deliveries: tanks.flatMap((t) => t.deliveries),
    meteredSalesL: sold,
  };
}
