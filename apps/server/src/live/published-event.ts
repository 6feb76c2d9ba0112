import type { LiveEvent } from '@ullage/contracts/monitor';

// A file of its own so that channels.ts can name the bus's `event` payload without importing
// hub.ts, which imports the bus (bus.ts → bus-message.ts → channels.ts would close a circle).

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
