import type { LiveAlarmMessage } from '@ullage/contracts/alarm-feed';

/**
 * The live alarm feed client (spec §4, §7): `GET {base}sse-msg/connect?userId&lang`. Opening
 * resets the retry counter; an error that leaves the connection closed is retried at most 5
 * times, first after 3000 ms, each wait 1.5× the one before; then it stops. Connection errors
 * are only logged. The caller closes it when the user leaves.
 */
export const FEED_RETRY = { max: 5, firstDelayMs: 3000, factor: 1.5 } as const;

/** The wait before retry number `attempt` (1-based), or null once the retries are spent. */
export function retryDelay(attempt: number): number | null {
  if (attempt < 1 || attempt > FEED_RETRY.max) return null;
  return FEED_RETRY.firstDelayMs * FEED_RETRY.factor ** (attempt - 1);
}

/**
 * A live alarm message as the server sends it (spec §3, @ullage/contracts/alarm-feed); missing
 * fields are null. The client also takes messages without the alarm, station, start or zone.
 */
type Optional = 'alarmId' | 'stationId' | 'kind' | 'startedAt' | 'zone';
export type LiveAlarm = Omit<LiveAlarmMessage, Optional> & Partial<Pick<LiveAlarmMessage, Optional>>;

type EventSourceLike = Pick<EventSource, 'close' | 'readyState'> & {
  onopen: ((this: EventSource, ev: Event) => unknown) | null;
  onerror: ((this: EventSource, ev: Event) => unknown) | null;
  onmessage: ((this: EventSource, ev: MessageEvent) => unknown) | null;
};

export interface AlarmFeedOptions {
  url: string;
  onAlarm: (alarm: LiveAlarm) => void;
  /** For tests: the EventSource and the timer to use. */
  open?: (url: string) => EventSourceLike;
  schedule?: (run: () => void, ms: number) => unknown;
  cancel?: (handle: unknown) => void;
  log?: (message: string) => void;
}

const CLOSED = 2;

/** Connects and keeps the feed as the spec says; answers the function that closes it for good. */
export function connectAlarmFeed(options: AlarmFeedOptions): () => void {
  const open = options.open ?? ((url: string) => new EventSource(url, { withCredentials: true }) as EventSourceLike);
  const schedule = options.schedule ?? ((run, ms) => setTimeout(run, ms));
  const cancel = options.cancel ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const log = options.log ?? ((message: string) => console.warn(message));
  let attempts = 0;
  let stopped = false;
  let timer: unknown = null;
  let source: EventSourceLike | null = null;

  const connect = () => {
    timer = null;
    if (stopped) return;
    const es = open(options.url);
    source = es;
    es.onopen = () => {
      attempts = 0;
    };
    es.onmessage = (event) => {
      try {
        options.onAlarm(JSON.parse(String(event.data)) as LiveAlarm);
      } catch {
        log('alarm feed: a message that is not JSON was ignored');
      }
    };
    es.onerror = () => {
      log('alarm feed: connection error');
      if (es.readyState !== CLOSED || stopped) return;
      es.close();
      const delay = retryDelay(++attempts);
      if (delay === null) {
        log('alarm feed: giving up after 5 retries');
        return;
      }
      timer = schedule(connect, delay);
    };
  };
  connect();
  return () => {
    stopped = true;
    if (timer !== null) cancel(timer);
    source?.close();
  };
}

/** The spec's fields, each a line of the toast. */
export type LiveAlarmLine = 'stationName' | 'classifyName' | 'tankCode' | 'sensorNo' | 'sensorTypeDesc' | 'alarmTypeDesc' | 'startTime';

/**
 * The text of each line of the toast; a missing field reads "--" (spec §8). The start time
 * carries its zone ("2026-11-22 19:02:50 GMT+8"): one feed brings stations of several zones.
 */
export function alarmLines(alarm: LiveAlarm): Record<LiveAlarmLine, string> {
  const show = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? '--' : v);
  return {
    stationName: show(alarm.stationName),
    classifyName: show(alarm.classifyName),
    tankCode: show(alarm.tankCode),
    sensorNo: show(alarm.sensorNo),
    sensorTypeDesc: show(alarm.sensorTypeDesc),
    alarmTypeDesc: show(alarm.alarmTypeDesc),
    startTime: alarm.startTime && alarm.zone ? `${alarm.startTime} ${alarm.zone}` : show(alarm.startTime),
  };
}
