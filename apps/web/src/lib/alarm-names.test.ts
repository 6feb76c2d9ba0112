import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEAK_ALARM_CODES, LEVEL_ALARM_CODES } from '@ullage/domain/alarm-codes';
import { LEAK_ALARM_KEYS, LEVEL_ALARM_KEYS, alarmNameKey } from './alarm-names';

const en = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../i18n/locales/en.json'), 'utf8')) as Record<string, string>;

describe('alarm names', () => {
  it('names exactly the codes the domain knows', () => {
    expect(Object.keys(LEVEL_ALARM_KEYS)).toEqual(Object.keys(LEVEL_ALARM_CODES));
    expect(Object.keys(LEAK_ALARM_KEYS)).toEqual(Object.keys(LEAK_ALARM_CODES));
  });

  it('covers every level and leak code of spec §3, and Ullage’s own 60–62', () => {
    expect(Object.keys(LEVEL_ALARM_KEYS).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 20, 21, 22, 23, 36, 50, 51, 52, 53, 54, 55, 56, 60, 61, 62, 81, 82, 83, 84]);
    expect(Object.keys(LEAK_ALARM_KEYS).map(Number)).toEqual([2, 4, 5, 8, 9, 10, 11, 12, 13, 14, 15]);
  });

  it('names each code under its own number, with a text in the locale file', () => {
    for (const [code, key] of Object.entries(LEVEL_ALARM_KEYS)) expect(key).toBe(`monitor.alarmCode.level.${code}`);
    for (const [code, key] of Object.entries(LEAK_ALARM_KEYS)) expect(key).toBe(`monitor.alarmCode.leak.${code}`);
    for (const key of [...Object.values(LEVEL_ALARM_KEYS), ...Object.values(LEAK_ALARM_KEYS)]) expect(en[key]).toBeTruthy();
  });

  it('tells the two code lists apart and knows no other code', () => {
    expect(alarmNameKey('level', 10)).toBe('monitor.alarmCode.level.10');
    expect(alarmNameKey('leak', 10)).toBe('monitor.alarmCode.leak.10');
    expect(alarmNameKey('leak', 1)).toBeNull();
    expect(alarmNameKey('level', 99)).toBeNull();
    expect(alarmNameKey('level', Number('toString'))).toBeNull();
  });
});
