import { Redis } from 'ioredis';
import { reconnectDelay } from './backoff';
import type { BusTransport, TransportSink } from './bus';

/**
 * The live bus over Redis pub/sub (REDIS_URL): one connection publishes, one subscribes (a
 * subscribed Redis connection can do nothing else). ioredis reconnects both with our backoff;
 * the subscription is made again by hand after each reconnect, so "connected" is only said once
 * Redis has confirmed it. Connections are named `ullage-live-pub-<instance>` and
 * `ullage-live-sub-<instance>` (CLIENT LIST shows whose they are).
 */
export class RedisTransport implements BusTransport {
  readonly name = 'redis' as const;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private publisherReady = false;
  private subscribed = false;
  private lastError: unknown;
  private sink: TransportSink | undefined;

  /** `channel`: instances of one deployment share it (open-bus.ts names it after the database). */
  constructor(
    url: string,
    private readonly channel: string,
    instanceId: string,
  ) {
    const common = { retryStrategy: reconnectDelay, lazyConnect: true, maxRetriesPerRequest: 1 };
    // No offline queue: a message published while Redis is away fails at once (and is counted)
    // instead of going out minutes later, after events published since.
    this.publisher = new Redis(url, { ...common, connectionName: `ullage-live-pub-${instanceId}`, enableOfflineQueue: false });
    this.subscriber = new Redis(url, { ...common, connectionName: `ullage-live-sub-${instanceId}`, autoResubscribe: false });
  }

  start(sink: TransportSink): void {
    this.sink = sink;
    const { publisher, subscriber } = this;
    // ioredis emits each failed attempt as an error; the bus logs the outage once, with the last one.
    publisher.on('error', (error: unknown) => (this.lastError = error));
    subscriber.on('error', (error: unknown) => (this.lastError = error));
    publisher.on('ready', () => {
      this.publisherReady = true;
      this.report();
    });
    publisher.on('close', () => {
      this.publisherReady = false;
      this.lost();
    });
    subscriber.on('ready', () => {
      subscriber.subscribe(this.channel).then(
        () => {
          this.subscribed = true;
          this.report();
        },
        (error: unknown) => {
          // Refused (an ACL, say): drop the connection so that it is tried again later.
          this.lastError = error;
          subscriber.disconnect(true);
        },
      );
    });
    subscriber.on('close', () => {
      this.subscribed = false;
      this.lost();
    });
    subscriber.on('message', (channel: string, text: string) => {
      if (channel === this.channel) sink.message(text);
    });
    // lazyConnect then connect: the listeners above are in place before the first attempt.
    // A failed first attempt is retried by ioredis like a lost connection.
    publisher.connect().catch(() => {});
    subscriber.connect().catch(() => {});
  }

  async send(text: string): Promise<void> {
    await this.publisher.publish(this.channel, text);
  }

  async close(): Promise<void> {
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }

  /** Connected once both are: one of them ready alone is not news. */
  private report() {
    if (this.publisherReady && this.subscribed) this.sink?.state(true);
  }

  private lost() {
    this.sink?.state(false, this.lastError);
  }
}
