import { LIQUID_SENSOR_STATUSES, SENSOR_ALARM_TYPES, TANK_ALARM_TYPES } from './alarm-types';
import type { Delivery } from './computer-format';
import type { InventoryMeasures } from './inventory-measures';
import { isValidConsoleTime, type ConsoleTime } from './time';
import type { ConsoleUnits } from './units';

/**
 * Fallback parsers for consoles and gateways that only answer display format
 * (atg-protocol.md §4). They take the `lines` of a decoded display frame. Columns drift (the
 * emulator's numbers don't line up with its headers) and labels hold spaces, so rows are read
 * by token, anchored from the right. Lines that are not rows (headers, station name, date)
 * are skipped. Names mapped to numbers beyond `T 2:OVERFILL ALARM` are the manuals' list
 * names, upper-cased (unverified against a console).
 */

const NUMBER = String.raw`(-?[\d.]+)`;

function displayNumber(token: string): number | null {
  const value = Number(token);
  return Number.isFinite(value) ? value : null;
}

/** The [4xx] legend, e.g. `Volume=GALLONS Height=INCHES Temp=FAHRENHEIT`; null when absent or not recognised. */
export function parseUnitsLegend(lines: readonly string[]): ConsoleUnits | null {
  for (const line of lines) {
    const m = /Volume\s*=\s*(\S+)\s+Height\s*=\s*(\S+)\s+Temp\s*=\s*(.+?)\s*$/i.exec(line);
    if (!m) continue;
    const [volume, height, temp] = [m[1]!.toUpperCase(), m[2]!.toUpperCase(), m[3]!.toUpperCase().replace(/\s+/g, ' ')];
    if (volume === 'GALLONS' && height === 'INCHES' && temp === 'FAHRENHEIT') return 'us';
    if (/^LIT(ER|RE)S$/.test(volume) && height === 'MM' && (temp === 'DEG C' || temp === 'CELSIUS')) return 'metric';
    return null;
  }
  return null;
}

/**
 * The units a report's column headers name, as the emulator's and [3xx]'s I20200 print them
 * (`INCREASE   DATE / TIME   GALLONS TC GALLONS WATER  TEMP DEG F  HEIGHT`); null when no
 * header names both a volume and a temperature unit, or they disagree.
 */
export function parseColumnUnits(lines: readonly string[]): ConsoleUnits | null {
  for (const line of lines) {
    const upper = line.toUpperCase();
    const volume = /\bGALLONS\b/.test(upper) ? 'us' : /\bLIT(ER|RE)S\b/.test(upper) ? 'metric' : null;
    const temp = /\bDEG\s*F\b/.test(upper) ? 'us' : /\bDEG\s*C\b/.test(upper) ? 'metric' : null;
    if (volume === null || temp === null) continue;
    return volume === temp ? volume : null;
  }
  return null;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/**
 * A display-format date and time: the emulator's `11/21/2026 20:14`, the manual's
 * `JUL 28, 1997    3:14 PM`, or I11100's `11-21-26  8:06PM`. Null when none of these.
 */
export function parseDisplayTime(text: string): ConsoleTime | null {
  const t = text.trim().toUpperCase();
  const parts = emulatorTime(t) ?? manualTime(t) ?? historyTime(t);
  return parts && isValidConsoleTime(parts) ? parts : null;
}

function emulatorTime(t: string): ConsoleTime | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d\d)$/.exec(t);
  return m ? { year: Number(m[3]), month: Number(m[1]), day: Number(m[2]), hour: Number(m[4]), minute: Number(m[5]) } : null;
}

function manualTime(t: string): ConsoleTime | null {
  const m = /^([A-Z]{3})\s+(\d{1,2}),\s*(\d{4})\s+(\d{1,2}):(\d\d)\s*([AP]M)$/.exec(t);
  return m ? { year: Number(m[3]), month: MONTHS.indexOf(m[1]!) + 1, day: Number(m[2]), hour: hour12(m[4]!, m[6]!), minute: Number(m[5]) } : null;
}

function historyTime(t: string): ConsoleTime | null {
  const m = /^(\d{1,2})-(\d{1,2})-(\d\d)\s+(\d{1,2}):(\d\d)\s*([AP]M)$/.exec(t);
  return m ? { year: 2000 + Number(m[3]), month: Number(m[1]), day: Number(m[2]), hour: hour12(m[4]!, m[6]!), minute: Number(m[5]) } : null;
}

