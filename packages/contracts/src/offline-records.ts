import { z } from 'zod';
import { OFFLINE_TYPES } from '@ullage/domain/offline-processing';
import { listQuery, placeFilters } from './list';
export { OFFLINE_SORT_FIELDS } from './list-fields';

/**
 * The offline records page (spec §2 /Analysis offline_record, §3 offline record): the periods
 * a station was silent for more than 15 minutes, and their processing.
 */
const time = z.iso.datetime({ offset: true });

export const offlineListQuery = listQuery.extend({
  ...placeFilters,
  processed: z.enum(['yes', 'no']).optional(),
  type: z.enum(OFFLINE_TYPES).optional(),
  /** Offline periods that overlap [from, to): begun before `to`, not ended before `from`. */
  from: time.optional(),
  to: time.optional(),
});
export type OfflineListQuery = z.infer<typeof offlineListQuery>;

export const offlineRow = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  stationName: z.string(),
  stationCode: z.string(),
  companyName: z.string(),
  timezone: z.string(),
  /** The station's last contact before the silence. */
  startedAt: z.string(),
  /** When data came back; null while the station is still offline. */
  endedAt: z.string().nullable(),
  /** To the end, or to the server's now while ongoing. */
  durationSeconds: z.number().int(),
  type: z.enum(OFFLINE_TYPES).nullable(),
  handler: z.string().nullable(),
  content: z.string().nullable(),
  processed: z.boolean(),
  processedAt: z.string().nullable(),
  processedByName: z.string().nullable(),
});
export type OfflineRow = z.infer<typeof offlineRow>;

/** The list answer; `canProcess`: whether the caller may process records (manage rights). */
export const offlineListResult = z.object({
  list: z.array(offlineRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  canProcess: z.boolean(),
});
export type OfflineListResult = z.infer<typeof offlineListResult>;

/**
 * Process one or more records at once, all or none. The texts are judged by the domain's
 * rules (offline-processing.ts: required, lengths, type), so the refusal names the rule.
 */
export const processOfflineInput = z.object({
  ids: z.array(z.number().int().min(1)).min(1).max(200),
  handler: z.string(),
  type: z.string(),
  content: z.string(),
});
export type ProcessOfflineInput = z.infer<typeof processOfflineInput>;
