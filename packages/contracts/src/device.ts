import { z } from 'zod';

/**
 * The device protocol (docs/device-protocol.md): what a data collector sends over HTTP push
 * (`POST /api/device/v1/stations/:code/report`, `Authorization: Bearer <device key>`) or MQTT
 * (topic `ullage/v1/stations/<code>/report`, or `…/tanks/<tank>/readings` with only readings).
 * Every source — HTTP, MQTT, the Veeder-Root poller, the simulator — ends in the same ingest
 * path. Units are SI: millimetres, litres, °C, kg/m³; times are ISO 8601 with an offset.
 *
 * A batch is validated item by item, not as a whole: one malformed reading is refused with
 * its path and rule while the rest of the batch is stored (issue 4). The envelope here only
 * checks the shape of the batch; `deviceReading` and friends check each item.
 */

export const RECORD_TYPES = ['hourly', 'shift', 'interval', 'start', 'end', 'single', 'alarm-period'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

export const SENSOR_TYPES = ['leak', 'gas', 'sump', 'interstitial', 'vapour', 'pressure'] as const;
export const SENSOR_STATES = ['normal', 'alarm', 'fault'] as const;
export const DEVICE_EVENT_TYPES = ['power-off', 'power-on'] as const;
export const ALARM_KINDS = ['level', 'leak'] as const;

/** Readings later than this after the server's clock are refused; this far off is flagged. */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;
export const CLOCK_SKEW_FLAG_MS = 5 * 60_000;
/** The most items of each kind one batch may carry. */
export const MAX_BATCH_ITEMS = 5000;

const time = z.iso.datetime({ offset: true });

/** The plausible range of each measured value; outside it a reading is refused. */
export const READING_RANGES = {
  productHeightMm: { min: 0, max: 100_000 },
  waterHeightMm: { min: 0, max: 100_000 },
  temperatureC: { min: -60, max: 120 },
  volumeL: { min: 0, max: 10_000_000 },
  tcVolumeL: { min: 0, max: 10_000_000 },
  waterVolumeL: { min: 0, max: 10_000_000 },
  ullageL: { min: 0, max: 10_000_000 },
  densityKgM3: { min: 300, max: 2000 },
} as const;
const ranged = (name: keyof typeof READING_RANGES) => z.number().finite().min(READING_RANGES[name].min).max(READING_RANGES[name].max);

export const deviceReading = z.object({
  /** The tank's code at its station (as in the station settings). */
  tank: z.string().trim().min(1).max(32),
  ts: time,
  type: z.enum(RECORD_TYPES).default('interval'),
  productHeightMm: ranged('productHeightMm'),
  waterHeightMm: ranged('waterHeightMm').default(0),
  temperatureC: ranged('temperatureC'),
  /** When the device computed them; otherwise the server does from the height-volume table. */
  volumeL: ranged('volumeL').optional(),
  tcVolumeL: ranged('tcVolumeL').optional(),
  waterVolumeL: ranged('waterVolumeL').optional(),
  /** Room left in the tank as the device measures it (a Veeder-Root console reports its own); otherwise capacity − (product + water). */
  ullageL: ranged('ullageL').optional(),
  densityKgM3: ranged('densityKgM3').optional(),
});
export type DeviceReading = z.infer<typeof deviceReading>;

export const deviceSensorState = z.object({
  sensorNo: z.string().trim().min(1).max(32),
  type: z.enum(SENSOR_TYPES).default('leak'),
  ts: time,
  state: z.enum(SENSOR_STATES),
  /** A leak/sensor alarm code of spec §3 while state is alarm. */
  code: z.number().int().positive().optional(),
});
export type DeviceSensorState = z.infer<typeof deviceSensorState>;

export const deviceAlarm = z.object({
  kind: z.enum(ALARM_KINDS),
  /** Level alarms name the tank, leak alarms the sensor. */
  tank: z.string().trim().min(1).max(32).optional(),
  sensorNo: z.string().trim().min(1).max(32).optional(),
  code: z.number().int().positive(),
  ts: time,
  state: z.enum(['active', 'cleared']).default('active'),
});
export type DeviceAlarm = z.infer<typeof deviceAlarm>;

export const deviceEvent = z.object({
  type: z.enum(DEVICE_EVENT_TYPES),
  ts: time,
  /** power-off carries the last inventory before the power went; power-on the first after. */
  readings: z.array(z.unknown()).max(100).default([]),
});
export type DeviceEvent = z.infer<typeof deviceEvent>;

/**
 * A delivery the device measured itself (a Veeder-Root console's delivery report, i202): the
 * tank's state when the drop started and when it settled. It replaces a delivery the server
 * detected from the level over the same time, and is idempotent by (tank, startedAt).
 */
const DELIVERY_MEASURES = { VolumeL: 'volumeL', TcVolumeL: 'tcVolumeL', HeightMm: 'productHeightMm', WaterHeightMm: 'waterHeightMm', TemperatureC: 'temperatureC' } as const;
/** The plausible range of each delivery value: that of the reading value it is (startVolumeL → volumeL). */
export const DELIVERY_RANGES: Readonly<Record<string, { min: number; max: number }>> = Object.fromEntries(
  Object.entries(DELIVERY_MEASURES).flatMap(([suffix, reading]) => ['start', 'end'].map((side) => [`${side}${suffix}`, READING_RANGES[reading]])),
);

export const deviceDelivery = z.object({
  tank: z.string().trim().min(1).max(32),
  startedAt: time,
  endedAt: time,
  startVolumeL: ranged('volumeL'),
  endVolumeL: ranged('volumeL'),
  startTcVolumeL: ranged('tcVolumeL').optional(),
  endTcVolumeL: ranged('tcVolumeL').optional(),
  startHeightMm: ranged('productHeightMm').optional(),
  endHeightMm: ranged('productHeightMm').optional(),
  startWaterHeightMm: ranged('waterHeightMm').optional(),
  endWaterHeightMm: ranged('waterHeightMm').optional(),
  startTemperatureC: ranged('temperatureC').optional(),
  endTemperatureC: ranged('temperatureC').optional(),
});
export type DeviceDelivery = z.infer<typeof deviceDelivery>;

/**
 * Metered sales (issue 23): what the pumps sold, for the reconciliation against the tank's
 * gauge. Either one sale (a transaction: time, volume, optionally amount and unit price) or a
 * dispenser totaliser reading (a meter's running total; the sales are its rises). A sale
 * names its tank, or — where tanks are manifolded and the pumps draw from all of them — the
 * product (its code): it is then sold from the station's tanks of that product together.
 * Idempotent: a transaction by its id (else by target, time and volume), a totaliser reading
 * by meter and time; a resent batch adds nothing. Volumes are gross litres at the nozzle; a
 * meter that compensates sends `tcVolumeL` too.
 */
export const SALE_RANGES = {
  volumeL: { min: 0, max: 10_000_000 },
  tcVolumeL: { min: 0, max: 10_000_000 },
  amount: { min: 0, max: 100_000_000 },
  unitPrice: { min: 0, max: 1_000_000 },
  totalL: { min: 0, max: 1e12 },
  tcTotalL: { min: 0, max: 1e12 },
} as const;
const saleRanged = (name: keyof typeof SALE_RANGES) => z.number().finite().min(SALE_RANGES[name].min).max(SALE_RANGES[name].max);
const saleTarget = {
  tank: z.string().trim().min(1).max(32).optional(),
  /** A product code: the station's tanks of that product, manifolded. */
  product: z.string().trim().min(1).max(64).optional(),
};

export const deviceSale = z.object({
  ...saleTarget,
  /** The device's own id of the transaction, when it has one. */
  id: z.string().trim().min(1).max(64).optional(),
  ts: time,
  volumeL: saleRanged('volumeL'),
  tcVolumeL: saleRanged('tcVolumeL').optional(),
  amount: saleRanged('amount').optional(),
  unitPrice: saleRanged('unitPrice').optional(),
  /** The dispenser or nozzle, for the record. */
  meter: z.string().trim().min(1).max(32).optional(),
});
export type DeviceSale = z.infer<typeof deviceSale>;

export const deviceMeterTotal = z.object({
  ...saleTarget,
  /** The dispenser or nozzle whose totaliser this is: its readings rise, never fall. */
  meter: z.string().trim().min(1).max(32),
  ts: time,
  totalL: saleRanged('totalL'),
  tcTotalL: saleRanged('tcTotalL').optional(),
});
export type DeviceMeterTotal = z.infer<typeof deviceMeterTotal>;

/**
 * A delivery's ticket (the tanker's paperwork): the volume the supplier says it delivered into
 * the tank. `deliveredAt` is any time within the drop (or up to DELIVERY_TICKET_MATCH_MS from
 * it); the ticket is set on that delivery. Sent again, it replaces the ticket.
 */
export const DELIVERY_TICKET_MATCH_MS = 6 * 3_600_000;
export const deviceTicket = z.object({
  tank: z.string().trim().min(1).max(32),
  deliveredAt: time,
  volumeL: saleRanged('volumeL').positive(),
  tcVolumeL: saleRanged('tcVolumeL').optional(),
  ticketNo: z.string().trim().min(1).max(64).optional(),
});
export type DeviceTicket = z.infer<typeof deviceTicket>;

/** The batch envelope: items stay `unknown` here so each is judged on its own. */
export const deviceReport = z.object({
  /** The device's own name for the batch, echoed in the answer (MQTT acknowledgements). */
  batchId: z.string().max(64).optional(),
  /** The device's own clock when it sent the batch; compared with the server's. */
  sentAt: time.optional(),
  readings: z.array(z.unknown()).max(MAX_BATCH_ITEMS).default([]),
  sensors: z.array(z.unknown()).max(MAX_BATCH_ITEMS).default([]),
  alarms: z.array(z.unknown()).max(MAX_BATCH_ITEMS).default([]),
  events: z.array(z.unknown()).max(100).default([]),
  deliveries: z.array(z.unknown()).max(1000).default([]),
  /** Metered sales: transactions and totaliser readings (issue 23), and delivery tickets. */
  sales: z.array(z.unknown()).max(MAX_BATCH_ITEMS).default([]),
  meterTotals: z.array(z.unknown()).max(MAX_BATCH_ITEMS).default([]),
  tickets: z.array(z.unknown()).max(1000).default([]),
  /** Only on an external MQTT broker, where the connection does not identify the station. */
  deviceKey: z.string().max(200).optional(),
});
export type DeviceReport = z.input<typeof deviceReport>;

export interface RefusedItem {
  /** e.g. "readings[3].temperatureC" */
  path: string;
  /** The rule broken, in the request's language. */
  message: string;
}

/** The answer to a batch: sent only once its data is committed. */
export const deviceReportResult = z.object({
  batchId: z.string().optional(),
  accepted: z.number().int(),
  duplicates: z.number().int(),
  refused: z.array(z.object({ path: z.string(), message: z.string() })),
  serverTime: z.string(),
  /** Device clock minus server clock, when sentAt was given. */
  clockSkewSeconds: z.number().nullable(),
  clockFlagged: z.boolean(),
  /** When the batch carried metered sales, totaliser readings or tickets: sales and readings new to the store, those already there, tickets set. */
  sales: z.object({ accepted: z.number().int(), duplicates: z.number().int(), tickets: z.number().int() }).optional(),
});
export type DeviceReportResult = z.infer<typeof deviceReportResult>;

export const MQTT_TOPIC_ROOT = 'ullage/v1/stations';
export const mqttReportTopic = (stationCode: string) => `${MQTT_TOPIC_ROOT}/${stationCode}/report`;
export const mqttTankTopic = (stationCode: string, tank: string) => `${MQTT_TOPIC_ROOT}/${stationCode}/tanks/${tank}/readings`;
export const mqttAckTopic = (stationCode: string) => `${MQTT_TOPIC_ROOT}/${stationCode}/ack`;

const ISO_WITH_OFFSET = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;
/** Date.parse rolls 30 February over to March; zod does not, and neither may we. */
const realDay = (m: RegExpExecArray) => new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).getUTCDate() === Number(m[3]);
const inRange = (v: unknown, name: keyof typeof READING_RANGES): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= READING_RANGES[name].min && v <= READING_RANGES[name].max;
const optionalInRange = (v: unknown, name: keyof typeof READING_RANGES) => v === undefined || inRange(v, name);

