import { stationClock } from '@ullage/domain/station-clock';
import './station-time.css';

interface StationTimeProps {
  iso: string | null | undefined;
  /** The station's IANA zone. */
  timeZone: string;
  /** Date and time (lists, phone); the time of day alone (today's alarms). */
  withDate?: boolean;
  /** The zone's offset beside the time: wherever stations of several zones appear together. */
  withZone?: boolean;
  /** Shown for a missing time. */
  missing?: string;
}

/**
 * An alarm's time as one rule has it everywhere: on the station's clock ("19:02:50"), with
 * the zone's offset then ("GMT+8") where stations of several zones meet, the IANA zone as its
 * tooltip; the element carries the instant itself.
 */
export function StationTime({ iso, timeZone, withDate = true, withZone = true, missing = '--' }: StationTimeProps) {
  const clock = stationClock(iso, timeZone);
  if (!clock || !iso) return <span>{missing}</span>;
  return (
    <time className="station-time" dir="ltr" dateTime={new Date(iso).toISOString()} title={timeZone} data-testid="station-time">
      {withDate ? `${clock.date} ${clock.time}` : clock.time}
      {withZone ? <span className="station-time__zone"> {clock.zone}</span> : null}
    </time>
  );
}
