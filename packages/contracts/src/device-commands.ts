import { z } from 'zod';
import { COMMAND_ENDERS, COMMAND_KINDS, COMMAND_STATES } from '@ullage/domain/device-commands';
import { FIRMWARE_DESCRIPTION_MAX, FIRMWARE_DEVICE_TYPES } from '@ullage/domain/firmware';
import { STRAPPING_MAX_POINTS } from '@ullage/domain/strapping-import';
import { listQuery } from './list';
export { COMMAND_SORT_FIELDS } from './list-fields';

/**
 * Device parameter management (spec §2 deviceParamManage, issue 7): the station's device as
 * the server knows it, the commands issued to it and their history, firmware files. Refusals:
 * 91011 names field and rule; 80001 a station, tank, command or file outside the caller's
 * scope; 80003 when the caller may see the station but not manage it; 80006 when a command of
 * the same kind is still issuing for the same target.
 */
const isoTime = z.string();
const id = z.coerce.number().int().positive();

export const commandRow = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  stationCode: z.string(),
  stationName: z.string(),
  stationTimezone: z.string(),
  tankId: z.number().int().nullable(),
  tankCode: z.string().nullable(),
  kind: z.enum(COMMAND_KINDS),
  /** What was sent (the device protocol's params of the kind). */
  params: z.record(z.string(), z.unknown()),
  state: z.enum(COMMAND_STATES),
  /** The device's refusal reason (failed). */
  reason: z.string().nullable(),
  endedBy: z.enum(COMMAND_ENDERS).nullable(),
  /** Per cent the device reported (upgrades); null when it reported none. */
  progress: z.number().int().nullable(),
  issuedBy: z.string(),
  issuedAt: isoTime,
  /** When the device was last handed the command (null: not yet). */
  deliveredAt: isoTime.nullable(),
  /** When an issuing command is cancelled if the device has not answered. */
  deadlineAt: isoTime,
  endedAt: isoTime.nullable(),
  /** The user who cancelled it. */
  cancelledBy: z.string().nullable(),
  firmwareId: z.number().int().nullable(),
});
export type CommandRow = z.infer<typeof commandRow>;

export const commandListQuery = listQuery.extend({
  stationId: id.optional(),
  tankId: id.optional(),
  kind: z.enum(COMMAND_KINDS).optional(),
  state: z.enum(COMMAND_STATES).optional(),
  firmwareId: id.optional(),
});
export type CommandListQuery = z.infer<typeof commandListQuery>;

const mm = z.number().finite().min(0).max(100_000);
const target = { stationId: z.number().int().positive(), tankId: z.number().int().positive() };

export const thresholdsInput = z.object({
  ...target,
  highOilAlarmMm: mm.nullable(),
  highOilWarnMm: mm.nullable(),
  lowOilWarnMm: mm.nullable(),
  lowOilAlarmMm: mm.nullable(),
  highWaterAlarmMm: mm.nullable(),
});
export type ThresholdsInput = z.infer<typeof thresholdsInput>;

export const strappingPointInput = z.object({ heightMm: z.number().finite(), volumeL: z.number().finite() });
export const strappingInput = z.object({ ...target, points: z.array(strappingPointInput).max(STRAPPING_MAX_POINTS) });
export type StrappingInput = z.infer<typeof strappingInput>;

export const tiltInput = z.object({ ...target, tiltDeg: z.number(), probeOffsetMm: z.number() });
export type TiltInput = z.infer<typeof tiltInput>;

export const clockInput = z.object({
  stationId: z.number().int().positive(),
  /** sync: to the server's time when the device takes the command; set: to `time`. */
  mode: z.enum(['set', 'sync']),
  time: z.iso.datetime({ offset: true }).optional(),
});
export type ClockInput = z.infer<typeof clockInput>;

export const firmwareIssueInput = z.object({ firmwareId: z.number().int().positive(), stationIds: z.array(z.number().int().positive()).min(1).max(500) });
export type FirmwareIssueInput = z.infer<typeof firmwareIssueInput>;

