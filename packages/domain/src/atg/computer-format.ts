import { LIQUID_SENSOR_STATUSES } from './alarm-types';
import { AtgParseError, FieldReader } from './field-reader';
import type { InventoryMeasures } from './inventory-measures';
import type { ConsoleTime } from './time';
import type { ConsoleUnits } from './units';

export { AtgParseError };

/**
 * Parsers of computer-format replies (atg-protocol.md §3). Each takes the `data` of a
 * decoded frame (after the echoed code, before `&&`), which always starts with the console's
 * current time. Records repeat until the data ends: parsing is driven by the counts in the
 * reply, with no limit on the number of tanks.
 *
 * Device numbers (TT, SS) have 2 digits, so tank 100 cannot be addressed or reported: a
 * record numbered `00` is returned as tank 0 (no manual says a console wraps 100 to 00, so we
 * do not guess), which matches no Ullage tank.
 */

export interface TankInventory extends InventoryMeasures {
  tank: number;
  /** One character (function 603); null when `?`. */
  product: string | null;
  /** The 16-bit `ssss`; null when `?`-filled, and then every flag below is false. */
  status: number | null;
  deliveryInProgress: boolean;
  leakTestInProgress: boolean;
  /** MAG probes only. */
  invalidFuelHeight: boolean;
  waterVolume: number | null;
}

export interface InventoryReply {
  time: ConsoleTime | null;
  tanks: TankInventory[];
}

const INVENTORY_FLOATS = ['volume', 'tcVolume', 'ullage', 'height', 'water', 'temperature', 'waterVolume'] as const;

/** i201TT: `YYMMDDHHmm { TT p ssss NN F×NN }*`. Exactly NN floats are read; the first 7 are used and missing ones are null. */
export function parseInventory(data: string): InventoryReply {
  const r = new FieldReader('i201', data);
  const time = r.time('time');
  const tanks: TankInventory[] = [];
  while (r.remaining > 0) {
    const tank = tankNumber(r, `record ${tanks.length + 1} tank`);
    const where = `tank ${tank}`;
    const product = optionalChar(r.raw(1, `${where} product`));
    const status = r.hex(4, `${where} status`);
    const floats = readFloats(r, where, INVENTORY_FLOATS);
    tanks.push({
      tank,
      product,
      status,
      deliveryInProgress: status !== null && (status & 0x0001) !== 0,
      leakTestInProgress: status !== null && (status & 0x0002) !== 0,
      invalidFuelHeight: status !== null && (status & 0x0004) !== 0,
      ...floats,
    });
  }
  return { time, tanks };
}

export interface Delivery {
  start: ConsoleTime | null;
  end: ConsoleTime | null;
  startVolume: number | null;
  startTcVolume: number | null;
  startWater: number | null;
  startTemperature: number | null;
  endVolume: number | null;
  endTcVolume: number | null;
  endWater: number | null;
  endTemperature: number | null;
  startHeight: number | null;
  endHeight: number | null;
}

export interface TankDeliveries {
  tank: number;
  product: string | null;
  /** In the console's order: newest first in the public captures. */
  deliveries: Delivery[];
}

export interface DeliveriesReply {
  time: ConsoleTime | null;
  tanks: TankDeliveries[];
}

const DELIVERY_FLOATS = ['startVolume', 'startTcVolume', 'startWater', 'startTemperature', 'endVolume', 'endTcVolume', 'endWater', 'endTemperature', 'startHeight', 'endHeight'] as const;

/** i202TT: `YYMMDDHHmm { TT p dd { start end NN F×NN }×dd }*`, dd decimal. */
export function parseDeliveries(data: string): DeliveriesReply {
  const r = new FieldReader('i202', data);
  const time = r.time('time');
  const tanks: TankDeliveries[] = [];
  while (r.remaining > 0) {
    const tank = tankNumber(r, `record ${tanks.length + 1} tank`);
    const product = optionalChar(r.raw(1, `tank ${tank} product`));
    const countAt = r.offset;
    const count = r.required(r.decimal(2, `tank ${tank} delivery count`), `tank ${tank} delivery count`, countAt);
    const deliveries: Delivery[] = [];
    for (let i = 1; i <= count; i++) {
      const where = `tank ${tank} delivery ${i}`;
      const start = r.time(`${where} start`);
      const end = r.time(`${where} end`);
      deliveries.push({ start, end, ...readFloats(r, where, DELIVERY_FLOATS) });
    }
    tanks.push({ tank, product, deliveries });
  }
  return { time, tanks };
}

