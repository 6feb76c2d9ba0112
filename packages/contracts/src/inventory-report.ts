import { z } from 'zod';
import { listQuery, tankFilters } from './list';
import { tankOfRow } from './report-place';
export { DAILY_SORT_FIELDS, MONTHLY_SORT_FIELDS } from './list-fields';

/**
 * The daily tank inventory report (abnormal_can) and the monthly inventory report (Monthly),
 * spec §2 /Analysis and §9. Volumes are litres (SI); each row carries its company's display
 * units, and its station's zone for the times.
 */

/** Filters both reports share: the organisation tree, area, station, tank, product, abnormal only. */
const reportFilters = {
  ...tankFilters,
  /** yes: only days (months) with abnormal data. */
  abnormalOnly: z.enum(['yes', 'no']).optional(),
};

export const dailyInventoryQuery = listQuery.extend({
  ...reportFilters,
  /** Station-local days YYYY-MM-DD, both included, at most 31 (checked by the service, which names the field). */
  fromDay: z.string().max(10),
  /** Defaults to fromDay: one day. */
  toDay: z.string().max(10).optional(),
});
export type DailyInventoryQuery = z.infer<typeof dailyInventoryQuery>;

export const monthlyInventoryQuery = listQuery.extend({
  ...reportFilters,
  /** Station-local calendar months YYYY-MM, both included, at most 12. */
  fromMonth: z.string().max(7),
  /** Defaults to fromMonth: one month. */
  toMonth: z.string().max(7).optional(),
});
export type MonthlyInventoryQuery = z.infer<typeof monthlyInventoryQuery>;

/** A reading the day's start or end volume was taken from. */
export const inventoryReading = z.object({
  at: z.string(),
  volumeL: z.number(),
  heightMm: z.number(),
  waterHeightMm: z.number(),
  temperatureC: z.number(),
});
export type InventoryReading = z.infer<typeof inventoryReading>;

export const inventoryGap = z.object({ from: z.string(), to: z.string() });
export type InventoryGap = z.infer<typeof inventoryGap>;

export const dailyInventoryRow = z.object({
  /** Unique per tank and day (for the table's row key). */
  id: z.number().int(),
  day: z.string(),
  ...tankOfRow,
  start: inventoryReading.nullable(),
  end: inventoryReading.nullable(),
  /** The day's first and last readings, whenever they came: why a start or end is missing. */
  firstReadingAt: z.string().nullable(),
  lastReadingAt: z.string().nullable(),
  deliveredL: z.number(),
  deliveryCount: z.number().int(),
  /** start − end + deliveries; null without a start or an end. */
  salesL: z.number().nullable(),
  missingStart: z.boolean(),
  missingEnd: z.boolean(),
  /** The day has not ended yet. */
  inProgress: z.boolean(),
  gapCount: z.number().int(),
  /** The first 50 gaps, in time order. */
  gaps: z.array(inventoryGap),
  abnormal: z.boolean(),
});
export type DailyInventoryRow = z.infer<typeof dailyInventoryRow>;

export const dailyInventoryList = z.object({
  list: z.array(dailyInventoryRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Of all the rows the filters match (before "abnormal only"): how many are abnormal. */
  abnormalCount: z.number().int(),
  allCount: z.number().int(),
});
export type DailyInventoryList = z.infer<typeof dailyInventoryList>;

export const monthlyInventoryRow = z.object({
  id: z.number().int(),
  /** YYYY-MM */
  month: z.string(),
  ...tankOfRow,
  /** The days of the month the row covers (from the tank's first day, up to today). */
  firstDay: z.string(),
  lastDay: z.string(),
  days: z.number().int(),
  /**
   * The days the figures count: those that have ended on the station's clock (issue 34 item 5).
   * A month in progress leaves today's unfinished day out; an ended month counts all its days.
   */
  finishedDays: z.number().int(),
  /** The calendar month's length, 28–31: a month in progress has counted finishedDays of them. */
  daysInMonth: z.number().int(),
  openingL: z.number().nullable(),
  closingL: z.number().nullable(),
  deliveredL: z.number(),
  deliveryCount: z.number().int(),
  salesL: z.number().nullable(),
  unknownSalesDays: z.number().int(),
  abnormalDays: z.number().int(),
  /** opening + deliveries − sales, the sales gauged from the tank's level (the days' start − end + deliveries). */
  bookClosingL: z.number().nullable(),
  /** closing − book closing (gauged sales): negative is a loss. */
  varianceL: z.number().nullable(),
  /** The month has not ended on the station's clock: its figures count its finished days only. */
  inProgress: z.boolean(),
  /** Where the month's sales come from (issue 23): the pumps' meters, or the level. */
  salesSource: z.enum(['metered', 'derived']),
  /**
   * With metered sales: the month reconciled against them (reconciliation.ts) — for a
   * manifolded tank, its group's (tankCode "1+2"). Null without metered sales.
   */
  metered: z
    .object({
      tankCode: z.string(),
      salesL: z.number().nullable(),
      bookClosingL: z.number().nullable(),
      varianceL: z.number().nullable(),
      allowanceL: z.number().nullable(),
      result: z.enum(['pass', 'fail', 'no_data']),
    })
    .nullable(),
});
export type MonthlyInventoryRow = z.infer<typeof monthlyInventoryRow>;

export const monthlyInventoryList = z.object({
  list: z.array(monthlyInventoryRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  abnormalCount: z.number().int(),
  allCount: z.number().int(),
});
export type MonthlyInventoryList = z.infer<typeof monthlyInventoryList>;
