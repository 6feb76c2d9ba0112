import { z } from 'zod';
import { POWER_TOLERANCE_DEFAULT_L, POWER_TOLERANCE_MAX_L } from '@ullage/domain/power-events';
import { listQuery, placeFilters } from './list';
import { stationOfRow } from './report-place';
export { POWER_EVENT_SORT_FIELDS } from './list-fields';

/**
 * Power-off inventory records (spec §2 /Data open_close_report): each power-off a station's
 * gauge reported, paired with the station's next power-on, and tank by tank the inventory at
 * both and the change, flagged beyond a tolerance the user sets.
 */
const time = z.iso.datetime({ offset: true });

export const powerEventQuery = listQuery.extend({
  ...placeFilters,
  /** Power-offs in [from, to). */
  from: time.optional(),
  to: time.optional(),
  /** A tank's volume change beyond this many litres (either way) is flagged; exactly this much is not. */
  toleranceL: z.coerce.number().min(0).max(POWER_TOLERANCE_MAX_L).default(POWER_TOLERANCE_DEFAULT_L),
});
export type PowerEventQuery = z.infer<typeof powerEventQuery>;


/** A tank's state in a power event (SI units). */
export const powerTankState = z.object({
  productHeightMm: z.number(),
  waterHeightMm: z.number(),
  volumeL: z.number(),
  tcVolumeL: z.number().nullable().optional(),
  temperatureC: z.number(),
});

export const powerTankChange = z.object({
  tankId: z.number().int(),
  tankCode: z.string(),
  productName: z.string().nullable(),
  productColor: z.string().nullable(),
  off: powerTankState.nullable(),
  on: powerTankState.nullable(),
  /** on − off, null unless both are known. */
  volumeDifferenceL: z.number().nullable(),
  heightDifferenceMm: z.number().nullable(),
  flagged: z.boolean(),
});
export type PowerTankChange = z.infer<typeof powerTankChange>;

export const powerEventRow = z.object({
  /** The power-off event's id. */
  id: z.number().int(),
  ...stationOfRow,
  areaName: z.string().nullable(),
  offAt: z.string(),
  /** The paired power-on; null unless state is paired. */
  onAt: z.string().nullable(),
  /** paired; pending: not powered on yet; missing: off again before a power-on was reported. */
  state: z.enum(['paired', 'pending', 'missing']),
  /** How long the station was dark, when paired. */
  durationS: z.number().int().nullable(),
  tanks: z.array(powerTankChange),
  flagged: z.boolean(),
});
export type PowerEventRow = z.infer<typeof powerEventRow>;

export const powerEventList = z.object({
  list: z.array(powerEventRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  toleranceL: z.number(),
});
export type PowerEventList = z.infer<typeof powerEventList>;