export interface TankStatus {
  tank: number;
  /** Tank alarm types (AA=02 list) active on the tank; null when the count is `?`. */
  alarms: number[] | null;
}

export interface TankStatusReply {
  time: ConsoleTime | null;
  tanks: TankStatus[];
  /** True when the reply only made sense as the TLS-350 variant, an extra `00` after each `nn=00`. */
  extraZeroAfterEmpty: boolean;
}

/**
 * i205TT: `YYMMDDHHmm { TT nn NN×nn }*`, nn hex. A TLS-350 reportedly sends an extra `00`
 * after `nn=00` (§3, unverified): the strict layout is tried first, and the variant only when
 * the strict reading fails or is implausible (a tank 00, or an alarm type 00, neither of which
 * exists).
 */
export function parseTankStatus(data: string): TankStatusReply {
  const r = new FieldReader('i205', data);
  const time = r.time('time');
  const start = r.offset;
  const attempt = (extraZero: boolean): { tanks: TankStatus[] } | { error: AtgParseError } => {
    r.offset = start;
    try {
      return { tanks: readTankStatuses(r, extraZero) };
    } catch (error) {
      if (error instanceof AtgParseError) return { error };
      throw error;
    }
  };
  const strict = attempt(false);
  if ('tanks' in strict && plausible(strict.tanks)) return { time, tanks: strict.tanks, extraZeroAfterEmpty: false };
  const variant = attempt(true);
  if ('tanks' in variant && plausible(variant.tanks)) return { time, tanks: variant.tanks, extraZeroAfterEmpty: true };
  if ('tanks' in strict) return { time, tanks: strict.tanks, extraZeroAfterEmpty: false };
  throw strict.error;
}

function readTankStatuses(r: FieldReader, extraZero: boolean): TankStatus[] {
  const tanks: TankStatus[] = [];
  while (r.remaining > 0) {
    const tank = tankNumber(r, `record ${tanks.length + 1} tank`);
    const count = r.hex(2, `tank ${tank} alarm count`);
    if (count === null) {
      tanks.push({ tank, alarms: null });
      continue;
    }
    const alarms: number[] = [];
    for (let i = 1; i <= count; i++) {
      const at = r.offset;
      alarms.push(r.required(r.decimal(2, `tank ${tank} alarm ${i}`), `tank ${tank} alarm ${i}`, at));
    }
    if (count === 0 && extraZero) {
      const at = r.offset;
      const zero = r.raw(2, `tank ${tank} TLS-350 extra 00`);
      if (zero !== '00') r.fail(`tank ${tank} TLS-350 extra 00`, zero, 'expected 00', at);
    }
    tanks.push({ tank, alarms });
  }
  return tanks;
}

function plausible(tanks: readonly TankStatus[]): boolean {
  return tanks.every((t) => t.tank > 0 && (t.alarms ?? []).every((a) => a > 0));
}

export interface ConsoleAlarm {
  /** AA: 02 tank, 03 liquid sensor, … (alarm-types.ts). */
  category: number;
  /** NN, whose meaning depends on the category. */
  type: number;
  /** TT or SS; 00 for device-less alarms. */
  device: number;
}

export interface ActiveAlarmsReply {
  time: ConsoleTime | null;
  /** Empty when the console sends no records or only an AA=00 ("normal") record. */
  alarms: ConsoleAlarm[];
}

