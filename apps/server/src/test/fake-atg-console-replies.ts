import { SENSOR_ALARM_TYPES, SENSOR_CATEGORIES, TANK_ALARM_TYPES, TANK_CATEGORY } from '@ullage/domain/atg/alarm-types';
import type { ConsoleAlarm } from '@ullage/domain/atg/computer-format';
import { encodeComputerReply, encodeDisplayReply, encodeUnsupportedReply, floatToHex } from '@ullage/domain/atg/frame';
import { formatConsoleTime, parseConsoleTime, type ConsoleTime } from '@ullage/domain/atg/time';
import type { FakeTank } from './fake-atg-console-tanks';

/**
 * What the fake console answers to one command (atg-protocol §3, §4), as a whole frame: built
 * with the domain's encoders, so a fake reply and a parsed reply agree by construction, and
 * held to the reference's captures by the domain tests.
 */
export interface FakeDelivery {
  tank: number;
  start: Date;
  end: Date;
  startVolume: number;
  startTcVolume: number;
  startWater: number;
  startTemperature: number;
  endVolume: number;
  endTcVolume: number;
  endWater: number;
  endTemperature: number;
  startHeight: number;
  endHeight: number;
}

export interface FakeAlarmHistoryEntry extends ConsoleAlarm {
  sensorCategory?: number;
  state: 'cleared' | 'occurred';
  time: Date;
}

export interface FakeSensor {
  sensor: number;
  /** An i301 status value: 0 normal, 2 fuel alarm, 3 out, … */
  status: number;
  location?: string;
}

export interface FakeAtgState {
  tanks: readonly FakeTank[];
  units: 'us' | 'metric';
  deliveries: readonly FakeDelivery[];
  activeAlarms: readonly ConsoleAlarm[];
  alarmHistory: readonly FakeAlarmHistoryEntry[];
  sensors: readonly FakeSensor[];
  now: Date;
  /** The console's local time zone: its clock is formatted in it (consoles know no zones). */
  timeZone: string;
  stationName: string;
  displayOnly: boolean;
  /** I10100's body: the manual's alarm lines, or the emulator's system report (no alarms). */
  displaySystemStatus: 'alarms' | 'emulator';
  etx: number;
}

/** Device numbers have 2 digits (atg-protocol §5, 100 tanks): a tank above 99 cannot be encoded. */
export function twoDigits(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 99) throw new RangeError(`device number ${n} does not fit the protocol's 2 digits (01–99)`);
  return String(n).padStart(2, '0');
}

const hex2 = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');