export const commandIdParams = z.object({ id });

// ---------- the station's device (tab "base info") ----------

export const deviceTank = z.object({
  id: z.number().int(),
  code: z.string(),
  productName: z.string().nullable(),
  heightMm: z.number(),
  volumeL: z.number(),
  highOilAlarmMm: z.number().nullable(),
  highOilWarnMm: z.number().nullable(),
  lowOilWarnMm: z.number().nullable(),
  lowOilAlarmMm: z.number().nullable(),
  highWaterAlarmMm: z.number().nullable(),
  tiltDeg: z.number(),
  probeOffsetMm: z.number(),
  strapping: z.array(z.object({ heightMm: z.number(), volumeL: z.number() })),
});
export type DeviceTank = z.infer<typeof deviceTank>;

export const deviceOverview = z.object({
  station: z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    companyName: z.string(),
    timezone: z.string(),
    deviceType: z.string().nullable(),
    instrumentType: z.string().nullable(),
    deviceIp: z.string().nullable(),
    devicePort: z.number().int().nullable(),
    serverIp: z.string().nullable(),
    hasDeviceKey: z.boolean(),
  }),
  /** What the device last told about itself in an answer; nulls until it has. */
  device: z.object({ firmwareVersion: z.string().nullable(), serverHost: z.string().nullable(), serverPort: z.number().int().nullable(), reportedAt: isoTime.nullable() }),
  contact: z.object({
    lastSeenAt: isoTime.nullable(),
    lastDataAt: isoTime.nullable(),
    online: z.boolean(),
    /** Device clock minus server clock on its last report (seconds). */
    clockSkewSeconds: z.number().int().nullable(),
    clockFlagged: z.boolean(),
    /** The device's clock now, estimated from that skew. */
    deviceTime: isoTime.nullable(),
  }),
  serverTime: isoTime,
  /** False for a Veeder-Root TLS console: it is polled and takes no commands. */
  takesCommands: z.boolean(),
  /** The caller may issue commands to this station. */
  canManage: z.boolean(),
  tanks: z.array(deviceTank),
});
export type DeviceOverview = z.infer<typeof deviceOverview>;

// ---------- height-volume table import ----------

export const strappingTemplateQuery = z.object({ tankId: id });
export const strappingImportQuery = z.object({ tankId: id, fileName: z.string().trim().min(1).max(200) });
export const strappingImportResult = z.object({ points: z.array(z.object({ heightMm: z.number(), volumeL: z.number() })) });
export type StrappingImportResult = z.infer<typeof strappingImportResult>;

// ---------- firmware (tab "device upgrade") ----------

export const FIRMWARE_STATUSES = ['pending', 'authorised', 'expired'] as const;
export const firmwareRow = z.object({
  id: z.number().int(),
  fileName: z.string(),
  deviceType: z.string(),
  version: z.string(),
  description: z.string().nullable(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  validFrom: isoTime.nullable(),
  validTo: isoTime.nullable(),
  status: z.enum(FIRMWARE_STATUSES),
  uploadedBy: z.string(),
  uploadedAt: isoTime,
  /** The last time an upgrade with it was issued. */
  lastIssuedAt: isoTime.nullable(),
  issuing: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
});
export type FirmwareRow = z.infer<typeof firmwareRow>;
export const firmwareListQuery = listQuery.extend({ deviceType: z.string().max(50).optional() });

/** POST /api/device-firmware: the file is the body (application/octet-stream), the rest is here. */
export const firmwareUploadQuery = z.object({
  fileName: z.string().trim().min(1).max(200),
  version: z.string().trim().max(50),
  deviceType: z.enum(FIRMWARE_DEVICE_TYPES),
  description: z.string().trim().max(FIRMWARE_DESCRIPTION_MAX).optional(),
  /** Both or neither: neither is authorised indefinitely. */
  validFrom: z.iso.datetime({ offset: true }).optional(),
  validTo: z.iso.datetime({ offset: true }).optional(),
});
export type FirmwareUploadQuery = z.infer<typeof firmwareUploadQuery>;
