import { z } from 'zod';
import { listQuery, PAGE_SIZE_MAX, tankFilters } from './list';
import { stationOfRow } from './report-place';
import { SALES_DURING_SOURCES } from '@ullage/domain/delivery-sales';

/**
 * Wetstock reconciliation (issue 23; domain reconciliation.ts): for each tank — or each
 * manifolded group of tanks sold from by product — and each station day or shift, what the
 * gauge measured against what the pumps sold and the tankers delivered. Volumes are litres;
 * the pages show them in the company's unit. A variance is gauged closing − book closing: a
 * loss is negative.
 *
 * Where a tank has no metered sales the row's `salesSource` is `derived`: its sales are the
 * level's fall (the daily inventory's), and book, variance and the monthly rule do not apply
 * (null).
 */
import { MONTHLY_RULE_RESULTS, RECONCILIATION_PERIODS, SALES_SOURCES } from './list-fields';
export { MONTHLY_RULE_RESULTS, RECONCILIATION_MAX_DAYS, RECONCILIATION_PERIODS, RECONCILIATION_SORT_FIELDS, SALES_SOURCES } from './list-fields';

const day = z.iso.date();

export const reconciliationQuery = listQuery.extend({
  ...tankFilters,
  /** Station-local days, both included; default the last 7 days. At most 31 days apart. */
  fromDay: day.optional(),
  toDay: day.optional(),
  period: z.enum(RECONCILIATION_PERIODS).default('day'),
  salesSource: z.enum(SALES_SOURCES).optional(),
});
export type ReconciliationQuery = z.infer<typeof reconciliationQuery>;

/** One side of the figures: gross (as measured) or compensated to 15 °C. */
export const reconciliationFigures = z.object({
  /** Gauged at the period's start and end; null when the reading is missing (daily-inventory rules). */
  openingL: z.number().nullable(),
  closingL: z.number().nullable(),
  /** Gauged: the level's rise over the period's deliveries. */
  deliveredGaugedL: z.number(),
  /** Ticketed: the tickets of the period's deliveries; null when none has a ticket. */
  deliveredTicketedL: z.number().nullable(),
  /**
   * What the pumps sold during the period's deliveries (issue 34; the row's deliverySalesSource
   * says from what); null without deliveries, or where the period has no metered sales.
   */
  salesDuringDeliveriesL: z.number().nullable(),
  /** What the pumps sold; null where there are no metered sales. */
  meteredSalesL: z.number().nullable(),
  /** The level's fall (opening − closing + delivered gauged); null without opening or closing. */
  derivedSalesL: z.number().nullable(),
  /** opening + delivered (ticketed where the delivery has a ticket, else gauged + sold during it) − metered sales. */
  bookClosingL: z.number().nullable(),
  /** closing − book closing: negative is a loss. */
  varianceL: z.number().nullable(),
  /** variance / metered sales × 100. */
  variancePct: z.number().nullable(),
  /** The month's variances up to and including this period. */
  cumulativeVarianceL: z.number().nullable(),
});
export type ReconciliationFigures = z.infer<typeof reconciliationFigures>;

/** What a row reconciles: its station, and one tank or a manifolded group of them. */
const unitOfRow = {
  ...stationOfRow,
  /** The tanks reconciled together: one, or a manifolded group. */
  tankIds: z.array(z.number().int()),
  /** "1", or "1+2" for a manifolded group. */
  tankCode: z.string(),
  manifold: z.boolean(),
  productName: z.string().nullable(),
  productColor: z.string().nullable(),
};

export const reconciliationRow = z.object({
  /** Unique and stable: target, day and shift. */
  id: z.string(),
  ...unitOfRow,
  period: z.enum(RECONCILIATION_PERIODS),
  day: z.string(),
  /** The shift's number within the day (period shift); null for a day. */
  shiftNo: z.number().int().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  salesSource: z.enum(SALES_SOURCES),
  deliveryCount: z.number().int(),
  ticketedCount: z.number().int(),
  /**
   * Where the sales during the period's deliveries come from: 'metered' (the tanks' own metered
   * sales over the drops), 'estimated' (a drop's tank sells by product or not at all by meter:
   * its sales rate around the drop, when any of them is) or null (none known).
   */
  deliverySalesSource: z.enum(SALES_DURING_SOURCES).nullable(),
  /** Opening or closing missing: book and variance are unknown. */
  incomplete: z.boolean(),
  /**
   * The monthly rule's allowance for the month's metered sales so far (those of the periods with
   * a variance), beside the cumulative variance: the table marks one beyond it. Null with it.
   */
  monthAllowanceL: z.number().nullable(),
  gross: reconciliationFigures,
  tc: reconciliationFigures,
});
export type ReconciliationRow = z.infer<typeof reconciliationRow>;

/**
 * A page of the monthly rule's rows or of the chart's series, in the order of their places
 * (station, then tank): only the page's tanks are reconciled. Without `page`, all of them.
 */
const placePage = {
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
};

/** The regulator's monthly rule per tank (or group) and month. */
export const reconciliationMonthlyQuery = z.object({
  ...tankFilters,
  ...placePage,
  /** YYYY-MM; default this month. */
  month: z.string().regex(/^\d{4}-\d{2}$/).optional(),
});
export type ReconciliationMonthlyQuery = z.infer<typeof reconciliationMonthlyQuery>;

export const reconciliationMonthlyRow = z.object({
  id: z.string(),
  ...unitOfRow,
  month: z.string(),
  salesSource: z.enum(SALES_SOURCES),
  /** Days of the month with figures, and of them the days with metered sales. */
  days: z.number().int(),
  meteredDays: z.number().int(),
  meteredSalesL: z.number().nullable(),
  varianceL: z.number().nullable(),
  /** 1 % of metered sales + 130 US gal (492.1 L): a |variance| over it fails. */
  allowanceL: z.number().nullable(),
  result: z.enum(MONTHLY_RULE_RESULTS),
  tcMeteredSalesL: z.number().nullable(),
  tcVarianceL: z.number().nullable(),
});
export type ReconciliationMonthlyRow = z.infer<typeof reconciliationMonthlyRow>;

/** The cumulative variance of each tank (group) by day, for the chart. */
export const reconciliationChartQuery = z.object({
  ...tankFilters,
  ...placePage,
  fromDay: day.optional(),
  toDay: day.optional(),
});
export type ReconciliationChartQuery = z.infer<typeof reconciliationChartQuery>;

export const reconciliationSeries = z.object({
  key: z.string(),
  stationName: z.string(),
  tankCode: z.string(),
  productName: z.string().nullable(),
  productColor: z.string().nullable(),
  volumeUnit: z.number().int().nullable(),
  points: z.array(
    z.object({
      day: z.string(),
      varianceL: z.number().nullable(),
      cumulativeVarianceL: z.number().nullable(),
      meteredSalesL: z.number().nullable(),
      /** The monthly rule's allowance for the month's sales so far. */
      allowanceL: z.number().nullable(),
    }),
  ),
});
export type ReconciliationSeries = z.infer<typeof reconciliationSeries>;

/** A delivery's ticket entered by a user: `PUT /api/delivery/:id/ticket`; `DELETE` removes it. */
export const deliveryTicketInput = z.object({
  volumeL: z.number().positive().max(1_000_000),
  tcVolumeL: z.number().positive().max(1_000_000).nullish(),
  ticketNo: z.string().trim().max(64).nullish(),
});
export type DeliveryTicketInput = z.infer<typeof deliveryTicketInput>;
