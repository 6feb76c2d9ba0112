import { z } from 'zod';
import { ATG_DEVICE_TYPE, ATG_POLL_SECONDS_MAX, ATG_POLL_SECONDS_MIN, ATG_SECURITY_CODE_PATTERN } from '@ullage/domain/atg-settings';
import { listQuery } from './list';

/**
 * Settings below the organisation tree: products, tags, accounts, stations with tanks
 * (spec §3, §5, issue 3). Same conventions as settings-org.ts: lists answer
 * {list,total,page,pageSize}; 91011 names field and rule; 80006 for an existing code or user
 * name; 80007 when something depends on the row; 80003 when the role may not; 80001 out of scope.
 */
const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullish();
const isoTime = z.string();

// ---------- product (oil) ----------
export const PRODUCT_TYPES = ['gasoline', 'diesel'] as const;
export const productInput = z.object({
  name: text(50),
  shortName: optionalText(20),
  code: text(32),
  type: z.enum(PRODUCT_TYPES),
  distributorId: z.number().int().positive(),
  /** A product may be reserved to one company of the distributor; null: all its companies. */
  companyId: z.number().int().positive().nullish(),
  /** #rrggbb, used for this product everywhere in the UI (getInfo oilColor). */
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
});
export type ProductInput = z.infer<typeof productInput>;
export const productRow = productInput.extend({
  id: z.number().int(),
  shortName: z.string().nullable(),
  companyId: z.number().int().nullable(),
  distributorName: z.string(),
  companyName: z.string().nullable(),
  tankCount: z.number().int(),
  createdAt: isoTime,
});
export type ProductRow = z.infer<typeof productRow>;
export const productListQuery = listQuery.extend({
  distributorId: z.coerce.number().int().positive().optional(),
  companyId: z.coerce.number().int().positive().optional(),
  type: z.enum(PRODUCT_TYPES).optional(),
});

// ---------- tag ----------
export const tagInput = z.object({
  key: text(64),
  value: text(255),
  type: text(64),
  typeValue: optionalText(255),
  remark: optionalText(500),
});
export type TagInput = z.infer<typeof tagInput>;
export const tagRow = tagInput.extend({
  id: z.number().int(),
  typeValue: z.string().nullable(),
  remark: z.string().nullable(),
  disabled: z.boolean(),
  creator: z.string(),
  createdAt: isoTime,
  modifier: z.string().nullable(),
  modifiedAt: isoTime.nullable(),
});
export type TagRow = z.infer<typeof tagRow>;
export const tagListQuery = listQuery.extend({ type: z.string().max(64).optional(), status: z.enum(['enabled', 'disabled']).optional() });

// ---------- account ----------
/** Account types an account can be given (organisation/account.ts ACCOUNT_TYPES, without admin). */
export const ACCOUNT_TYPE_CHOICES = [1, 2, 3, 4] as const;
export const accountInput = z.object({
  username: text(50),
  nickname: text(50),
  /** Required when creating (at least 8 characters); ignored on edit — use reset. */
  password: z.string().max(255).optional(),
  /** 1 distributor, 2 company, 3 station, 4 station attendant. */
  accountType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  /** The unit the account belongs to: a distributor, company or station id, by accountType. */
  unitId: z.number().int().positive(),
  email: z.string().trim().max(255).email().nullish().or(z.literal('')),
  casUser: optionalText(255),
});
export type AccountInput = z.infer<typeof accountInput>;
export const accountRow = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  accountType: z.number().int(),
  unitId: z.number().int().nullable(),
  unitName: z.string().nullable(),
  distributorId: z.number().int().nullable(),
  companyId: z.number().int().nullable(),
  stationId: z.number().int().nullable(),
  email: z.string().nullable(),
  casUser: z.string().nullable(),
  disabled: z.boolean(),
  passwordUnsafe: z.boolean(),
  createdAt: isoTime,
});
export type AccountRow = z.infer<typeof accountRow>;
export const accountListQuery = listQuery.extend({
  accountType: z.coerce.number().int().min(1).max(4).optional(),
  companyId: z.coerce.number().int().positive().optional(),
  status: z.enum(['enabled', 'disabled']).optional(),
});
/** POST /api/account/:id/reset-password → a temporary password, shown once. */
export const resetPasswordResult = z.object({ temporaryPassword: z.string() });