function hour12(hour: string, half: string): number {
  const h = Number(hour);
  if (h < 1 || h > 12) return Number.NaN;
  return (h % 12) + (half === 'PM' ? 12 : 0);
}

export interface DisplayInventoryRow extends InventoryMeasures {
  tank: number;
  label: string;
}

/** The row regex of §4 I20100: tank, label (may hold spaces), then six numbers. */
const INVENTORY_ROW = new RegExp(String.raw`^\s*(\d+)\s+(.*?)\s+(-?\d+)\s+(-?\d+)\s+(-?\d+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s*$`);

/**
 * I20100: rows after the `TANK PRODUCT …` header (all lines when there is none). Tank numbers
 * are not limited to 2 digits here. Display format has no water volume.
 */
export function parseDisplayInventory(lines: readonly string[]): { units: ConsoleUnits | null; tanks: DisplayInventoryRow[] } {
  const header = lines.findIndex((line) => /^\s*TANK\s+PRODUCT\b/i.test(line));
  const tanks: DisplayInventoryRow[] = [];
  for (const line of lines.slice(header + 1)) {
    const m = INVENTORY_ROW.exec(line);
    if (!m) continue;
    const [volume, tcVolume, ullage, height, water, temperature] = m.slice(3, 9).map((token) => displayNumber(token!));
    tanks.push({ tank: Number(m[1]), label: m[2]!, volume: volume!, tcVolume: tcVolume!, ullage: ullage!, height: height!, water: water!, temperature: temperature! });
  }
  return { units: parseUnitsLegend(lines), tanks };
}

export interface DisplayDelivery extends Delivery {
  /** The AMOUNT line, when printed: delivered volume and TC volume. */
  amount: number | null;
  tcAmount: number | null;
}

export interface DisplayTankDeliveries {
  /** From the `T 1:SUPER` line; null for deliveries printed before any such line. */
  tank: number | null;
  label: string | null;
  deliveries: DisplayDelivery[];
}

const TANK_LINE = /^\s*T\s*(\d+)\s*:\s*(.*?)\s*$/;
// Five numbers in the emulator's, [3xx]'s and [4xx]'s order: volume, TC volume, water, temperature, height.
const DELIVERY_SIDE = new RegExp(String.raw`^\s*(END|START)\s*:\s*(.*?)\s+${NUMBER}\s+${NUMBER}\s+${NUMBER}\s+${NUMBER}\s+${NUMBER}\s*$`, 'i');
const AMOUNT_LINE = new RegExp(String.raw`^\s*AMOUNT\s*:\s*${NUMBER}\s+${NUMBER}\s*$`, 'i');

const emptyDelivery = (): DisplayDelivery => ({
  start: null,
  end: null,
  startVolume: null,
  startTcVolume: null,
  startWater: null,
  startTemperature: null,
  endVolume: null,
  endTcVolume: null,
  endWater: null,
  endTemperature: null,
  startHeight: null,
  endHeight: null,
  amount: null,
  tcAmount: null,
});

/**
 * I20200: per tank, blocks of END / START / AMOUNT lines. [3xx] and the emulator print END
 * first, [4xx] START first: a delivery is complete once both sides are seen, in either order.
 */
export function parseDisplayDeliveries(lines: readonly string[]): { units: ConsoleUnits | null; tanks: DisplayTankDeliveries[] } {
  const tanks: DisplayTankDeliveries[] = [];
  let group: DisplayTankDeliveries | null = null;
  let current: { delivery: DisplayDelivery; seen: Set<string> } | null = null;
  for (const line of lines) {
    const tankLine = TANK_LINE.exec(line);
    if (tankLine) {
      group = { tank: Number(tankLine[1]), label: tankLine[2]!, deliveries: [] };
      tanks.push(group);
      current = null;
      continue;
    }
    const side = DELIVERY_SIDE.exec(line);
    if (side) {
      const which = side[1]!.toUpperCase() === 'END' ? 'end' : 'start';
      if (!group) {
        group = { tank: null, label: null, deliveries: [] };
        tanks.push(group);
      }
      if (!current || current.seen.has(which)) {
        current = { delivery: emptyDelivery(), seen: new Set() };
        group.deliveries.push(current.delivery);
      }
      current.seen.add(which);
      const [volume, tcVolume, water, temperature, height] = side.slice(3, 8).map((token) => displayNumber(token!));
      const d = current.delivery;
      if (which === 'end') Object.assign(d, { end: parseDisplayTime(side[2]!), endVolume: volume, endTcVolume: tcVolume, endWater: water, endTemperature: temperature, endHeight: height });
      else Object.assign(d, { start: parseDisplayTime(side[2]!), startVolume: volume, startTcVolume: tcVolume, startWater: water, startTemperature: temperature, startHeight: height });
      continue;
    }
    const amount = AMOUNT_LINE.exec(line);
    if (amount && current) {
      current.delivery.amount = displayNumber(amount[1]!);
      current.delivery.tcAmount = displayNumber(amount[2]!);
    }
  }
  return { units: parseUnitsLegend(lines) ?? parseColumnUnits(lines), tanks };
}

