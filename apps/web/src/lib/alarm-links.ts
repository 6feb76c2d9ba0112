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

const alarmListPath = (kind: AlarmLinkTarget['kind']) => (kind === 'leak' ? '/leak_alarm' : '/alarm_report');

export function alarmListHref({ stationId, kind, startedAt }: AlarmLinkTarget): string {
  const start = Date.parse(startedAt);
  const params = new URLSearchParams({ stationId: String(stationId) });
  if (!Number.isNaN(start)) {
    // Whole seconds: [the alarm's second, the next) holds it whatever its milliseconds.
    const from = Math.floor(start / 1000) * 1000;
    params.set('from', new Date(from).toISOString());
    params.set('to', new Date(from + 1000).toISOString());
  }
  return `${alarmListPath(kind)}?${params.toString()}`;
}

/**
 * The alarm list (level or leak) of the alarms that started between two instants (epoch
 * milliseconds, both inclusive), for the summary of a burst; without them, the whole list.
 */
export function alarmRangeHref(kind: AlarmLinkTarget['kind'], span: { first: number; last: number } | null): string {
  const path = alarmListPath(kind);
  if (span === null) return path;
  // Whole seconds, as one alarm's link: [the first's second, the second after the last's).
  const from = Math.floor(span.first / 1000) * 1000;
  const to = Math.floor(span.last / 1000) * 1000 + 1000;
  return `${path}?${new URLSearchParams({ from: new Date(from).toISOString(), to: new Date(to).toISOString() }).toString()}`;
}
