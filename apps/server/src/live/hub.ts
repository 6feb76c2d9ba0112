import type { LiveEvent } from '@ullage/contracts/monitor';

/** Where an event belongs in the organisation tree, so each viewer gets only their scope. */
export interface EventOrigin {
  distributorId: number;
  companyId: number;
  stationId: number;
}

export interface PublishedEvent {
  origin: EventOrigin;
  event: LiveEvent;
}

type Listener = (published: PublishedEvent) => void;

/**
 * In-process fan-out of live events, published after their data is committed (ingest) and
 * read by the SSE feeds. One instance per app. Listeners are called synchronously and must
 * not throw; a slow SSE client buffers in its own socket, never here.
 */
export class LiveHub {
  private readonly listeners = new Set<Listener>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(origin: EventOrigin, event: LiveEvent): void {
    const published = { origin, event };
    for (const listener of this.listeners) listener(published);
  }

  get size(): number {
    return this.listeners.size;
  }
}
