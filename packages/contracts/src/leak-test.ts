import { z } from 'zod';
import { LEAK_TEST_REASONS, LEAK_TEST_RESULTS } from '@ullage/domain/leak-detection';
import { listQuery, tankFilters } from './list';
import { stationOfRow, tankOfRow } from './report-place';
export { LEAK_TEST_SORT_FIELDS } from './list-fields';

/**
 * Leak tests from inventory data (issue 22; domain leak-detection.ts): for each tank and
 * station day, the quiet periods of the window ending with that day, combined into an
 * estimated leak rate, the smallest rate the data could have detected, and a result. Rates are
 * litres per hour, a loss positive; the page shows them in the company's volume unit per hour.
 */
const id = z.coerce.number().int().min(1);
/** A station-local day (YYYY-MM-DD) or an instant (ISO 8601 with offset). */
const dayOrTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export const leakTestListQuery = listQuery.extend({
  ...tankFilters,
  result: z.enum(LEAK_TEST_RESULTS).optional(),
  /**
   * Tests whose period ends in [from, to]: a day means the station's own day (both included),
   * an instant the window's end. At most 92 days apart (the service names the field).
   * Default: the last 7 days.
   */
  from: dayOrTime.optional(),
  to: dayOrTime.optional(),
});
export type LeakTestListQuery = z.infer<typeof leakTestListQuery>;

/** What a test found (domain LeakTestOutcome), as every leak-test answer gives it. */
const testFigures = {
  /** Estimated loss, L/h (negative: the tank gained). Null with no quiet period at all. */
  leakRateLph: z.number().nullable(),
  /** The smallest leak rate these quiet periods would have told from a tight tank (95 % detection, 5 % false alarms), L/h. Null when it cannot be estimated. */
  mdlLph: z.number().nullable(),
  quietHours: z.number(),
  quietPeriods: z.number().int(),
  result: z.enum(LEAK_TEST_RESULTS),
  reason: z.enum(LEAK_TEST_REASONS),
};

export const leakTestRow = z.object({
  /** Unique per tank and day (the table's row key). */
  id: z.number().int(),
  ...tankOfRow,
  /** The station day the test was made at the end of. */
  day: z.string(),
  /** The window the quiet periods were taken from (ISO instants): the 30 days ending with `day`. */
  periodStart: z.string(),
  periodEnd: z.string(),
  /** The company's threshold, L/h: a rate at or over it fails. */
  thresholdLph: z.number(),
  ...testFigures,
});
export type LeakTestRow = z.infer<typeof leakTestRow>;

/** The quiet periods of one tank's test, for its chart. */
export const leakTestPeriodsQuery = z.object({
  tankId: id,
  /** The test's station day; default the latest analysed day. */
  day: z.iso.date().optional(),
});
export type LeakTestPeriodsQuery = z.infer<typeof leakTestPeriodsQuery>;

export const leakTestPeriod = z.object({
  start: z.string(),
  end: z.string(),
  hours: z.number(),
  /** This period's own estimate, L/h (loss positive). */
  rateLph: z.number(),
  /** Temperature-compensated volume (L at 15 °C), means of up to 10-minute steps. */
  points: z.array(z.object({ at: z.string(), volumeL: z.number() })),
});
export type LeakTestPeriod = z.infer<typeof leakTestPeriod>;

export const leakTestPeriods = z.object({
  test: leakTestRow.nullable(),
  periods: z.array(leakTestPeriod),
});
export type LeakTestPeriods = z.infer<typeof leakTestPeriods>;

/** Each tank's current result (the latest analysed day), for the monitor and home. */
export const leakTestStatusQuery = z.object({ stationId: id.optional() });
export const leakTestStatus = z.object({
  tankId: z.number().int(),
  tankCode: z.string(),
  productName: z.string().nullable(),
  stationId: z.number().int(),
  stationName: z.string(),
  day: z.string(),
  thresholdLph: z.number(),
  ...testFigures,
});
export type LeakTestStatus = z.infer<typeof leakTestStatus>;
export const leakTestStatusList = z.object({ list: z.array(leakTestStatus) });

/** The monthly compliance record of one station: each tank's result over the calendar month. */
export const leakComplianceQuery = z.object({
  stationId: id,
  /** YYYY-MM, the station's own calendar month; the month must have begun. Without it: the last month that has ended on the station's clock. */
  month: z.string().max(7).optional(),
});
export type LeakComplianceQuery = z.infer<typeof leakComplianceQuery>;

export const leakCompliance = z.object({
  station: z.object({ ...stationOfRow, address: z.string().nullable() }),
  month: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  /** True while the month is still running (the record is provisional). */
  inProgress: z.boolean(),
  generatedAt: z.string(),
  thresholdLph: z.number(),
  tanks: z.array(
    z.object({
      tankId: z.number().int(),
      tankCode: z.string(),
      productName: z.string().nullable(),
      capacityL: z.number().nullable(),
      ...testFigures,
    }),
  ),
});
export type LeakCompliance = z.infer<typeof leakCompliance>;