// ---------- station and tanks ----------
export const DEVICE_TYPES = ['ullage-collector', ATG_DEVICE_TYPE] as const;
export const strappingPoint = z.object({ heightMm: z.number().min(0).max(100_000), volumeL: z.number().min(0).max(10_000_000) });
export const tankInput = z.object({
  /** Kept when editing an existing tank; absent for a new one. */
  id: z.number().int().positive().optional(),
  code: text(16),
  productId: z.number().int().positive(),
  heightMm: z.number().positive().max(100_000),
  volumeL: z.number().positive().max(10_000_000),
  diameterMm: z.number().positive().max(100_000).nullish(),
  probeAddress: optionalText(32),
  oilOffsetMm: z.number().min(-10_000).max(10_000).default(0),
  waterOffsetMm: z.number().min(-10_000).max(10_000).default(0),
  highOilAlarmMm: z.number().min(0).max(100_000).nullish(),
  highOilWarnMm: z.number().min(0).max(100_000).nullish(),
  lowOilWarnMm: z.number().min(0).max(100_000).nullish(),
  lowOilAlarmMm: z.number().min(0).max(100_000).nullish(),
  highWaterAlarmMm: z.number().min(0).max(100_000).nullish(),
  strapping: z.array(strappingPoint).max(2000).default([]),
});
export type TankInput = z.infer<typeof tankInput>;
export const stationInput = z.object({
  name: text(100),
  code: text(32),
  taxNumber: text(50),
  companyId: z.number().int().positive(),
  areaId: z.number().int().positive().nullish(),
  address: optionalText(200),
  phone: optionalText(30),
  /** IANA timezone name. */
  timezone: text(64),
  /** Decimal degrees as text, at most five decimals (spec §5). */
  longitude: z.string().trim().max(20).nullish(),
  latitude: z.string().trim().max(20).nullish(),
  deviceIp: optionalText(255),
  devicePort: z.number().int().min(1).max(65535).nullish(),
  serverIp: optionalText(255),
  deviceType: z.enum(DEVICE_TYPES),
  instrumentType: optionalText(50),
  /**
   * Veeder-Root TLS console (issue 9); stored as null unless deviceType is veeder-root-tls.
   * Seconds between polls, null for the default (60).
   */
  atgPollSeconds: z.number().int().min(ATG_POLL_SECONDS_MIN).max(ATG_POLL_SECONDS_MAX).nullish(),
  /** The console's security code, 6 letters or digits; null or blank for none. */
  atgSecurityCode: z.union([z.literal(''), z.string().trim().regex(ATG_SECURITY_CODE_PATTERN)]).nullish(),
  tanks: z.array(tankInput).max(1000),
});
export type StationInput = z.infer<typeof stationInput>;
export const tankRow = tankInput.extend({
  id: z.number().int(),
  productName: z.string().nullable(),
  productColor: z.string().nullable(),
  diameterMm: z.number().nullable(),
  probeAddress: z.string().nullable(),
  highOilAlarmMm: z.number().nullable(),
  highOilWarnMm: z.number().nullable(),
  lowOilWarnMm: z.number().nullable(),
  lowOilAlarmMm: z.number().nullable(),
  highWaterAlarmMm: z.number().nullable(),
});
export const stationRow = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  taxNumber: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  areaId: z.number().int().nullable(),
  areaName: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  timezone: z.string(),
  longitude: z.string().nullable(),
  latitude: z.string().nullable(),
  deviceIp: z.string().nullable(),
  devicePort: z.number().int().nullable(),
  serverIp: z.string().nullable(),
  deviceType: z.string().nullable(),
  instrumentType: z.string().nullable(),
  atgPollSeconds: z.number().int().nullable(),
  atgSecurityCode: z.string().nullable(),
  tankCount: z.number().int(),
  hasDeviceKey: z.boolean(),
  createdAt: isoTime,
});
export type StationRow = z.infer<typeof stationRow>;
export const stationDetail = stationRow.extend({ tanks: z.array(tankRow) });
export type StationDetail = z.infer<typeof stationDetail>;
export const stationListQuery = listQuery.extend({
  companyId: z.coerce.number().int().positive().optional(),
  areaId: z.coerce.number().int().positive().optional(),
  distributorId: z.coerce.number().int().positive().optional(),
});
/** Create and rotate answer the device key once; it is never readable again. */
export const stationSaved = z.object({ station: stationDetail, deviceKey: z.string().nullable() });