export function consoleTime(date: Date, timeZone: string): ConsoleTime {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/** `command` is the function code plus any set data, without SOH or security code. */
export function replyTo(command: string, state: FakeAtgState): Uint8Array {
  const code = command.slice(0, 6);
  const fn = code.slice(1, 4);
  const device = /^\d\d$/.test(code.slice(4, 6)) ? Number(code.slice(4, 6)) : Number.NaN;
  const unsupported = encodeUnsupportedReply(state.etx);
  if (Number.isNaN(device)) return unsupported;
  const stamp = (d: Date) => formatConsoleTime(consoleTime(d, state.timeZone));
  const now = stamp(state.now);
  const computer = (body: string) => encodeComputerReply(code, now + body, state.etx);
  const tanks = state.tanks.filter((t) => device === 0 || t.tank === device);

  if (code[0] === 'i' && !state.displayOnly) {
    switch (fn) {
      case '201':
        // An absent tank addressed explicitly comes back ?-filled (§2 ? fill).
        if (tanks.length === 0 && device !== 0) return computer(`${twoDigits(device)}?????07${'?'.repeat(56)}`);
        return computer(tanks.map(inventoryRecord).join(''));
      case '202':
        return computer(tanks.map((t) => deliveryRecord(t, state.deliveries, stamp)).join(''));
      case '205':
        return computer(tanks.map((t) => statusRecord(t, state.activeAlarms)).join(''));
      case '101':
        if (device !== 0) return unsupported;
        return computer(state.activeAlarms.map((a) => twoDigits(a.category) + twoDigits(a.type) + twoDigits(a.device)).join(''));
      case '111':
        if (device !== 0) return unsupported;
        return computer(state.alarmHistory.map((h) => [h.category, h.sensorCategory ?? 0, h.type, h.device, h.state === 'cleared' ? 1 : 2].map(twoDigits).join('') + stamp(h.time)).join(''));
      case '301':
        return computer(
          state.sensors
            .filter((s) => device === 0 || s.sensor === device)
            .map((s) => twoDigits(s.sensor) + s.status.toString(16).toUpperCase().padStart(4, '0'))
            .join(''),
        );
      case '501':
        return device === 0 ? computer(now) : unsupported;
      case '517':
        return device === 0 ? computer(state.units === 'us' ? '1' : '2') : unsupported;
      case '602':
        return computer(tanks.map((t) => twoDigits(t.tank) + t.label.padEnd(20).slice(0, 20)).join(''));
      case '604':
        return computer(tanks.map((t) => twoDigits(t.tank) + floatToHex(t.capacity ?? t.volume + t.waterVolume + t.ullage)).join(''));
      case '607':
        return computer(tanks.map((t) => twoDigits(t.tank) + (t.diameter === undefined ? '????????' : floatToHex(t.diameter))).join(''));
      default:
        return unsupported;
    }
  }
  if (code === 's50100' && !state.displayOnly) {
    // The manual documents only the inquiry; this reply shape is the reference's expectation (unverified). The clock is not changed.
    const set = command.slice(6, 16);
    return parseConsoleTime(set) ? encodeComputerReply(code, now + set, state.etx) : unsupported;
  }
  if (code[0] === 'I') {
    const display = (title: string, body: string[]) => encodeDisplayReply(code, [emulatorDate(consoleTime(state.now, state.timeZone)), '', `    ${state.stationName}`, '', '', title, '', ...body], { etx: state.etx });
    switch (fn) {
      case '201':
        return display('IN-TANK INVENTORY', ['TANK PRODUCT             VOLUME TC VOLUME   ULLAGE   HEIGHT    WATER     TEMP', ...tanks.map(inventoryRow)]);
      case '202':
        return display('DELIVERY REPORT', tanks.flatMap((t) => deliveryBlock(t, state)));
      case '101':
        return display('SYSTEM STATUS REPORT', state.displaySystemStatus === 'emulator' ? EMULATOR_SYSTEM_REPORT : alarmLines(state.activeAlarms));
      case '205':
        return display('IN-TANK STATUS REPORT', ['TANK   PRODUCT                 STATUS', '', ...tanks.flatMap((t) => tankStatusRows(t, state.activeAlarms))]);
      case '301':
        return display('SENSOR STATUS REPORT', state.sensors.flatMap((s) => [`  SENSOR ${s.sensor}: ${s.location ?? `SUMP SENSOR ${s.sensor}`}`, `      STATUS : ${sensorStatusText(s.status)}`]));
      default:
        return unsupported;
    }
  }
  return unsupported;
}

const INVENTORY_FIELDS = ['volume', 'tcVolume', 'ullage', 'height', 'water', 'temperature', 'waterVolume'] as const;

function inventoryRecord(t: FakeTank): string {
  const status = (t.deliveryInProgress ? 0x0001 : 0) | (t.leakTestInProgress ? 0x0002 : 0);
  return `${twoDigits(t.tank)}${t.product.slice(0, 1) || ' '}${status.toString(16).toUpperCase().padStart(4, '0')}07${INVENTORY_FIELDS.map((f) => floatToHex(t[f])).join('')}`;
}

function deliveryRecord(t: FakeTank, all: readonly FakeDelivery[], stamp: (d: Date) => string): string {
  // Newest first, as in the public captures.
  const mine = all.filter((d) => d.tank === t.tank).sort((a, b) => b.start.getTime() - a.start.getTime());
  const floats = (d: FakeDelivery) =>
    [d.startVolume, d.startTcVolume, d.startWater, d.startTemperature, d.endVolume, d.endTcVolume, d.endWater, d.endTemperature, d.startHeight, d.endHeight].map(floatToHex).join('');
  return `${twoDigits(t.tank)}${t.product.slice(0, 1) || ' '}${twoDigits(mine.length)}${mine.map((d) => `${stamp(d.start)}${stamp(d.end)}0A${floats(d)}`).join('')}`;
}

function statusRecord(t: FakeTank, alarms: readonly ConsoleAlarm[]): string {
  const types = alarms.filter((a) => a.category === TANK_CATEGORY && a.device === t.tank).map((a) => twoDigits(a.type));
  return `${twoDigits(t.tank)}${hex2(types.length)}${types.join('')}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const emulatorDate = (t: ConsoleTime) => `${pad2(t.month)}/${pad2(t.day)}/${t.year} ${pad2(t.hour)}:${pad2(t.minute)}`;

function inventoryRow(t: FakeTank): string {
  const int = (v: number) => String(Math.round(v)).padStart(10);
  const dec = (v: number) => v.toFixed(2).padStart(9);
  return `  ${t.tank}  ${t.label.padEnd(20)}${int(t.volume)}${int(t.tcVolume)}${int(t.ullage)}${dec(t.height)}${dec(t.water)}${dec(t.temperature)}`;
}

function deliveryBlock(t: FakeTank, state: FakeAtgState): string[] {
  const volumeUnit = state.units === 'us' ? 'GALLONS' : 'LITRES';
  const lines = [`T ${t.tank}:${t.label}`, `INCREASE   DATE / TIME             ${volumeUnit} TC ${volumeUnit} WATER  TEMP DEG ${state.units === 'us' ? 'F' : 'C'}  HEIGHT`, ''];
  const when = (d: Date) => emulatorDate(consoleTime(d, state.timeZone));
  const side = (name: string, d: Date, values: number[]) => `${name.padStart(9)}: ${when(d)}   ${values.map((v, i) => (i < 2 ? String(Math.round(v)) : v.toFixed(2)).padStart(10)).join('')}`;
  for (const d of state.deliveries.filter((x) => x.tank === t.tank).sort((a, b) => b.start.getTime() - a.start.getTime())) {
    lines.push(side('END', d.end, [d.endVolume, d.endTcVolume, d.endWater, d.endTemperature, d.endHeight]));
    lines.push(side('START', d.start, [d.startVolume, d.startTcVolume, d.startWater, d.startTemperature, d.startHeight]));
    lines.push(`   AMOUNT:                     ${[d.endVolume - d.startVolume, d.endTcVolume - d.startTcVolume].map((v) => String(Math.round(v)).padStart(10)).join('')}`, '');
  }
  return lines;
}

/** The manual's I10100 body: `ALL FUNCTIONS NORMAL` or one line per alarm (`T 2:OVERFILL ALARM`). */
function alarmLines(alarms: readonly ConsoleAlarm[]): string[] {
  if (alarms.length === 0) return ['ALL FUNCTIONS NORMAL'];
  return alarms.map((a) => {
    if (a.category === TANK_CATEGORY) return `T ${a.device}:${alarmText(TANK_ALARM_TYPES[a.type])}`;
    if (SENSOR_CATEGORIES.includes(a.category)) return `L ${a.device}:${alarmText(SENSOR_ALARM_TYPES[a.type])}`;
    return `ALARM ${twoDigits(a.category)} ${twoDigits(a.type)} ${twoDigits(a.device)}`;
  });
}

/** The emulator's I10100 body (atg-protocol §4): the console's state, no alarm lines. */
const EMULATOR_SYSTEM_REPORT = ['SERIAL# : 0000123456', 'SOFTWARE VER : 1.0.0', 'POWER STATUS : AC ON', 'COMM 1 : ONLINE'];

/**
 * I20500's rows for a tank (atg-protocol.md shows no display layout for it; parseDisplayTankStatus
 * says what is assumed): its first alarm, or NORMAL, after the label; each further alarm on a
 * line of its own, indented to the status column.
 */
function tankStatusRows(t: FakeTank, alarms: readonly ConsoleAlarm[]): string[] {
  const texts = alarms.filter((a) => a.category === TANK_CATEGORY && a.device === t.tank).map((a) => alarmText(TANK_ALARM_TYPES[a.type]));
  const [first = 'NORMAL', ...further] = texts;
  const row = `  ${t.tank}    ${t.label.padEnd(20)}    `;
  return [row + first, ...further.map((text) => ' '.repeat(row.length) + text), ''];
}

function alarmText(name: string | undefined): string {
  const upper = (name ?? 'UNKNOWN').toUpperCase();
  return /(ALARM|WARNING)$/.test(upper) ? upper : `${upper} ALARM`;
}

const SENSOR_STATUS_TEXT = ['SENSOR DRY', 'SETUP DATA WARNING', 'FUEL ALARM', 'SENSOR OUT ALARM', 'SHORT ALARM', 'WATER ALARM', 'WATER OUT ALARM', 'HIGH LIQUID ALARM', 'LOW LIQUID ALARM', 'LIQUID WARNING'];

function sensorStatusText(status: number): string {
  return SENSOR_STATUS_TEXT[status] ?? `STATUS ${status}`;
}
