import { z } from 'zod';
import { JUMP_RULES } from '@ullage/domain/data-jumps';
import { listQuery, tankFilters } from './list';
import { tankOfRow } from './report-place';
export { DATA_JUMP_SORT_FIELDS } from './list-fields';

/**
 * The data-jump records page (spec §2 /Analysis alarm_record): consecutive readings of a tank
 * that break a jump rule of spec §9, found on ingest, each with both readings.
 */
const time = z.iso.datetime({ offset: true });

export const dataJumpListQuery = listQuery.extend({
  ...tankFilters,
  rule: z.enum(JUMP_RULES).optional(),
  /** Jumps whose later reading is in [from, to). */
  from: time.optional(),
  to: time.optional(),
});
export type DataJumpListQuery = z.infer<typeof dataJumpListQuery>;

export const dataJumpRow = z.object({
  id: z.number().int(),
  ...tankOfRow,
  /** Null when the tank has since been removed from the station. */
  tankCode: z.string().nullable(),
  rule: z.enum(JUMP_RULES),
  /** The reading before (prev…) and the reading that jumped, in SI. */
  prevTs: z.string(),
  ts: z.string(),
  prevProductHeightMm: z.number(),
  productHeightMm: z.number(),
  prevTemperatureC: z.number(),
  temperatureC: z.number(),
  prevVolumeL: z.number(),
  volumeL: z.number(),
  /**
   * A spike: the next reading, which broke the rule back to near the reading before the jump
   * (both pairs are this one event). Null when the jump did not come back at the next reading.
   */
  back: z.object({ ts: z.string(), productHeightMm: z.number(), temperatureC: z.number(), volumeL: z.number() }).nullable(),
});
export type DataJumpRow = z.infer<typeof dataJumpRow>;
