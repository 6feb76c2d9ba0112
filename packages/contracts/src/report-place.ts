import { z } from 'zod';

/**
 * Where a report row is, as every report and data page shows it: the station, with its zone
 * (days and times are the station's own) and its company's display units (spec §9: 1 or null
 * litres / °C). Spread into a row's schema; the server fills it with `lib/report-place.ts`.
 */
export const stationOfRow = {
  stationId: z.number().int(),
  stationName: z.string(),
  stationCode: z.string(),
  companyName: z.string(),
  timezone: z.string(),
  volumeUnit: z.number().int().nullable(),
  tempUnit: z.number().int().nullable(),
};

/** The station's place, and the tank with its product. */
export const tankOfRow = {
  ...stationOfRow,
  tankId: z.number().int(),
  tankCode: z.string(),
  productName: z.string().nullable(),
  productColor: z.string().nullable(),
};