/** i10100: `YYMMDDHHmm { AA NN TT }*`, all decimal. */
export function parseActiveAlarms(data: string): ActiveAlarmsReply {
  const r = new FieldReader('i101', data);
  const time = r.time('time');
  const alarms: ConsoleAlarm[] = [];
  for (let i = 1; r.remaining > 0; i++) {
    const alarm = readAlarm(r, `record ${i}`);
    // AA=00 is "normal", not an alarm (§3: treat it as no alarms, unverified).
    if (alarm.category !== 0) alarms.push(alarm);
  }
  return { time, alarms };
}

function readAlarm(r: FieldReader, where: string): ConsoleAlarm {
  const field = (name: string) => {
    const at = r.offset;
    return r.required(r.decimal(2, `${where} ${name}`), `${where} ${name}`, at);
  };
  return { category: field('category'), type: field('type'), device: field('device') };
}

export interface AlarmHistoryEntry extends ConsoleAlarm {
  /** cc: 00 other, 01 annular, 02 dispenser pan, … (SENSOR_LOCATIONS). */
  sensorCategory: number;
  state: 'cleared' | 'occurred';
  /** When the alarm changed to `state`, console-local. */
  time: ConsoleTime | null;
}

export interface AlarmHistoryReply {
  time: ConsoleTime | null;
  entries: AlarmHistoryEntry[];
}

/** i11100: `YYMMDDHHmm { AA cc NN TT SS YYMMDDHHmm }*`, SS 01 cleared, 02 occurred. */
export function parseAlarmHistory(data: string): AlarmHistoryReply {
  const r = new FieldReader('i111', data);
  const time = r.time('time');
  const entries: AlarmHistoryEntry[] = [];
  for (let i = 1; r.remaining > 0; i++) {
    const where = `record ${i}`;
    const field = (name: string) => {
      const at = r.offset;
      return r.required(r.decimal(2, `${where} ${name}`), `${where} ${name}`, at);
    };
    const category = field('category');
    const sensorCategory = field('sensor category');
    const type = field('type');
    const device = field('device');
    const stateAt = r.offset;
    const state = field('state');
    if (state !== 1 && state !== 2) r.fail(`${where} state`, r.data.slice(stateAt, stateAt + 2), 'expected 01 (cleared) or 02 (occurred)', stateAt);
    entries.push({ category, sensorCategory, type, device, state: state === 1 ? 'cleared' : 'occurred', time: r.time(`${where} time`) });
  }
  return { time, entries };
}

export interface LiquidSensor {
  sensor: number;
  /** 0 normal … 9 liquid warning (LIQUID_SENSOR_STATUSES); null when `?`-filled. */
  status: number | null;
  /** The status's name, or null when unknown. */
  statusName: string | null;
}

export interface LiquidSensorsReply {
  time: ConsoleTime | null;
  sensors: LiquidSensor[];
}

/** i301SS: `YYMMDDHHmm { SS ssss }*`. `ssss` is a value (documented 0000–0009), read as hex, not a bit field. */
export function parseLiquidSensors(data: string): LiquidSensorsReply {
  const r = new FieldReader('i301', data);
  const time = r.time('time');
  const sensors: LiquidSensor[] = [];
  while (r.remaining > 0) {
    const at = r.offset;
    const sensor = r.required(r.decimal(2, `record ${sensors.length + 1} sensor`), `record ${sensors.length + 1} sensor`, at);
    const status = r.hex(4, `sensor ${sensor} status`);
    sensors.push({ sensor, status, statusName: status === null ? null : (LIQUID_SENSOR_STATUSES[status] ?? null) });
  }
  return { time, sensors };
}

export interface ConsoleClockReply {
  time: ConsoleTime | null;
  /** The console's clock setting; in practice equal to `time`. */
  clock: ConsoleTime | null;
}

/** i50100 (and the reply to s50100, unverified): `YYMMDDHHmm(now) YYMMDDHHmm(clock)`. */
export function parseConsoleClock(data: string): ConsoleClockReply {
  const r = new FieldReader('i501', data);
  const time = r.time('time');
  const clock = r.time('clock');
  if (r.remaining > 0) r.fail('end', r.data.slice(r.offset), 'unexpected characters after the clock');
  return { time, clock };
}