export interface DisplayAlarm {
  /** The device tag's letter: `T` tank; other letters (e.g. `L`, liquid sensor) are kept as printed. */
  prefix: string;
  device: number;
  text: string;
  /** For `T`: the tank alarm type (AA=02 list); otherwise the sensor alarm type; null when the name is not recognised. */
  type: number | null;
}

const normalise = (text: string) => text.trim().toUpperCase().replace(/\s+/g, ' ');

/** Printed names for a list name: as is, with " ALARM", and with "SENSOR " in front (both unverified beyond OVERFILL ALARM). */
function namesByText(table: Readonly<Record<number, string>>, aliases: Readonly<Record<string, number>> = {}): Map<string, number> {
  const byText = new Map<string, number>();
  for (const [key, name] of Object.entries(table)) {
    const n = normalise(name);
    for (const text of [n, `${n} ALARM`, `SENSOR ${n}`, `SENSOR ${n} ALARM`]) if (!byText.has(text)) byText.set(text, Number(key));
  }
  for (const [text, type] of Object.entries(aliases)) byText.set(text, type);
  return byText;
}

const TANK_ALARM_TEXT = namesByText(TANK_ALARM_TYPES, { 'MAX PRODUCT ALARM': 12, 'DELIVERY NEEDED': 11 });
const SENSOR_ALARM_TEXT = namesByText(SENSOR_ALARM_TYPES);
const ALARM_LINE = /^\s*([A-Z])\s*(\d+)\s*:\s*(.+?)\s*$/;

/**
 * I10100, the manual's style: `ALL FUNCTIONS NORMAL`, or one line per alarm such as
 * `T 2:OVERFILL ALARM`. The emulator lists no alarms at all (only a system report), which
 * reads as no alarms with `allNormal` false.
 */
export function parseDisplayAlarms(lines: readonly string[]): { allNormal: boolean; alarms: DisplayAlarm[] } {
  const allNormal = lines.some((line) => normalise(line) === 'ALL FUNCTIONS NORMAL');
  const alarms: DisplayAlarm[] = [];
  for (const line of lines) {
    const m = ALARM_LINE.exec(line.toUpperCase());
    if (!m) continue;
    const [prefix, text] = [m[1]!, normalise(m[3]!)];
    const type = (prefix === 'T' ? TANK_ALARM_TEXT : SENSOR_ALARM_TEXT).get(text) ?? null;
    alarms.push({ prefix, device: Number(m[2]), text, type });
  }
  return { allNormal, alarms };
}

export interface DisplaySensor {
  sensor: number;
  location: string;
  statusText: string;
  /** The i301 status value of the same name (LIQUID_SENSOR_STATUSES); null when not recognised. */
  status: number | null;
}

/** Status names with their numbers, and the names longest first: a row's status is found at its end, `HIGH WATER ALARM` before `WATER ALARM`. */
interface StatusNames {
  byText: ReadonlyMap<string, number>;
  longestFirst: readonly string[];
}

const statusNames = (byText: ReadonlyMap<string, number>): StatusNames => ({ byText, longestFirst: [...byText.keys()].sort((a, b) => b.length - a.length) });

// The emulator's SENSOR DRY is not a manual status; a dry sensor has found no liquid, so normal.
const SENSOR_STATUSES = statusNames(namesByText(LIQUID_SENSOR_STATUSES, { 'SENSOR DRY': 0 }));

/**
 * I30100, in the emulator's layout (`SENSOR 1: SUMP SENSOR 1` then `STATUS : SENSOR DRY`)
 * or the manual's table (`1  LIQUID # 1  SENSOR NORMAL` under `SENSOR LOCATION STATUS`).
 * Prefer i30100 against real consoles.
 */
