import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '@ullage/contracts/monitor';
import { LIVE_RETRY_MAX_MS, LIVE_RETRY_MS, connectLiveEvents, parseLiveEvent, type EventSourceLike, type LiveState } from './live-events';

/** The live feed the monitor pages patch their cache from: parsing and reconnecting. */

class FakeSource implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  opened() {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }
  send(data: string) {
    this.onmessage?.({ data } as MessageEvent);
  }
  dropped(finally_: boolean) {
    this.readyState = finally_ ? 2 : 0;
    this.onerror?.({} as Event);
  }
}

function harness() {
  const sources: FakeSource[] = [];
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  const states: LiveState[] = [];
  const events: LiveEvent[] = [];
  let reconnects = 0;
  const close = connectLiveEvents({
    url: '/api/monitor/events?stationId=3',
    onEvent: (e) => events.push(e),
    onState: (s) => states.push(s),
    onReconnect: () => reconnects++,
    open: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => {
      (handle as { cleared: boolean }).cleared = true;
    },
  });
  return { sources, timers, states, events, close, reconnects: () => reconnects };
}

describe('parseLiveEvent', () => {
  it('accepts the four event types and nothing else', () => {
    expect(parseLiveEvent('{"type":"status","stationId":3,"status":"online","lastDataAt":null}')).toMatchObject({ type: 'status', stationId: 3 });
    expect(parseLiveEvent('{"type":"hello","stationId":3}')).toBeNull();
    expect(parseLiveEvent('{"type":"status"}')).toBeNull();
    expect(parseLiveEvent('not json')).toBeNull();
    expect(parseLiveEvent('null')).toBeNull();
    expect(parseLiveEvent(undefined)).toBeNull();
  });
});

describe('connectLiveEvents', () => {
  it('hands each event on and reports the connection state', () => {
    const h = harness();
    expect(h.sources[0]!.url).toBe('/api/monitor/events?stationId=3');
    h.sources[0]!.opened();
    h.sources[0]!.send('{"type":"inventory","stationId":3,"tanks":[]}');
    h.sources[0]!.send('garbage');
    expect(h.events).toEqual([{ type: 'inventory', stationId: 3, tanks: [] }]);
    expect(h.states).toEqual(['connecting', 'open']);
  });

  it('lets the browser retry a dropped connection, then asks for a refetch once it is back', () => {
    const h = harness();
    h.sources[0]!.opened();
    h.sources[0]!.dropped(false);
    expect(h.states.at(-1)).toBe('connecting');
    expect(h.sources).toHaveLength(1);
    h.sources[0]!.opened();
    expect(h.reconnects()).toBe(1);
  });

  it('reopens a closed feed after 3 s, backing off to 30 s, and from 3 s again once open', () => {
    const h = harness();
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      h.sources.at(-1)!.dropped(true);
      expect(h.sources.at(-1)!.closed).toBe(true);
      expect(h.states.at(-1)).toBe('closed');
      delays.push(h.timers.at(-1)!.ms);
      h.timers.at(-1)!.run();
    }
    expect(delays[0]).toBe(LIVE_RETRY_MS);
    expect(delays[1]).toBe(LIVE_RETRY_MS * 1.5);
    expect(Math.max(...delays)).toBe(LIVE_RETRY_MAX_MS);
    expect(h.sources).toHaveLength(9);
    h.sources.at(-1)!.opened();
    h.sources.at(-1)!.dropped(true);
    expect(h.timers.at(-1)!.ms).toBe(LIVE_RETRY_MS);
    // The first connection never opened, so this is not a reconnect until one has.
    expect(h.reconnects()).toBe(0);
  });

  it('closes the feed and cancels a pending reopen when the page goes', () => {
    const h = harness();
    h.sources[0]!.dropped(true);
    h.close();
    expect(h.timers[0]!.cleared).toBe(true);
    const open = harness();
    open.close();
    expect(open.sources[0]!.closed).toBe(true);
  });
});
