import { z } from 'zod';
import { RUN_OUT_TARGETS } from '@ullage/domain/forecast';
import { listQuery, tankFilters } from './list';
import { tankOfRow } from './report-place';

/**
 * Run-out forecast (issue 23; domain forecast.ts): each tank's expected sales by hour of week,
 * learnt from its own recent weeks (metered sales where the station sends them, the level's
 * fall otherwise), projected from its current volume. For dispatch systems
 * (`GET /api/forecast/list`) and the home, monitor, big-screen and phone pages.
 * Volumes are litres; hours are from `asOf`.
 */
export const FORECAST_BASES = ['metered', 'derived'] as const;
export const FORECAST_SORT_FIELDS = ['hoursToRunOut', 'hoursToLowWarning', 'hoursToLowAlarm', 'hoursToEmpty', 'suggestedOrderL', 'stationName', 'tankCode'] as const;
/** Default fill level and delivery time of the suggested order. */
export const DEFAULT_FILL_PCT = 90;
export const DEFAULT_ORDER_IN_HOURS = 24;

export const forecastListQuery = listQuery.extend({
  ...tankFilters,
  /** Refill to this % of capacity (default 90). */
  fillPct: z.coerce.number().min(1).max(100).optional(),
  /** The tanker arrives at this instant (ISO 8601 with offset; default 24 hours from now): the order fills the tank to fillPct then. */
  deliverAt: z.iso.datetime({ offset: true }).optional(),
  /** Only tanks forecast to run out (hoursToRunOut: their low alarm, or empty without one) within this many hours. */
  withinHours: z.coerce.number().positive().max(24 * 90).optional(),
});
export type ForecastListQuery = z.infer<typeof forecastListQuery>;

export const forecastRow = z.object({
  ...tankOfRow,
  capacityL: z.number(),
  /** The current volume and when it was read; null before the first reading. */
  volumeL: z.number().nullable(),
  asOf: z.string().nullable(),
  /** Hours until the projected volume falls to the low warning, low alarm and empty; null: not within the forecast's reach (14 days), or no threshold set, or no data. */
  hoursToLowWarning: z.number().nullable(),
  hoursToLowAlarm: z.number().nullable(),
  hoursToEmpty: z.number().nullable(),
  /** The same as instants (ISO), for display. */
  lowWarningAt: z.string().nullable(),
  lowAlarmAt: z.string().nullable(),
  emptyAt: z.string().nullable(),
  /** Whether the tank has a low warning and a low alarm set; an unset one is never reached (its hours are null). */
  lowWarningSet: z.boolean(),
  lowAlarmSet: z.boolean(),
  /**
   * What the tank runs out to: its low alarm ('lowAlarm'), or empty ('empty') when it has no low
   * alarm set; the hours and instant to it. The run-out alarm (62), withinHours and the default
   * order (soonest first) go by these.
   */
  runOutTarget: z.enum(RUN_OUT_TARGETS),
  hoursToRunOut: z.number().nullable(),
  runOutAt: z.string().nullable(),
  /** Litres to order so the tank holds fillPct of its capacity at deliverAt (0 when it would already). */
  suggestedOrderL: z.number().nullable(),
  fillPct: z.number(),
  deliverAt: z.string(),
  /** Expected sales over the next 24 hours, litres. */
  next24hSalesL: z.number().nullable(),
  /** Where the profile comes from, and how many weeks of it were used (0: not enough history). */
  basis: z.object({ source: z.enum(FORECAST_BASES), weeks: z.number(), /** Days of history used: under a week, a daily profile was made of them. */ days: z.number() }),
});
export type ForecastRow = z.infer<typeof forecastRow>;
