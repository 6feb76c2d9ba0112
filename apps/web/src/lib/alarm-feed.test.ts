import { describe, expect, it } from 'vitest';
import { alarmLines, connectAlarmFeed, retryDelay } from './alarm-feed';

describe('alarm feed retry policy (spec §4)', () => {
  it('waits 3000 ms, then 1.5× more each time, five times at most', () => {
    expect([1, 2, 3, 4, 5].map(retryDelay)).toEqual([3000, 4500, 6750, 10125, 15187.5]);
    expect(retryDelay(6)).toBeNull();
    expect(retryDelay(0)).toBeNull();
  });
});

/** A fake EventSource the test drives. */
function harness() {
  const opened: { onopen: (() => void) | null; onerror: (() => void) | null; onmessage: ((e: { data: string }) => void) | null; readyState: number; closed: boolean; close(): void }[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const logs: string[] = [];
  const alarms: unknown[] = [];
  const stop = connectAlarmFeed({
    url: '/api/sse-msg/connect?userId=1&lang=en',
    onAlarm: (a) => alarms.push(a),
    open: () => {
      const es = { onopen: null, onerror: null, onmessage: null, readyState: 0, closed: false, close() { this.closed = true; this.readyState = 2; } };
      opened.push(es);
      return es as never;
    },
    schedule: (run, ms) => timers.push({ run, ms }),
    cancel: () => undefined,
    log: (m) => logs.push(m),
  });
  const fail = () => {
    const es = opened[opened.length - 1]!;
    es.readyState = 2;
    es.onerror!();
  };
  return { opened, timers, logs, alarms, stop, fail };
}

describe('alarm feed connection', () => {
  it('retries a closed connection with the spec delays, then gives up', () => {
    const h = harness();
    for (let i = 0; i < 6; i++) {
      h.fail();
      const timer = h.timers[i];
      if (i < 5) {
        expect(timer!.ms).toBe(retryDelay(i + 1));
        timer!.run();
      }
    }
    expect(h.timers).toHaveLength(5);
    expect(h.opened).toHaveLength(6);
    expect(h.logs.at(-1)).toBe('alarm feed: giving up after 5 retries');
  });

  it('an opened connection resets the counter', () => {
    const h = harness();
    h.fail();
    h.timers[0]!.run();
    h.fail();
    h.timers[1]!.run();
    expect(h.timers.map((t) => t.ms)).toEqual([3000, 4500]);
    h.opened[2]!.onopen!();
    h.fail();
    expect(h.timers[2]!.ms).toBe(3000);
  });

  it('an error while the browser reconnects by itself is only logged', () => {
    const h = harness();
    h.opened[0]!.readyState = 0;
    h.opened[0]!.onerror!();
    expect(h.timers).toHaveLength(0);
    expect(h.logs).toEqual(['alarm feed: connection error']);
  });

  it('passes each message on, and closes for good when the user leaves', () => {
    const h = harness();
    h.opened[0]!.onmessage!({ data: '{"stationName":"A","tankCode":"1"}' });
    h.opened[0]!.onmessage!({ data: 'oops' });
    expect(h.alarms).toEqual([{ stationName: 'A', tankCode: '1' }]);
    h.stop();
    expect(h.opened[0]!.closed).toBe(true);
    h.fail();
    expect(h.timers).toHaveLength(0);
  });

  it('shows missing fields as "--" (spec §8)', () => {
    expect(alarmLines({ stationName: 'A', classifyName: null, tankCode: '', sensorNo: null, sensorTypeDesc: null, alarmTypeDesc: 'Data fault', startTime: '2026-11-22 08:00:00' })).toEqual({
      stationName: 'A',
      classifyName: '--',
      tankCode: '--',
      sensorNo: '--',
      sensorTypeDesc: '--',
      alarmTypeDesc: 'Data fault',
      startTime: '2026-11-22 08:00:00',
    });
  });

  it('writes the start time with the station zone’s offset, as several zones share one feed', () => {
    expect(alarmLines({ stationName: 'A', classifyName: null, tankCode: null, sensorNo: null, sensorTypeDesc: null, alarmTypeDesc: null, startTime: '2026-11-25 19:02:50', zone: 'GMT+8' }).startTime).toBe('2026-11-25 19:02:50 GMT+8');
  });
});
