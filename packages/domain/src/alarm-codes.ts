/**
 * The alarm codes of spec §3 ("remark" in notification settings). Level alarms concern a
 * tank, leak/sensor alarms a sensor. The names are English here for logs and tests; the
 * interfaces translate them by code.
 */
export const LEVEL_ALARM_CODES = {
  1: 'connection failed',
  2: 'data fault',
  3: 'check fault',
  4: 'no product float',
  5: 'product float fault',
  6: 'no water float',
  7: 'water float fault',
  8: 'temperature fault',
  9: 'cannot calculate temperature',
  10: 'high alarm',
  11: 'high warning',
  12: 'low warning',
  13: 'low alarm',
  14: 'high water alarm',
  20: 'invalid level',
  21: 'overfill alarm',
  22: 'low temperature',
  23: 'high temperature',
  36: 'level fluctuation abnormal',
  50: 'high water warning',
  51: 'battery low',
  52: 'oil high warning (predicted)',
  53: 'oil high alarm (predicted)',
  54: 'oil super-high alarm (predicted)',
  55: 'signal interference',
  56: 'receiver lost',
  /** Not in spec §3: raised by Ullage's own leak test from inventory data (issue 22, leak-detection.ts). */
  60: 'leak test failed',
  /** Not in spec §3: wetstock variance beyond the company's limit (issue 23, reconciliation.ts). */
  61: 'wetstock variance',
  /** Not in spec §3: the tank is forecast to reach its low alarm within the company's horizon (issue 23, forecast.ts). */
  62: 'run-out forecast',
  81: 'HD alarm',
  82: 'LD alarm',
  83: 'no density float',
  84: 'density float error',
} as const satisfies Record<number, string>;

export const LEAK_ALARM_CODES = {
  2: 'fuel alarm',
  4: 'low level',
  5: 'high level',
  8: 'leak alarm',
  9: 'fuel warning',
  10: 'high level warning',
  11: 'overfill',
  12: 'underpressure pre-alarm',
  13: 'underpressure alarm',
  14: 'VOC pre-alarm',
  15: 'VOC alarm',
} as const satisfies Record<number, string>;

export type AlarmKind = 'level' | 'leak';

export function isAlarmCode(kind: AlarmKind, code: number): boolean {
  return Object.hasOwn(kind === 'level' ? LEVEL_ALARM_CODES : LEAK_ALARM_CODES, code);
}

/** The code a leak sensor in alarm raises when the device does not say which (spec §3: 8 leak alarm). */
export const DEFAULT_LEAK_CODE = 8;
