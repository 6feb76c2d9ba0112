import { z } from 'zod';

/** A station as the foundation's read-only endpoints show it (settings come with issue 3). */
export const stationSummary = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  areaId: z.number().int().nullable(),
  areaName: z.string().nullable(),
  timezone: z.string(),
  address: z.string().nullable(),
  deviceType: z.string().nullable(),
  tankCount: z.number().int(),
});
export type StationSummary = z.infer<typeof stationSummary>;

export const tankSummary = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  code: z.string(),
  productCode: z.string().nullable(),
  productName: z.string().nullable(),
  heightMm: z.number(),
  volumeL: z.number(),
});
export type TankSummary = z.infer<typeof tankSummary>;
