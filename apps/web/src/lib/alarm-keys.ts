/** Both alarm pages live under one key, so processing an alarm refreshes either list. */
export const ALARMS_KEY = ['alarms'] as const;

export const alarmKeys = {
  list: (kind: 'level' | 'leak') => [...ALARMS_KEY, kind, 'list'] as const,
};
