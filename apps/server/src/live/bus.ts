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
 */
export class LiveBus {
  readonly instanceId = randomBytes(8).toString('hex');
  private readonly transport: BusTransport | null;
  private readonly handlers = new Map<LiveChannel, Set<Handler>>();
  private state: 'starting' | 'up' | 'down';
  /** Whether this outage's first failed publish was logged. */
  private publishFailureLogged = false;
  private closed = false;

  constructor(
    private readonly deps: { transport?: (instanceId: string) => BusTransport; metrics: Metrics; logger: FastifyBaseLogger },
  ) {
    this.transport = deps.transport?.(this.instanceId) ?? null;
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

  publish<C extends LiveChannel>(channel: C, payload: LiveChannels[C]): void {
    this.deliver(channel, payload);
    if (!this.transport || this.closed) return;
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
    await this.transport?.close();
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