/**
 * The common case of `deviceReading.safeParse`, without its allocations: a well-formed
 * reading gives the same value zod would; anything unusual (a missing field, a bad value,
 * extra spaces in the tank code, an impossible date) answers null, and the caller asks zod,
 * which also says what is wrong. Ingest runs this for every reading (issue 4 budget);
 * device.test.ts holds it to zod on a table of inputs.
 */
export function fastDeviceReading(raw: unknown): DeviceReading | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const { tank, ts, type } = r;
  if (typeof tank !== 'string' || tank.length === 0 || tank.length > 32 || tank.trim() !== tank) return null;
  if (typeof ts !== 'string') return null;
  const date = ISO_WITH_OFFSET.exec(ts);
  if (!date || !realDay(date) || Number.isNaN(Date.parse(ts))) return null;
  if (type !== undefined && !(RECORD_TYPES as readonly unknown[]).includes(type)) return null;
  if (!inRange(r.productHeightMm, 'productHeightMm') || !inRange(r.temperatureC, 'temperatureC')) return null;
  if (!optionalInRange(r.waterHeightMm, 'waterHeightMm') || !optionalInRange(r.volumeL, 'volumeL') || !optionalInRange(r.tcVolumeL, 'tcVolumeL')) return null;
  if (!optionalInRange(r.waterVolumeL, 'waterVolumeL') || !optionalInRange(r.ullageL, 'ullageL') || !optionalInRange(r.densityKgM3, 'densityKgM3')) return null;
  const reading: DeviceReading = {
    tank,
    ts,
    type: (type as RecordType | undefined) ?? 'interval',
    productHeightMm: r.productHeightMm,
    waterHeightMm: (r.waterHeightMm as number | undefined) ?? 0,
    temperatureC: r.temperatureC,
  };
  if (r.volumeL !== undefined) reading.volumeL = r.volumeL as number;
  if (r.tcVolumeL !== undefined) reading.tcVolumeL = r.tcVolumeL as number;
  if (r.waterVolumeL !== undefined) reading.waterVolumeL = r.waterVolumeL as number;
  if (r.ullageL !== undefined) reading.ullageL = r.ullageL as number;
  if (r.densityKgM3 !== undefined) reading.densityKgM3 = r.densityKgM3 as number;
  return reading;
}

