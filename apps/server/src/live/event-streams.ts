import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from '../observability/metrics';
import type { SessionWatch } from './session-watch';

/** Comment lines every 20 s keep proxies and load balancers from closing an idle stream. */
const HEARTBEAT_MS = 20_000;

export interface EventStream {
  send(id: number, data: string): void;
  /** A frame made once for many streams (eventFrame): no string is built per stream. */
  sendFrame(frame: Buffer): void;
  /**
   * Resolves once the socket has taken what was written (at once unless its buffer is full), or
   * the stream is closed: a writer of many events (a replay) waits on it so they are not all held
   * in memory for a slow client.
   */
  drained(): Promise<void>;
  /** Ends the stream from the server's side (the client reconnects after the retry delay). */
  end(): void;
}

/** One server-sent event, `id:` and `data:`, as bytes to write to any number of streams. */
export const eventFrame = (id: number, data: string): Buffer => Buffer.from(`id: ${id}\ndata: ${data}\n\n`);

/**
 * Server-sent event streams of one feed: the response headers, the reconnect delay, the
 * heartbeats, the gauge of open streams, their end when their session ends (logout, idle
 * expiry, password change or reset, account disabled), and their end when the server shuts
 * down (clients then reconnect to another instance). The feeds decide what to send.
 */
export class EventStreams {
  private readonly ends = new Set<() => void>();

  /** `sessions`: streams end when the session they were opened under ends. */
  constructor(
    private readonly metrics: Metrics,
    private readonly sessions?: SessionWatch,
  ) {}

  /** Takes over the response; `onClose` runs once, when the client goes or the server ends it. */
  open(request: FastifyRequest, reply: FastifyReply, onClose: () => void): EventStream {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx buffers responses unless told otherwise.
      'x-accel-buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    this.metrics.sseClients.inc();
    let unwatch = () => {};
    const close = () => {
      if (!this.ends.delete(end)) return;
      clearInterval(heartbeat);
      unwatch();
      this.metrics.sseClients.dec();
      onClose();
    };
    const end = () => {
      close();
      res.end();
    };
    this.ends.add(end);
    if (this.sessions && request.sessionTokenHash) unwatch = this.sessions.watch(request.sessionTokenHash, end);
    request.raw.on('close', close);
    const drained = () =>
      !res.writableNeedDrain || res.destroyed
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const done = () => {
              res.off('drain', done);
              res.off('close', done);
              resolve();
            };
            res.on('drain', done);
            res.on('close', done);
          });
    return { send: (id, data) => res.write(eventFrame(id, data)), sendFrame: (frame) => res.write(frame), drained, end };
  }

  endAll(): void {
    for (const end of [...this.ends]) end();
  }
}
