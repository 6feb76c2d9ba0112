import { z } from 'zod';

/**
 * The Veeder-Root TLS console of a station (issue 9), as the station form shows it.
 * GET /api/station/:id/atg answers atgStatus; POST /api/station/:id/atg/test polls the
 * console once, now, and answers atgTestResult. Both in the usual envelope. A station's poll
 * interval and security code are station fields (settings-more.ts stationInput).
 */

/** How the console answered: computer format (SOH-framed, checksummed) or display format (the printed report). */
export const ATG_FORMATS = ['computer', 'display'] as const;
/** The console's unit system as it reports it; the API converts to SI either way. */
export const ATG_UNIT_SYSTEMS = ['us', 'metric', 'imperial'] as const;

const isoTime = z.string();

export const atgStatus = z.object({
  /** The station is polled: its device type is veeder-root-tls and its device IP and port are set. */
  enabled: z.boolean(),
  /** The last poll was answered. */
  connected: z.boolean(),
  lastReplyAt: isoTime.nullable(),
  lastPollAt: isoTime.nullable(),
  /** Why the last poll failed, localised by the request's language; null after a good one. */
  lastError: z.string().nullable(),
  /**
   * The last inventory held a value that cannot be right for its tank (a temperature no buried
   * tank reaches, a level above the top…): usually the console's units taken wrongly. Localised;
   * null when all fit.
   */
  warning: z.string().nullable().default(null),
  format: z.enum(ATG_FORMATS).nullable(),
  units: z.enum(ATG_UNIT_SYSTEMS).nullable(),
  /** The interval in use: the station's own or the default. */
  pollSeconds: z.number().int(),
  /**
   * Another server instance holds the console (one client per console): this instance stands
   * by and takes over if that one stops renewing. Its facts here are then its own, not live.
   */
  standby: z.boolean().default(false),
});
export type AtgStatus = z.infer<typeof atgStatus>;

/** One tank of the console's in-tank inventory, in SI (L, mm, °C) whatever the console's units. */
export const atgTestTank = z.object({
  /** The tank as the console numbers it. */
  tank: z.string(),
  /** The product label the console holds for it, if any. */
  product: z.string().nullable(),
  volumeL: z.number().nullable(),
  productHeightMm: z.number().nullable(),
  waterHeightMm: z.number().nullable(),
  temperatureC: z.number().nullable(),
  /** A tank of this station has that code: its readings will land there. */
  matched: z.boolean(),
});
export type AtgTestTank = z.infer<typeof atgTestTank>;

export const atgTestResult = z.object({
  ok: z.boolean(),
  /** Why it failed (timeout, connection refused, bad checksum…), localised; null when ok. */
  error: z.string().nullable(),
  format: z.enum(ATG_FORMATS).nullable(),
  units: z.enum(ATG_UNIT_SYSTEMS).nullable(),
  /** The console's clock as it printed it, `YYYY-MM-DD HH:mm` (the console's own time zone). */
  consoleTime: z.string().nullable(),
  /** From opening the connection to the last byte of the answer. */
  elapsedMs: z.number(),
  tanks: z.array(atgTestTank),
});
export type AtgTestResult = z.infer<typeof atgTestResult>;
