import type { TFunction } from 'i18next';

/** The words for a power-off's state, the same in the table and on the phone's cards. */
export const STATE_KEYS = { paired: 'power.state.paired', pending: 'power.state.pending', missing: 'power.state.missing' } as const;

/** "1 h 5 min", "3 d 2 h": how long the station was dark. */
export function durationText(t: TFunction, seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d > 0) return t('power.duration.daysHours', { d, h });
  if (h > 0) return t('power.duration.hoursMinutes', { h, m });
  return t('power.duration.minutes', { m });
}
