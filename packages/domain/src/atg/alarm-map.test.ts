import { describe, expect, it } from 'vitest';
import { isAlarmCode } from '../alarm-codes';
import { consoleAlarmToUllage, LIQUID_STATUS_MAP, liquidStatusToLeakCode, SENSOR_ALARM_MAP, sensorAlarmToLeakCode, TANK_ALARM_MAP, tankAlarmToLevelCode } from './alarm-map';
import { LIQUID_SENSOR_STATUSES, SENSOR_ALARM_TYPES, TANK_ALARM_TYPES } from './alarm-types';
import { parseActiveAlarms } from './computer-format';

describe('tank alarm types (AA=02, atg-protocol §3) → Ullage level codes', () => {
  it.each<[number, number | null, string]>([
    [3, 14, 'high water → high water alarm'],
    [4, 21, 'overfill → overfill alarm'],
    [5, 13, 'low product → low alarm'],
    [6, 36, 'sudden loss → level fluctuation abnormal'],
    [7, 10, 'high product → high alarm'],
    [8, 20, 'invalid fuel level → invalid level'],
    [9, 2, 'probe out → data fault (1 is the link to the console)'],
    [10, 50, 'high water warning'],
    [11, 12, 'delivery needed → low warning'],
    [12, 21, 'maximum product → overfill alarm'],
    [27, 22, 'cold temperature → low temperature'],
    [33, 23, 'high temperature'],
    [34, 22, 'low temperature'],
    [1, null, 'setup data warning: not raised'],
    [2, null, 'leak: no Ullage code'],
    [20, null, 'leak test active: a status'],
    [31, null, 'density: neither HD nor LD can be told'],
    [38, null, 'density offset'],
    [35, null, 'not in either manual'],
    [99, null, 'unknown'],
  ])('%s → %s (%s)', (type, code, _why) => {
    expect(tankAlarmToLevelCode(type)).toBe(code);
  });
});

describe('sensor alarm types (AA 03, 04, 07, 08, 12, 13) → Ullage leak codes', () => {
  it.each<[number, number | null, string]>([
    [2, null, 'setup data warning'],
    [3, 2, 'fuel alarm'],
    [4, 8, 'sensor out: fail-safe'],
    [5, 8, 'short: fail-safe'],
    [6, 8, 'water alarm → leak alarm'],
    [7, 8, 'water out'],
    [8, 5, 'high liquid → high level'],
    [9, 4, 'low liquid → low level'],
    [10, 9, 'liquid warning → fuel warning'],
    [11, null, 'unknown'],
  ])('%s → %s (%s)', (type, code, _why) => {
    expect(sensorAlarmToLeakCode(type)).toBe(code);
  });
});

describe('i301 statuses, one lower than the sensor alarm types (atg-protocol §3 i301SS)', () => {
  it.each([
    [0, null],
    [1, null],
    [2, 2],
    [3, 8],
    [4, 8],
    [5, 8],
    [6, 8],
    [7, 5],
    [8, 4],
    [9, 9],
    [10, null],
  ])('%s → %s', (status, code) => {
    expect(liquidStatusToLeakCode(status)).toBe(code);
  });

  it.each(Object.keys(LIQUID_SENSOR_STATUSES).map(Number).filter((s) => s > 0))('status %s names and maps as sensor type %s + 1', (status) => {
    expect(LIQUID_SENSOR_STATUSES[status]!.replace(/^out$/, 'sensor out')).toBe(SENSOR_ALARM_TYPES[status + 1]);
    expect(liquidStatusToLeakCode(status)).toBe(sensorAlarmToLeakCode(status + 1));
  });
});

describe('the tables', () => {
  it('list every console type once, and only codes that exist in alarm-codes.ts', () => {
    for (const [map, names, kind] of [
      [TANK_ALARM_MAP, TANK_ALARM_TYPES, 'level'],
      [SENSOR_ALARM_MAP, SENSOR_ALARM_TYPES, 'leak'],
      [LIQUID_STATUS_MAP, LIQUID_SENSOR_STATUSES, 'leak'],
    ] as const) {
      expect(map.map((m) => m.type)).toEqual(Object.keys(names).map(Number));
      for (const m of map) {
        expect(m.console).toBe(names[m.type]);
        if (m.code !== null) expect(isAlarmCode(kind, m.code)).toBe(true);
      }
    }
  });

  it('every unraised tank type says why', () => {
    expect(TANK_ALARM_MAP.filter((m) => m.code === null && !m.note)).toEqual([]);
  });
});

describe('an i10100 record as an Ullage alarm', () => {
  it('the public capture (tank overfill on tank 2) raises overfill alarm 21 on tank 2', () => {
    const { alarms } = parseActiveAlarms('2312301342020402');
    expect(alarms.map(consoleAlarmToUllage)).toEqual([{ kind: 'level', tank: 2, code: 21 }]);
  });

  it.each([
    [{ category: 3, type: 6, device: 1 }, { kind: 'leak', category: 3, sensor: 1, code: 8 }],
    [{ category: 13, type: 3, device: 4 }, { kind: 'leak', category: 13, sensor: 4, code: 2 }],
    [{ category: 2, type: 20, device: 1 }, null],
    [{ category: 1, type: 4, device: 0 }, null],
    [{ category: 5, type: 3, device: 1 }, null],
  ])('%j → %j', (alarm, expected) => {
    expect(consoleAlarmToUllage(alarm)).toEqual(expected);
  });
});