// ---------- commands to devices (issue 7; docs/device-protocol.md "Commands") ----------

/**
 * A command the server hands to a station's device: over MQTT on `mqttCommandTopic`, and to
 * HTTP devices in the answer to their next report (`commands`) or from
 * `GET /api/device/v1/stations/:code/commands`. The device applies it and answers once with
 * `deviceCommandAck` (success, or failed with its reason); it may send progress before that.
 * A device recognises a command it already has by its id (a command is handed over again
 * until it is answered).
 */
const commandTank = z.string().min(1).max(32);
const nullableMm = z.number().finite().min(0).max(100_000).nullable();
export const commandParams = {
  /** The tank's alarm thresholds; null switches one off. */
  thresholds: z.object({ tank: commandTank, highOilAlarmMm: nullableMm, highOilWarnMm: nullableMm, lowOilWarnMm: nullableMm, lowOilAlarmMm: nullableMm, highWaterAlarmMm: nullableMm }),
  /** The tank's whole height-volume table, sorted by height. */
  strapping: z.object({ tank: commandTank, points: z.array(z.object({ heightMm: z.number().finite(), volumeL: z.number().finite() })).max(2000) }),
  /** The tank's tilt (degrees, positive when the probe's end is lower) and the probe's distance from the middle. */
  tilt: z.object({ tank: commandTank, tiltDeg: z.number().finite(), probeOffsetMm: z.number().finite() }),
  /** Set the clock to `time` on receipt; `sync` carries the server's time at the moment it was handed over. */
  clock: z.object({ mode: z.enum(['set', 'sync']), time }),
  /** Download `url` with the device key, check size and SHA-256, install, answer with the new version. */
  firmware: z.object({ firmwareId: z.number().int(), version: z.string(), deviceType: z.string(), fileName: z.string(), sizeBytes: z.number().int(), sha256: z.string(), url: z.string() }),
} as const;

