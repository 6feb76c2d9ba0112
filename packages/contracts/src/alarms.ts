import { z } from 'zod';
import { listQuery } from './list';
export { ALARM_SORT_FIELDS, MAX_ALARM_NOTE } from './list-fields';

/**
 * The alarm query pages (spec §2 group /Alarm): alarm_report lists level alarms, leak_alarm
 * leak/sensor alarms. One endpoint serves both, told apart by `kind`.
 */
const id = z.coerce.number().int().min(1);
const time = z.iso.datetime({ offset: true });

export const alarmListQuery = listQuery.extend({
  kind: z.enum(['level', 'leak']),
  distributorId: id.optional(),
  companyId: id.optional(),
  areaId: id.optional(),
  stationId: id.optional(),
  tankId: id.optional(),
  sensorNo: z.string().trim().min(1).max(20).optional(),
  code: z.coerce.number().int().min(0).max(32767).optional(),
  /** Alarms that started in [from, to). */
  from: time.optional(),
  to: time.optional(),
  /** active: not yet cleared by the device or the server; cleared: ended. */
  state: z.enum(['active', 'cleared']).optional(),
  processed: z.enum(['yes', 'no']).optional(),
});
export type AlarmListQuery = z.infer<typeof alarmListQuery>;

export const alarmRow = z.object({
  id: z.number().int(),
  kind: z.enum(['level', 'leak']),
  code: z.number().int(),
  /** 'device' (reported) or 'server' (threshold evaluated on ingest). */
  source: z.string(),
  stationId: z.number().int(),
  stationName: z.string(),
  stationCode: z.string(),
  companyName: z.string(),
  timezone: z.string(),
  tankId: z.number().int().nullable(),
  tankCode: z.string().nullable(),
  productName: z.string().nullable(),
  sensorNo: z.string().nullable(),
  sensorType: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  processed: z.boolean(),
  processedByName: z.string().nullable(),
  processedAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type AlarmRow = z.infer<typeof alarmRow>;

/** Mark one or more alarms processed, with what was done about them. */
export const processAlarmsInput = z.object({
  ids: z.array(z.number().int().min(1)).min(1).max(200),
  note: z.string().trim().min(1).max(500),
});
export type ProcessAlarmsInput = z.infer<typeof processAlarmsInput>;
