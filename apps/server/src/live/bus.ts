import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../observability/metrics';
import { decodeMessage, encodeMessage } from './bus-message';
import type { LiveChannel, LiveChannels } from './channels';

export type TransportName = 'redis' | 'postgres';

/** What a transport tells the bus. */
export interface TransportSink {
  /** A message heard on the wire (this instance's own included), in the order its publisher sent them. */
  message(text: string): void;
  /** Now able to send and hear (true), or not (false, with why). Repeats are fine: the bus keeps the state. */
  state(connected: boolean, error?: unknown): void;
  /** A message was heard but could not be read (an oversized payload no longer stored, a failed read). */
  lost(error: unknown): void;
}

/** The wire between instances: Redis pub/sub (bus-redis.ts) or PostgreSQL LISTEN/NOTIFY (bus-postgres.ts). */
export interface BusTransport {
  readonly name: TransportName;
  start(sink: TransportSink): void;
  /**
   * Sends one message. Messages go out in the order send is called (the alarm feed relies on
   * it); rejects at once when disconnected: nothing is queued to go out late.
   */
  send(text: string): Promise<void>;
  close(): Promise<void>;
}

type Handler = (payload: never) => void;

/** How often an instance says it is there, and how long another is counted as there after it last heard from it. */
export const PRESENCE_EVERY_MS = 10_000;
export const PEER_GONE_AFTER_MS = 3.5 * PRESENCE_EVERY_MS;

/**
 * Live events and change signals of this app, and of every other instance on the same
 * database. A publish is delivered here at once, synchronously (so this instance's own feeds
 * keep working when the wire is down), and sent on the wire tagged with this instance's random
 * id; the other instances deliver it, this one skips its own echo. So every instance receives
 * each message once, and one instance's messages in the order it published them.
 *
 * Publishing never throws and never waits: it runs after the data is committed, and a message
 * the wire cannot take is counted and logged, not retried (a late live event is worth less than
 * the write it follows). Without a transport (the embedded database: one process) it is an
 * in-process fan-out. One per app: two apps in one process share nothing.
 *
 * Monitor events (`event`: a device report's inventory, sensors, status and alarms) are most of
 * what crosses the wire, one or more a report; an instance that has heard no other (`presence`,
 * every PRESENCE_EVERY_MS) keeps them to itself, for no instance would hear them: on one
 * instance they cost the device path a tenth of its CPU, the database's included (bench/ingest.ts).
 * A new instance says hello as its bus comes up and the others answer at once, so they send to it
 * within a round trip, before it serves its first feed. The other channels always go out: a cache
 * must never miss a change because its instance was not heard yet.
 */
