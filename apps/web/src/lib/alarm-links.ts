/**
 * Where an alarm leads: its station's monitor, and the alarm list (level or leak) filtered to
 * that station and the second the alarm started. The list reads the same parameters back
 * (`alarmFiltersFromSearch`), so the link shows just that alarm (and any other that station
 * raised in that second).
 */
export interface AlarmLinkTarget {
  stationId: number;
  kind: 'level' | 'leak';
  /** The instant it started, ISO 8601. */
  startedAt: string;
}

export const stationMonitorHref = (stationId: number) => `/single_monitor?stationId=${stationId}`;

export function alarmListHref({ stationId, kind, startedAt }: AlarmLinkTarget): string {
  const start = Date.parse(startedAt);
  const params = new URLSearchParams({ stationId: String(stationId) });
  if (!Number.isNaN(start)) {
    // Whole seconds: [the alarm's second, the next) holds it whatever its milliseconds.
    const from = Math.floor(start / 1000) * 1000;
    params.set('from', new Date(from).toISOString());
    params.set('to', new Date(from + 1000).toISOString());
  }
  return `${kind === 'leak' ? '/leak_alarm' : '/alarm_report'}?${params.toString()}`;
}
