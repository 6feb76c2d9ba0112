import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createMetrics } from '../observability/metrics';
import { reconnectDelay } from './backoff';
import { LiveBus, PEER_GONE_AFTER_MS, PRESENCE_EVERY_MS, type BusTransport, type TransportSink } from './bus';
import { decodeMessage, encodeMessage } from './bus-message';

const logger = pino({ level: 'silent' });
const localBus = () => {
  const metrics = createMetrics();
  return { bus: new LiveBus({ metrics, logger }), metrics };
};

describe('the local live bus (embedded database: one process)', () => {
  it('delivers each message at once, in the order published, to the channel’s subscribers only', () => {
    const { bus } = localBus();
    const heard: string[] = [];
    bus.subscribe('station', ({ stationId }) => heard.push(`station ${stationId}`));
    bus.subscribe('noticeSettings', ({ userId }) => heard.push(`notice ${userId}`));
    bus.publish('station', { stationId: 1 });
    bus.publish('noticeSettings', { userId: 7 });
    bus.publish('station', { stationId: 2 });
    // Synchronous: a feed sees an event before the publisher's request answers.
    expect(heard).toEqual(['station 1', 'notice 7', 'station 2']);
  });

  it('unsubscribes; a listener that throws does not keep the others from hearing, nor fail the publisher', () => {
    const { bus } = localBus();
    const heard: number[] = [];
    bus.subscribe('station', () => {
      throw new Error('broken listener');
    });
    const off = bus.subscribe('station', ({ stationId }) => heard.push(stationId));
    expect(() => bus.publish('station', { stationId: 3 })).not.toThrow();
    off();
    bus.publish('station', { stationId: 4 });
    expect(heard).toEqual([3]);
    expect(bus.size('station')).toBe(1);
  });

  it('two apps’ buses in one process share nothing', () => {
    const one = localBus().bus;
    const two = localBus().bus;
    const heard: number[] = [];
    two.subscribe('station', ({ stationId }) => heard.push(stationId));
    one.publish('station', { stationId: 5 });
    expect(heard).toEqual([]);
    expect(one.instanceId).not.toBe(two.instanceId);
  });

  it('is connected and says so in /metrics, with transport "local"; nothing is published to a wire', async () => {
    const { bus, metrics } = localBus();
    bus.publish('sessionsEnded', {});
    expect(bus.kind).toBe('local');
    expect(bus.connected).toBe(true);
    const text = await metrics.registry.metrics();
    expect(text).toContain('ullage_live_bus_connected{transport="local"} 1');
    expect(text).not.toMatch(/ullage_live_bus_messages_total\{outcome="published"\} [1-9]/);
  });
});

describe('messages on the wire', () => {
  it('another instance’s message is delivered; this instance’s own echo is not (it was delivered when published)', () => {
    const text = encodeMessage('aaaa', 'station', { stationId: 9 });
    expect(decodeMessage(text, 'bbbb')).toEqual({ kind: 'deliver', from: 'aaaa', channel: 'station', payload: { stationId: 9 } });
    expect(decodeMessage(text, 'aaaa')).toEqual({ kind: 'own' });
  });

  it('refuses what is not one of ours: not JSON, no sender, an unknown channel, no payload', () => {
    for (const text of ['{oops', '"text"', 'null', JSON.stringify({ channel: 'station', payload: {} }), JSON.stringify({ from: 'x', channel: 'other', payload: {} }), JSON.stringify({ from: 'x', channel: 'station' })]) {
      expect(decodeMessage(text, 'me')).toEqual({ kind: 'unreadable' });
    }
  });
});

/** A wire in memory: every message sent reaches every started bus, the sender's own included, in order. */
function memoryWire() {
  const sinks = new Map<string, TransportSink>();
  const sent: { from: string; channel: string }[] = [];
  const transport = (instanceId: string): BusTransport => ({
    name: 'postgres',
    start(sink) {
      sinks.set(instanceId, sink);
      sink.state(true);
    },
    async send(text) {
      sent.push({ from: instanceId, channel: (JSON.parse(text) as { channel: string }).channel });
      for (const sink of [...sinks.values()]) sink.message(text);
    },
    async close() {
      sinks.delete(instanceId);
    },
  });
  return { transport, sent };
}

describe('monitor events go on the wire only when another instance hears them', () => {
  let now = 0;
  const busOn = (wire: ReturnType<typeof memoryWire>) => new LiveBus({ transport: wire.transport, metrics: createMetrics(), logger, clock: () => now });
  const inventory = { origin: { distributorId: 1, companyId: 1, stationId: 1 }, event: { type: 'status', stationId: 1, status: 'online', lastDataAt: null } } as const;

  it('keeps a lone instance’s monitor events to itself, and sends them once another says hello', async () => {
    const wire = memoryWire();
    const a = busOn(wire);
    expect(a.peerCount).toBe(0);
    a.publish('event', inventory);
    // Changes to caches go out whoever listens.
    a.publish('station', { stationId: 4 });
    expect(wire.sent.filter((m) => m.from === a.instanceId).map((m) => m.channel)).toEqual(['presence', 'station']);

    const b = busOn(wire);
    const heardOnB: unknown[] = [];
    b.subscribe('event', (e) => heardOnB.push(e));
    // B's hello as its bus came up, and A's answer at once: each knows the other.
    expect([a.peerCount, b.peerCount]).toEqual([1, 1]);
    a.publish('event', inventory);
    expect(heardOnB).toEqual([inventory]);
    await Promise.all([a.close(), b.close()]);
  });

  it('forgets an instance not heard for a while, and sends to nobody again', async () => {
    const wire = memoryWire();
    const a = busOn(wire);
    const b = busOn(wire);
    expect(a.peerCount).toBe(1);
    await b.close();
    now += PEER_GONE_AFTER_MS - 1;
    expect(a.peerCount).toBe(1);
    now += 2;
    expect(a.peerCount).toBe(0);
    const before = wire.sent.length;
    a.publish('event', inventory);
    expect(wire.sent.length).toBe(before);
    expect(PEER_GONE_AFTER_MS).toBeGreaterThan(3 * PRESENCE_EVERY_MS);
    await a.close();
  });
});

describe('reconnect backoff', () => {
  it('starts at about half a second and doubles up to 5 s, each spread by ±20%', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 7, 8, 50].map((n) => reconnectDelay(n, middle))).toEqual([500, 1000, 2000, 4000, 5000, 5000, 5000]);
    expect(reconnectDelay(1, () => 0)).toBe(400);
    expect(reconnectDelay(20, () => 1)).toBe(6_000);
  });
});
