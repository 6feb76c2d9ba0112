import type { LiveEvent } from '@ullage/contracts/monitor';
import type { LiveBus } from './bus';
import type { EventOrigin, PublishedEvent } from './published-event';

type Listener = (published: PublishedEvent) => void;

/**
 * Live monitor events (the bus's `event` channel), published after their data is committed
 * (ingest) and read by the SSE feeds, of this instance and of the others (bus.ts). Listeners
 * are called synchronously and must not throw; a slow SSE client buffers in its own socket,
 * never here.
 */
export class LiveHub {
  constructor(private readonly bus: LiveBus) {}

  subscribe(listener: Listener): () => void {
    return this.bus.subscribe('event', listener);
  }

  publish(origin: EventOrigin, event: LiveEvent): void {
    this.bus.publish('event', { origin, event });
  }

  get size(): number {
    return this.bus.size('event');
  }
}