export interface UnitsReply {
  time: ConsoleTime | null;
  units: ConsoleUnits;
}

const UNIT_CODES: Readonly<Record<string, ConsoleUnits>> = { '1': 'us', '2': 'metric', '3': 'imperial' };

/** i51700: `YYMMDDHHmm U`, U = 1 U.S., 2 metric, 3 imperial gallons ([3xx] p.169; [4xx] p.185). */
export function parseUnits(data: string): UnitsReply {
  const r = new FieldReader('i517', data);
  const time = r.time('time');
  const at = r.offset;
  const code = r.raw(1, 'units');
  const units = UNIT_CODES[code] ?? r.fail('units', code, 'expected 1 (U.S.), 2 (metric) or 3 (imperial)', at);
  return { time, units };
}

export interface TankLabel {
  tank: number;
  /** Trailing spaces removed; null when all 20 characters are `?` (a label may hold a real '?'). */
  label: string | null;
}

/** i602TT: `YYMMDDHHmm { TT a×20 }*`, labels space-padded; they may contain '&'. */
export function parseTankLabels(data: string): { time: ConsoleTime | null; tanks: TankLabel[] } {
  const r = new FieldReader('i602', data);
  const time = r.time('time');
  const tanks: TankLabel[] = [];
  while (r.remaining > 0) {
    const tank = tankNumber(r, `record ${tanks.length + 1} tank`);
    const label = r.raw(20, `tank ${tank} label`);
    tanks.push({ tank, label: /^\?+$/.test(label) ? null : label.trimEnd() });
  }
  return { time, tanks };
}

/** i604TT: full-height volume, i.e. capacity. Documented in gallons; in metric mode (unverified) presumably litres. */
export function parseTankCapacities(data: string): { time: ConsoleTime | null; tanks: { tank: number; capacity: number | null }[] } {
  return parseTankFloats('i604', data, (tank, value) => ({ tank, capacity: value }));
}

/** i607TT: tank diameter. Documented in inches; in metric mode (unverified) presumably mm. */
export function parseTankDiameters(data: string): { time: ConsoleTime | null; tanks: { tank: number; diameter: number | null }[] } {
  return parseTankFloats('i607', data, (tank, value) => ({ tank, diameter: value }));
}

function parseTankFloats<T>(fn: string, data: string, make: (tank: number, value: number | null) => T): { time: ConsoleTime | null; tanks: T[] } {
  const r = new FieldReader(fn, data);
  const time = r.time('time');
  const tanks: T[] = [];
  while (r.remaining > 0) {
    const tank = tankNumber(r, `record ${tanks.length + 1} tank`);
    tanks.push(make(tank, r.float(`tank ${tank} value`)));
  }
  return { time, tanks };
}

/** TT: a record cannot be used without it, so `??` throws rather than reading as null. */
function tankNumber(r: FieldReader, field: string): number {
  const at = r.offset;
  return r.required(r.decimal(2, field), field, at);
}

function optionalChar(value: string): string | null {
  return value === '?' ? null : value;
}

/** NN (hex) then NN floats, of which the first `names.length` are named; missing ones are null. */
function readFloats<const K extends string>(r: FieldReader, where: string, names: readonly K[]): Record<K, number | null> {
  const countAt = r.offset;
  const count = r.required(r.hex(2, `${where} float count`), `${where} float count`, countAt);
  if (r.remaining < count * 8) r.fail(`${where} float count`, r.data.slice(countAt, countAt + 2), `announces ${count} floats (${count * 8} characters) but only ${r.remaining} characters follow`, countAt);
  const values = {} as Record<K, number | null>;
  for (const name of names) values[name] = null;
  for (let i = 0; i < count; i++) {
    const name = names[i];
    const value = r.float(`${where} ${name ?? `float ${i + 1}`}`);
    if (name !== undefined) values[name] = value;
  }
  return values;
}
