import type { LEAK_ALARM_CODES, LEVEL_ALARM_CODES } from '../alarm-codes';
import { LIQUID_SENSOR_STATUSES, SENSOR_ALARM_TYPES, SENSOR_CATEGORIES, TANK_ALARM_TYPES, TANK_CATEGORY } from './alarm-types';
import type { ConsoleAlarm } from './computer-format';

/**
 * Which console alarms Ullage raises, and as which of its codes (alarm-codes.ts): tank alarms
 * (AA=02) as level codes, sensor alarms (AA 03, 04, 07, 08, 12, 13) and i301 statuses as leak
 * codes. A null code means "not raised": the console type has no sensible Ullage equivalent,
 * or is a status rather than an alarm. The tables are exported whole so docs can be generated
 * from them; `note` says why wherever the choice is a judgement.
 */
export type LevelCode = keyof typeof LEVEL_ALARM_CODES;
export type LeakCode = keyof typeof LEAK_ALARM_CODES;

export interface AlarmMapping<Code extends number> {
  /** The console's NN (or i301 ssss). */
  type: number;
  /** The console's name for it (alarm-types.ts). */
  console: string;
  code: Code | null;
  note?: string;
}

const tank = (type: number, code: LevelCode | null, note?: string): AlarmMapping<LevelCode> => ({ type, console: TANK_ALARM_TYPES[type]!, code, ...(note ? { note } : {}) });

const NO_LEVEL_CODE = 'no Ullage level code fits; not raised';
const TEST_OR_RECONCILIATION = 'leak-test, reconciliation and compliance bookkeeping: not a level condition Ullage tracks';

export const TANK_ALARM_MAP: readonly AlarmMapping<LevelCode>[] = [
  tank(1, null, 'a console configuration problem, not a tank condition'),
  tank(2, null, 'Ullage has no tank-leak level code, and 36 (level fluctuation) would misname it; not raised'),
  tank(3, 14),
  tank(4, 21),
  tank(5, 13),
  tank(6, 36, 'a sudden loss is an abnormal movement of the level outside sales and deliveries; 36 is the nearest code'),
  tank(7, 10),
  tank(8, 20),
  tank(9, 2, "the console is answering but cannot read this tank's probe: a data fault, not 1, which Ullage keeps for the link to the console failing"),
  tank(10, 50),
  tank(11, 12, "the console's delivery-needed limit is a low-product warning level"),
  tank(12, 21, 'the maximum-product limit sits above high product (10) and overfill; the most severe high code'),
  tank(13, null, TEST_OR_RECONCILIATION),
  tank(14, null, TEST_OR_RECONCILIATION),
  tank(15, null, TEST_OR_RECONCILIATION),
  tank(16, null, TEST_OR_RECONCILIATION),
  tank(17, null, TEST_OR_RECONCILIATION),
  tank(18, null, TEST_OR_RECONCILIATION),
  tank(19, null, TEST_OR_RECONCILIATION),
  tank(20, null, 'a status (a leak test is running), not an alarm'),
  tank(21, null, TEST_OR_RECONCILIATION),
  tank(22, null, 'a status, not an alarm'),
  tank(23, null, TEST_OR_RECONCILIATION),
  tank(24, null, TEST_OR_RECONCILIATION),
  tank(25, null, TEST_OR_RECONCILIATION),
  tank(26, null, TEST_OR_RECONCILIATION),
  tank(27, 22),
  tank(28, null, NO_LEVEL_CODE),
  tank(29, null, 'Ullage has no tank-leak level code; not raised'),
  tank(30, null, NO_LEVEL_CODE),
  tank(31, null, 'the console does not say whether density is high or low, so neither 81 (HD) nor 82 (LD) can be chosen'),
  tank(32, null, NO_LEVEL_CODE),
  tank(33, 23),
  tank(34, 22),
  tank(38, null, 'a density-offset (calibration) alarm, neither high nor low density'),
];

const sensor = (type: number, code: LeakCode | null, note?: string): AlarmMapping<LeakCode> => ({ type, console: SENSOR_ALARM_TYPES[type]!, code, ...(note ? { note } : {}) });

const FAIL_SAFE = 'a sensor that cannot sense is treated as in alarm, as the console lists it; Ullage has no sensor-fault leak code, so 8, its generic leak alarm (DEFAULT_LEAK_CODE)';

export const SENSOR_ALARM_MAP: readonly AlarmMapping<LeakCode>[] = [
  sensor(2, null, 'a console configuration problem, not a leak condition'),
  sensor(3, 2),
  sensor(4, 8, FAIL_SAFE),
  sensor(5, 8, FAIL_SAFE),
  sensor(6, 8),
  sensor(7, 8, 'no more specific Ullage code; the generic leak alarm'),
  sensor(8, 5),
  sensor(9, 4),
  sensor(10, 9),
];

const tankCodes = new Map(TANK_ALARM_MAP.map((m) => [m.type, m.code]));
const sensorCodes = new Map(SENSOR_ALARM_MAP.map((m) => [m.type, m.code]));

/** The level code a tank alarm type (AA=02) raises; null when it raises none or is unknown. */
export function tankAlarmToLevelCode(type: number): LevelCode | null {
  return tankCodes.get(type) ?? null;
}

/** The leak code a sensor alarm type (AA 03, 04, 07, 08, 12, 13) raises; null when none or unknown. */
export function sensorAlarmToLeakCode(type: number): LeakCode | null {
  return sensorCodes.get(type) ?? null;
}

/** i301 statuses are one lower than the sensor alarm types of the same name (§3 i301). */
export const LIQUID_STATUS_MAP: readonly AlarmMapping<LeakCode>[] = Object.keys(LIQUID_SENSOR_STATUSES).map((key) => {
  const status = Number(key);
  const same = SENSOR_ALARM_MAP.find((m) => m.type === status + 1);
  return { type: status, console: LIQUID_SENSOR_STATUSES[status]!, code: same?.code ?? null, ...(same?.note ? { note: same.note } : {}) };
});

const liquidCodes = new Map(LIQUID_STATUS_MAP.map((m) => [m.type, m.code]));

/** The leak code an i301 status raises; null for normal, setup warnings and unknown values. */
export function liquidStatusToLeakCode(status: number): LeakCode | null {
  return liquidCodes.get(status) ?? null;
}

/** Sensors are numbered per category (liquid sensor 1 and vapor sensor 1 differ), so a leak keeps its category. */
export type UllageAlarm = { kind: 'level'; tank: number; code: LevelCode } | { kind: 'leak'; category: number; sensor: number; code: LeakCode };

/** An i10100 record as the Ullage alarm it raises, or null (other categories, or a type that maps to nothing). */
export function consoleAlarmToUllage(alarm: ConsoleAlarm): UllageAlarm | null {
  if (alarm.category === TANK_CATEGORY) {
    const code = tankAlarmToLevelCode(alarm.type);
    return code === null ? null : { kind: 'level', tank: alarm.device, code };
  }
  if (SENSOR_CATEGORIES.includes(alarm.category)) {
    const code = sensorAlarmToLeakCode(alarm.type);
    return code === null ? null : { kind: 'leak', category: alarm.category, sensor: alarm.device, code };
  }
  return null;
}