const commandBase = { id: z.number().int().positive(), issuedAt: time, expiresAt: time };
export const deviceCommand = z.discriminatedUnion('kind', [
  z.object({ ...commandBase, kind: z.literal('thresholds'), params: commandParams.thresholds }),
  z.object({ ...commandBase, kind: z.literal('strapping'), params: commandParams.strapping }),
  z.object({ ...commandBase, kind: z.literal('tilt'), params: commandParams.tilt }),
  z.object({ ...commandBase, kind: z.literal('clock'), params: commandParams.clock }),
  z.object({ ...commandBase, kind: z.literal('firmware'), params: commandParams.firmware }),
]);
export type DeviceCommand = z.infer<typeof deviceCommand>;

/** What a device may tell about itself in an answer (shown in base info). */
export const deviceSelfReport = z.object({
  firmwareVersion: z.string().trim().min(1).max(32).optional(),
  /** The device's clock when it answered. */
  time: time.optional(),
  serverHost: z.string().trim().min(1).max(255).optional(),
  serverPort: z.number().int().min(1).max(65535).optional(),
});

export const COMMAND_ACK_STATUSES = ['success', 'failed', 'progress'] as const;
export const deviceCommandAck = z.object({
  id: z.number().int().positive(),
  status: z.enum(COMMAND_ACK_STATUSES),
  /** Why the device refused (status failed), in its own words. */
  reason: z.string().trim().max(500).optional(),
  /** Per cent done, with status progress (an upgrade downloading or flashing). */
  progress: z.number().int().min(0).max(100).optional(),
  device: deviceSelfReport.optional(),
  /** Only on an external MQTT broker, where the connection does not identify the station. */
  deviceKey: z.string().max(200).optional(),
});
export type DeviceCommandAck = z.input<typeof deviceCommandAck>;

/** The server's answer to an ack: the command's state after it (an ack to an ended command changes nothing). */
export const deviceCommandAckResult = z.object({ id: z.number().int(), state: z.enum(['issuing', 'success', 'failed', 'cancelled']), applied: z.boolean() });
export type DeviceCommandAckResult = z.infer<typeof deviceCommandAckResult>;

/** The answer to an HTTP report: the result, and the commands waiting for the device, when there are any. */
export const deviceReportAnswer = deviceReportResult.extend({ commands: z.array(deviceCommand).optional() });
export type DeviceReportAnswer = z.infer<typeof deviceReportAnswer>;

export const mqttCommandTopic = (stationCode: string) => `${MQTT_TOPIC_ROOT}/${stationCode}/commands`;
export const mqttCommandAckTopic = (stationCode: string) => `${MQTT_TOPIC_ROOT}/${stationCode}/commands/ack`;
