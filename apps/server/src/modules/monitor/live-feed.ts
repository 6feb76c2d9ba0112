import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EventStreams } from '../../live/event-streams';
import type { LiveHub } from '../../live/hub';
import { scopeAdmits, type Scope } from '../scope/scope';

/**
 * Streams live events until the client goes away. Each event passes the viewer's scope
 * (decided once, at connect) and the optional station filter.
 */
export function openLiveFeed(request: FastifyRequest, reply: FastifyReply, options: { hub: LiveHub; streams: EventStreams; scope: Scope; stationId?: number }) {
  const { hub, streams, scope, stationId } = options;
  let seq = 0;
  let unsubscribe = () => {};
  const stream = streams.open(request, reply, () => unsubscribe());
  unsubscribe = hub.subscribe(({ origin, event }) => {
    if (stationId !== undefined && origin.stationId !== stationId) return;
    if (!scopeAdmits(scope, origin)) return;
    stream.send(++seq, JSON.stringify(event));
  });
}
