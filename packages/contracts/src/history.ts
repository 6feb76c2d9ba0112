import { z } from 'zod';
import { HISTORY_SERIES_MAX_POINTS } from '@ullage/domain/history-range';
import { RECORD_TYPES } from './device';
import { listQuery } from './list';
export { HISTORY_SORT_FIELDS } from './list-fields';

/**
 * Historical inventory (spec §2 /Data history_can_save): one tank's readings over a range of
 * at most 11 days, as a table and as a trend chart. Station, tank and range are optional in
 * the schema so that their absence gets the spec's own refusals (§8), not a generic one.
 */
const id = z.coerce.number().int().min(1);
const time = z.iso.datetime({ offset: true });

export const historyQuery = listQuery.extend({
  stationId: id.optional(),
  tankId: id.optional(),
  /** Readings in [from, to). */
  from: time.optional(),
  to: time.optional(),
});
export type HistoryQuery = z.infer<typeof historyQuery>;

/** The table sorts by time only: readings of one tank differ by nothing else worth ordering. */

/** The tank asked about, with what its readings are read by: the station's zone, the company's units. */
export const historyTank = z.object({
  stationId: z.number().int(),
  stationName: z.string(),
  stationCode: z.string(),
  timezone: z.string(),
  tankId: z.number().int(),
  tankCode: z.string(),
  productName: z.string().nullable(),
  productColor: z.string().nullable(),
  capacityL: z.number(),
  heightMm: z.number(),
  /** The company's display units (spec §9): 1 or null litres / °C. */
  volumeUnit: z.number().int().nullable(),
  tempUnit: z.number().int().nullable(),
});
export type HistoryTank = z.infer<typeof historyTank>;

/** One reading, SI as stored; ullage and fill follow from the tank's capacity. */
export const historyReading = z.object({
  /** The reading's time in epoch ms: unique within a tank, the table's row key. */
  id: z.number(),
  ts: z.string(),
  /** Spec §3 inventory record type. */
  type: z.enum(RECORD_TYPES).nullable(),
  productHeightMm: z.number(),
  waterHeightMm: z.number(),
  temperatureC: z.number(),
  volumeL: z.number(),
  tcVolumeL: z.number(),
  /** Null when unknown: none sent and no height-volume table to derive it from. */
  waterVolumeL: z.number().nullable(),
  ullageL: z.number(),
  fillPct: z.number(),
});
export type HistoryReading = z.infer<typeof historyReading>;

export const historyList = z.object({
  list: z.array(historyReading),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  tank: historyTank,
});
export type HistoryList = z.infer<typeof historyList>;

export const historySeriesQuery = z.object({
  stationId: id.optional(),
  tankId: id.optional(),
  from: time.optional(),
  to: time.optional(),
  /** Fewer points than the most the chart draws (domain HISTORY_SERIES_MAX_POINTS), e.g. for a narrow screen. */
  maxPoints: z.coerce.number().int().min(10).max(HISTORY_SERIES_MAX_POINTS).optional(),
});
export type HistorySeriesQuery = z.infer<typeof historySeriesQuery>;

/**
 * The trend chart's data, column by column (a quarter of the JSON of an array of objects).
 * When the range holds more readings than the chart draws, each point is the mean of the
 * readings in a clock-aligned bucket of `bucketSeconds`, at the bucket's start; otherwise
 * the points are the readings themselves and `bucketSeconds` is 0.
 */
export const historySeries = z.object({
  tank: historyTank,
  /** Readings in the range (before thinning). */
  readings: z.number().int(),
  bucketSeconds: z.number().int(),
  /** Epoch milliseconds. */
  ts: z.array(z.number()),
  productHeightMm: z.array(z.number()),
  waterHeightMm: z.array(z.number()),
  temperatureC: z.array(z.number()),
  volumeL: z.array(z.number()),
});
export type HistorySeries = z.infer<typeof historySeries>;