export function parseDisplaySensors(lines: readonly string[]): { sensors: DisplaySensor[] } {
  const sensors: DisplaySensor[] = [];
  let inTable = false;
  let pending: { sensor: number; location: string } | null = null;
  for (const line of lines) {
    const heading = /^\s*SENSOR\s+(\d+)\s*:\s*(.*?)\s*$/i.exec(line);
    if (heading) {
      pending = { sensor: Number(heading[1]), location: heading[2]! };
      continue;
    }
    const status = /^\s*STATUS\s*:\s*(.*?)\s*$/i.exec(line);
    if (status && pending) {
      sensors.push({ ...pending, ...statusOf(status[1]!, SENSOR_STATUSES) });
      pending = null;
      continue;
    }
    if (/^\s*SENSOR\s+LOCATION\s+STATUS\b/i.test(line)) {
      inTable = true;
      continue;
    }
    const row = inTable ? /^\s*(\d+)\s+(.+?)\s*$/.exec(line) : null;
    if (!row) continue;
    const { name, ...rowStatus } = splitNameAndStatus(row[2]!, SENSOR_STATUSES);
    sensors.push({ sensor: Number(row[1]), location: name, ...rowStatus });
  }
  return { sensors };
}

function statusOf(text: string, names: StatusNames): { statusText: string; status: number | null } {
  const statusText = normalise(text);
  return { statusText, status: names.byText.get(statusText) ?? null };
}

/** A table row's name (location, label) and status: a known status name at the row's end; failing that, whatever follows the last run of 2+ spaces. */
function splitNameAndStatus(rest: string, names: StatusNames): { name: string; statusText: string; status: number | null } {
  const upper = rest.toUpperCase();
  for (const text of names.longestFirst) {
    const at = upper.length - text.length;
    if (at > 0 && upper.endsWith(text) && /\s/.test(upper[at - 1]!)) return { name: rest.slice(0, at).trim(), statusText: text, status: names.byText.get(text)! };
  }
  const m = /^(.*\S)\s{2,}(\S.*)$/.exec(rest);
  return m ? { name: m[1]!, ...statusOf(m[2]!, names) } : { name: rest, statusText: '', status: null };
}

export interface DisplayTankAlarm {
  text: string;
  /** The tank alarm type (AA=02 list) of that name; null when the name is not recognised. */
  type: number | null;
}

export interface DisplayTankStatus {
  tank: number;
  label: string;
  /** The tank's alarms as printed; a tank printed `NORMAL` has none. */
  alarms: DisplayTankAlarm[];
}

/** `NORMAL` is not in the AA=02 list (whose types start at 01): 0 marks it as no alarm. */
const NORMAL_TANK = 0;
const TANK_STATUSES = statusNames(new Map([['NORMAL', NORMAL_TANK], ...TANK_ALARM_TEXT]));
const TANK_STATUS_ROW = /^\s*(\d+)\s+(.+?)\s*$/;
/** Beneath a tank's row, indented to its status column: another alarm of the same tank. */
const FURTHER_STATUS = /^\s+(\S.*?)\s*$/;

/**
 * I20500, the in-tank status report, for consoles that list their tank alarms only there
 * (issue 34 #12). atg-protocol.md does not show its display layout; it is read as the other
 * display tables are — a `TANK PRODUCT STATUS` header, then per tank a row (number, label that
 * may hold spaces, status) and, indented beneath it, one line per further alarm — with
 * I10100's alarm names (unverified against a console). Without the header nothing is read: a
 * station line may start with a number too.
 */
export function parseDisplayTankStatus(lines: readonly string[]): { tanks: DisplayTankStatus[] } {
  const header = lines.findIndex((line) => /^\s*TANK\s+PRODUCT\b.*\bSTATUS\b/i.test(line));
  const tanks: DisplayTankStatus[] = [];
  if (header < 0) return { tanks };
  for (const line of lines.slice(header + 1)) {
    const row = TANK_STATUS_ROW.exec(line);
    if (row) {
      const { name, statusText, status } = splitNameAndStatus(row[2]!, TANK_STATUSES);
      tanks.push({ tank: Number(row[1]), label: name, alarms: tankAlarmsOf(statusText, status) });
      continue;
    }
    const further = FURTHER_STATUS.exec(line);
    const tank = tanks.at(-1);
    if (further && tank) {
      const { statusText, status } = statusOf(further[1]!, TANK_STATUSES);
      tank.alarms.push(...tankAlarmsOf(statusText, status));
    }
  }
  return { tanks };
}

function tankAlarmsOf(text: string, type: number | null): DisplayTankAlarm[] {
  return text === '' || type === NORMAL_TANK ? [] : [{ text, type }];
}
