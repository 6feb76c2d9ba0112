import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveHub } from '../../live/hub';
import type { Metrics } from '../../observability/metrics';
import { scopeAdmits, type Scope } from '../scope/scope';

/** Comment lines every 20 s keep proxies and load balancers from closing an idle feed. */
const HEARTBEAT_MS = 20_000;

/**
 * Streams live events as server-sent events until the client goes away. Each event passes
 * the viewer's scope (decided once, at connect) and the optional station filter.
 */
export function openLiveFeed(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { hub: LiveHub; metrics: Metrics; scope: Scope; stationId?: number; open: Set<() => void> },
) {
  const { hub, metrics, scope, stationId, open } = options;
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
  let seq = 0;
  const unsubscribe = hub.subscribe(({ origin, event }) => {
    if (stationId !== undefined && origin.stationId !== stationId) return;
    if (!scopeAdmits(scope, origin)) return;
    res.write(`id: ${++seq}\ndata: ${JSON.stringify(event)}\n\n`);
  });
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
  metrics.sseClients.inc();
  const close = () => {
    if (!open.delete(end)) return;
    clearInterval(heartbeat);
    unsubscribe();
    metrics.sseClients.dec();
  };
  // The server ends open feeds when it shuts down; clients reconnect to another instance.
  const end = () => {
    close();
    res.end();
  };
  open.add(end);
  request.raw.on('close', close);
}
