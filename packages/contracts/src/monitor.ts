import { z } from 'zod';

/**
 * Live inventory as the web app reads it (home dashboard, station monitor, big screen).
 * Values are SI (mm, litres, °C); the web converts by the company's units (tempUnit,
 * volumeUnit, spec §9), which every station row carries.
 */

export const STATION_STATUSES = ['online', 'offline', 'alarm'] as const;
export type StationStatus = (typeof STATION_STATUSES)[number];

export const tankLive = z.object({
  tankId: z.number().int(),
  code: z.string(),
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  productColor: z.string().nullable(),
  heightMm: z.number(),
  capacityL: z.number(),
  /** Null until the tank's first reading. */
  ts: z.string().nullable(),
  type: z.string().nullable(),
  productHeightMm: z.number().nullable(),
  waterHeightMm: z.number().nullable(),
  temperatureC: z.number().nullable(),
  volumeL: z.number().nullable(),
  tcVolumeL: z.number().nullable(),
  waterVolumeL: z.number().nullable(),
  ullageL: z.number().nullable(),
  fillPct: z.number().nullable(),
  highOilWarnMm: z.number().nullable(),
  highOilAlarmMm: z.number().nullable(),
  lowOilWarnMm: z.number().nullable(),
  lowOilAlarmMm: z.number().nullable(),
  highWaterAlarmMm: z.number().nullable(),
});
export type TankLive = z.infer<typeof tankLive>;

/** The part of a tank's live state that a reading changes. */
export type TankReadingLive = Pick<
  TankLive,
  'tankId' | 'ts' | 'type' | 'productHeightMm' | 'waterHeightMm' | 'temperatureC' | 'volumeL' | 'tcVolumeL' | 'waterVolumeL' | 'ullageL' | 'fillPct'
>;

export const sensorLive = z.object({
  sensorNo: z.string(),
  type: z.string(),
  state: z.string(),
  code: z.number().int().nullable(),
  ts: z.string(),
});
export type SensorLive = z.infer<typeof sensorLive>;

export const activeAlarm = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  stationName: z.string(),
  /** The station's IANA zone: its alarms are shown on its own clock, with the zone beside the time. */
  timezone: z.string(),
  kind: z.enum(['level', 'leak']),
  code: z.number().int(),
  tankCode: z.string().nullable(),
  sensorNo: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});
export type ActiveAlarm = z.infer<typeof activeAlarm>;

export const stationSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  areaName: z.string().nullable(),
  timezone: z.string(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  tempUnit: z.number().int(),
  volumeUnit: z.number().int(),
  status: z.enum(STATION_STATUSES),
  /** The newest reading's time (device clock); null when it never reported. */
  lastDataAt: z.string().nullable(),
  clockFlagged: z.boolean(),
  tankCount: z.number().int(),
  activeAlarmCount: z.number().int(),
  volumeL: z.number(),
  capacityL: z.number(),
});
export type StationSummary = z.infer<typeof stationSummary>;

export const productInventory = z.object({
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  color: z.string().nullable(),
  volumeL: z.number(),
  capacityL: z.number(),
  fillPct: z.number(),
  tankCount: z.number().int(),
});

/** GET /api/monitor/overview — the home dashboard and big screen. */
export const monitorOverview = z.object({
  serverTime: z.string(),
  counts: z.object({ total: z.number().int(), online: z.number().int(), offline: z.number().int(), alarm: z.number().int() }),
  products: z.array(productInventory),
  /** Alarms started since the viewer's local midnight (newest first, at most 50) and their count. */
  todayAlarms: z.array(activeAlarm),
  todayAlarmCount: z.number().int(),
  /** Deliveries started since the viewer's midnight, those in progress included, and the litres they brought. */
  todayDeliveryCount: z.number().int(),
  todayDeliveredL: z.number(),
  stations: z.array(stationSummary),
  /** The map's tile source (MAP_TILE_URL, `{z}/{x}/{y}` template); null: draw the map without tiles. */
  mapTiles: z.object({ url: z.string(), attribution: z.string() }).nullable(),
});
export type MonitorOverview = z.infer<typeof monitorOverview>;

/** GET /api/monitor/station/:id — one station's tanks, sensors and alarms. */
export const stationMonitor = z.object({
  serverTime: z.string(),
  station: stationSummary.extend({ address: z.string().nullable(), phone: z.string().nullable() }),
  tanks: z.array(tankLive),
  sensors: z.array(sensorLive),
  alarms: z.array(activeAlarm),
});
export type StationMonitor = z.infer<typeof stationMonitor>;

/**
 * GET /api/monitor/events — server-sent events, each `data:` a LiveEvent as JSON. Filtered
 * on the server by the viewer's scope, and by `stationId` when given.
 */
export type LiveEvent =
  /** Only the tanks whose latest reading moved, with the reading's fields (merge by tankId). */
  | { type: 'inventory'; stationId: number; tanks: TankReadingLive[] }
  | { type: 'sensors'; stationId: number; sensors: SensorLive[] }
  | { type: 'status'; stationId: number; status: StationStatus; lastDataAt: string | null }
  | { type: 'alarm'; stationId: number; alarm: ActiveAlarm };
