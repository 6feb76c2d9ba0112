import type { TFunction } from 'i18next';
import type { ActiveAlarm } from '@ullage/contracts/monitor';
import type { LEAK_ALARM_CODES, LEVEL_ALARM_CODES } from '@ullage/domain/alarm-codes';
import type { MessageKey } from '../i18n/message-key';

/**
 * The localised names of the alarm codes of spec §3. Typed by the domain's code lists, so a
 * code added there and not named here fails the typecheck.
 */
export const LEVEL_ALARM_KEYS: Readonly<Record<keyof typeof LEVEL_ALARM_CODES, MessageKey>> = {
  1: 'monitor.alarmCode.level.1',
  2: 'monitor.alarmCode.level.2',
  3: 'monitor.alarmCode.level.3',
  4: 'monitor.alarmCode.level.4',
  5: 'monitor.alarmCode.level.5',
  6: 'monitor.alarmCode.level.6',
  7: 'monitor.alarmCode.level.7',
  8: 'monitor.alarmCode.level.8',
  9: 'monitor.alarmCode.level.9',
  10: 'monitor.alarmCode.level.10',
  11: 'monitor.alarmCode.level.11',
  12: 'monitor.alarmCode.level.12',
  13: 'monitor.alarmCode.level.13',
  14: 'monitor.alarmCode.level.14',
  20: 'monitor.alarmCode.level.20',
  21: 'monitor.alarmCode.level.21',
  22: 'monitor.alarmCode.level.22',
  23: 'monitor.alarmCode.level.23',
  36: 'monitor.alarmCode.level.36',
  50: 'monitor.alarmCode.level.50',
  51: 'monitor.alarmCode.level.51',
  52: 'monitor.alarmCode.level.52',
  53: 'monitor.alarmCode.level.53',
  54: 'monitor.alarmCode.level.54',
  55: 'monitor.alarmCode.level.55',
  56: 'monitor.alarmCode.level.56',
  60: 'monitor.alarmCode.level.60',
  61: 'monitor.alarmCode.level.61',
  62: 'monitor.alarmCode.level.62',
  81: 'monitor.alarmCode.level.81',
  82: 'monitor.alarmCode.level.82',
  83: 'monitor.alarmCode.level.83',
  84: 'monitor.alarmCode.level.84',
};

export const LEAK_ALARM_KEYS: Readonly<Record<keyof typeof LEAK_ALARM_CODES, MessageKey>> = {
  2: 'monitor.alarmCode.leak.2',
  4: 'monitor.alarmCode.leak.4',
  5: 'monitor.alarmCode.leak.5',
  8: 'monitor.alarmCode.leak.8',
  9: 'monitor.alarmCode.leak.9',
  10: 'monitor.alarmCode.leak.10',
  11: 'monitor.alarmCode.leak.11',
  12: 'monitor.alarmCode.leak.12',
  13: 'monitor.alarmCode.leak.13',
  14: 'monitor.alarmCode.leak.14',
  15: 'monitor.alarmCode.leak.15',
};

/** The message key naming an alarm code; null for a code the spec does not list. */
export function alarmNameKey(kind: ActiveAlarm['kind'], code: number): MessageKey | null {
  const table: Readonly<Record<number, MessageKey>> = kind === 'level' ? LEVEL_ALARM_KEYS : LEAK_ALARM_KEYS;
  return Object.hasOwn(table, code) ? (table[code] ?? null) : null;
}

/** An alarm's localised name; a code the tables do not know is named by its number. */
export function alarmName(t: TFunction, kind: ActiveAlarm['kind'], code: number): string {
  const key = alarmNameKey(kind, code);
  return key ? t(key) : t('monitor.alarm.unknown', { code });
}

/** A station's open level alarms of one tank, as its card and its phone tile show them. */
export function tankLevelAlarms(alarms: readonly ActiveAlarm[], tankCode: string): ActiveAlarm[] {
  return alarms.filter((alarm) => alarm.kind === 'level' && alarm.tankCode === tankCode);
}
