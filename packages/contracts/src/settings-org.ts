import { z } from 'zod';
import { listQuery } from './list';

/**
 * Settings of the organisation tree above stations: distributors, companies, areas
 * (spec §3, §5). Rules are checked on the server (91011 naming field and rule, 80006 for a
 * code that exists, 80007 for a delete others depend on) and mirrored in the forms.
 */

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullish();

// ---------- distributor ----------
export const distributorTankType = z.object({
  code: text(32),
  /** Product (oil) name or code the tank type is meant for. */
  oil: text(50),
  maxVolumeL: z.number().positive().max(1_000_000),
  heightMm: z.number().positive().max(10_000),
});
export const distributorInput = z.object({
  name: text(100),
  area: optionalText(100),
  country: optionalText(100),
  contactName: text(50),
  /** Digits and hyphen only (spec §5). */
  phone: text(30),
  position: optionalText(50),
  /** A data URL: image/png or image/jpeg, under 1 MB, checked by content. Null removes it. */
  logo: z.string().max(1_500_000).nullish(),
  tankTypes: z.array(distributorTankType).max(100).default([]),
});
export type DistributorInput = z.infer<typeof distributorInput>;
export const distributorRow = z.object({
  id: z.number().int(),
  name: z.string(),
  area: z.string().nullable(),
  country: z.string().nullable(),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
  position: z.string().nullable(),
  logo: z.string().nullable(),
  tankTypes: z.array(distributorTankType),
  companyCount: z.number().int(),
  createdAt: z.string(),
});
export type DistributorRow = z.infer<typeof distributorRow>;
export const distributorListQuery = listQuery;

// ---------- company ----------
export const UNIT_CHOICES = [1, 2] as const;
export const companyInput = z.object({
  name: text(100),
  code: text(32),
  distributorId: z.number().int().positive(),
  province: optionalText(50),
  city: optionalText(50),
  district: optionalText(50),
  /** 1 °C, 2 °F (spec §9). */
  tempUnit: z.union([z.literal(1), z.literal(2)]),
  /** 1 litres, 2 US gallons (spec §9). */
  volumeUnit: z.union([z.literal(1), z.literal(2)]),
  contactName: text(50),
  contactPhone: text(30),
  /** Leak-test threshold, L/h (issue 22): a tank whose estimated loss is at or over it fails. Default 0.76 (0.2 US gal/h). */
  leakThresholdLph: z.number().positive().max(100).optional(),
  /** Wetstock (issue 23): a ticket differing from the gauged delivery by more than this % is flagged. Default 0.5. */
  ticketTolerancePct: z.number().min(0).max(100).optional(),
  /** A variance beyond this % of metered sales, summed over `varianceAlarmDays` days, raises alarm 61. Default 1. */
  varianceAlarmPct: z.number().positive().max(100).optional(),
  varianceAlarmDays: z.number().int().min(1).max(31).optional(),
  /** A tank forecast to reach its low alarm within this many hours raises notice 62. Default 24. */
  runOutHorizonHours: z.number().int().min(1).max(720).optional(),
});
export type CompanyInput = z.infer<typeof companyInput>;
export const companyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  distributorId: z.number().int(),
  distributorName: z.string(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  district: z.string().nullable(),
  tempUnit: z.number().int(),
  volumeUnit: z.number().int(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  disabled: z.boolean(),
  stationCount: z.number().int(),
  createdAt: z.string(),
  /** Leak-test threshold, L/h (shown in the company's volume unit per hour). */
  leakThresholdLph: z.number(),
  ticketTolerancePct: z.number(),
  varianceAlarmPct: z.number(),
  varianceAlarmDays: z.number().int(),
  runOutHorizonHours: z.number().int(),
});
export type CompanyRow = z.infer<typeof companyRow>;
export const companyListQuery = listQuery.extend({
  distributorId: z.coerce.number().int().positive().optional(),
  status: z.enum(['enabled', 'disabled']).optional(),
});
export const statusInput = z.object({ disabled: z.boolean() });

// ---------- area ----------
export const areaInput = z.object({ name: text(50), companyId: z.number().int().positive() });
export type AreaInput = z.infer<typeof areaInput>;
export const areaRow = z.object({
  id: z.number().int(),
  name: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  distributorId: z.number().int(),
  stationCount: z.number().int(),
  createdAt: z.string(),
});
export type AreaRow = z.infer<typeof areaRow>;
export const areaListQuery = listQuery.extend({
  companyId: z.coerce.number().int().positive().optional(),
  distributorId: z.coerce.number().int().positive().optional(),
});

export const idParams = z.object({ id: z.coerce.number().int().positive() });