export class LiveBus {
  readonly instanceId = randomBytes(8).toString('hex');
  private readonly transport: BusTransport | null;
  private readonly handlers = new Map<LiveChannel, Set<Handler>>();
  private state: 'starting' | 'up' | 'down';
  /** Whether this outage's first failed publish was logged. */
  private publishFailureLogged = false;
  private closed = false;
  /** Other instances heard, with when they were last heard (deps.clock). */
  private readonly peers = new Map<string, number>();
  private readonly presenceTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: { transport?: (instanceId: string) => BusTransport; metrics: Metrics; logger: FastifyBaseLogger; clock?: () => number },
  ) {
    this.transport = deps.transport?.(this.instanceId) ?? null;
    if (this.transport) {
      this.presenceTimer = setInterval(() => this.announce(false), PRESENCE_EVERY_MS);
      this.presenceTimer.unref();
    }
    this.state = this.transport ? 'starting' : 'up';
    this.setGauge();
    this.transport?.start({
      message: (text) => this.heard(text),
      state: (connected, error) => this.stateChanged(connected, error),
      lost: (error) => {
        this.count('dropped');
        this.deps.logger.warn({ err: error }, 'a live event from another instance could not be read; it is dropped');
      },
    });
  }

  /** How events cross instances: not at all (local), or through Redis or PostgreSQL. */
  get kind(): 'local' | TransportName {
    return this.transport?.name ?? 'local';
  }

  /** True while messages reach and come from the other instances (always, for the local bus). */
  get connected(): boolean {
    return this.state === 'up';
  }

  /**
   * When the bus last came up (epoch ms), or null while it is down: whatever was cached after
   * this has heard every change since, so caches invalidated through the bus may keep it long.
   */
  get upSince(): number | null {
    return this.state === 'up' ? this.upAt : null;
  }

  private upAt = Date.now();

  /** How many other instances this one has heard from lately (0 on the local bus). */
  get peerCount(): number {
    const since = this.now() - PEER_GONE_AFTER_MS;
    for (const [id, heardAt] of this.peers) if (heardAt < since) this.peers.delete(id);
    return this.peers.size;
  }

  publish<C extends LiveChannel>(channel: C, payload: LiveChannels[C]): void {
    this.deliver(channel, payload);
    if (!this.transport || this.closed) return;
    // While the wire is down its peers are unknown: the event is tried, and counted as dropped.
    if (channel === 'event' && this.state === 'up' && this.peerCount === 0) return;
    this.transport.send(encodeMessage(this.instanceId, channel, payload)).then(
      () => this.count('published'),
      (error: unknown) => {
        this.count('dropped');
        if (this.publishFailureLogged || this.closed) return;
        this.publishFailureLogged = true;
        this.deps.logger.warn({ err: error, bus: this.kind }, 'live events are not reaching the other instances (counted in ullage_live_bus_messages_total{outcome="dropped"}); logged once until the bus is back');
      },
    );
  }

  /** Calls `handler` for each message of `channel`, this instance's and the others'; the answer unsubscribes. */
  subscribe<C extends LiveChannel>(channel: C, handler: (payload: LiveChannels[C]) => void): () => void {
    let set = this.handlers.get(channel);
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler as Handler);
    return () => set.delete(handler as Handler);
  }

  /** Handlers of `channel` (tests). */
  size(channel: LiveChannel): number {
    return this.handlers.get(channel)?.size ?? 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.presenceTimer);
    await this.transport?.close();
  }

  private now(): number {
    return this.deps.clock?.() ?? Date.now();
  }

  /** Says this instance is there; `hello` asks the others to answer at once. Not counted: it is the bus's own upkeep. */
  private announce(hello: boolean) {
    if (!this.transport || this.closed || this.state !== 'up') return;
    this.transport.send(encodeMessage(this.instanceId, 'presence', { hello })).catch(() => {});
  }

  private deliver(channel: LiveChannel, payload: unknown) {
    for (const handler of this.handlers.get(channel) ?? []) {
      // One failing listener must not keep the others from hearing, nor fail the publisher's request.
      try {
        (handler as (payload: unknown) => void)(payload);
      } catch (error) {
        this.deps.logger.error({ err: error, channel }, 'a live event listener failed');
      }
    }
  }

  private heard(text: string) {
    if (this.closed) return;
    const decoded = decodeMessage(text, this.instanceId);
    if (decoded.kind === 'own') return;
    if (decoded.kind === 'unreadable') {
      this.count('dropped');
      this.deps.logger.warn({ bus: this.kind, length: text.length }, 'an unreadable message on the live bus is dropped');
      return;
    }
    this.peers.set(decoded.from, this.now());
    if (decoded.channel === 'presence') {
      if ((decoded.payload as LiveChannels['presence'] | null)?.hello === true) this.announce(false);
      return;
    }
    this.count('received');
    this.deliver(decoded.channel, decoded.payload);
  }

  private stateChanged(connected: boolean, error: unknown) {
    if (this.closed) return;
    const next = connected ? 'up' : 'down';
    if (next === this.state) return;
    const previous = this.state;
    this.state = next;
    if (connected) this.upAt = Date.now();
    this.setGauge();
    const log = this.deps.logger;
    if (connected) {
      this.publishFailureLogged = false;
      this.announce(true);
      if (previous === 'starting') log.info({ bus: this.kind }, 'live events cross instances');
      else log.info({ bus: this.kind }, 'live bus back: live events cross instances again');
    } else if (previous === 'starting') {
      log.warn({ bus: this.kind, err: error }, 'live bus cannot connect: live events stay on this instance until it does (retrying with backoff)');
    } else {
      log.warn({ bus: this.kind, err: error }, 'live bus lost: live events stay on this instance until it is back (reconnecting with backoff)');
    }
  }

  private setGauge() {
    this.deps.metrics.liveBusConnected.labels(this.kind).set(this.state === 'up' ? 1 : 0);
  }

  private count(outcome: 'published' | 'received' | 'dropped') {
    this.deps.metrics.liveBusMessages.labels(outcome).inc();
  }
}
