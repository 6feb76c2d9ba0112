import { MAX_BATCH_ITEMS, type DeviceAlarm, type DeviceEvent, type DeviceMeterTotal, type DeviceReading, type DeviceSale, type DeviceSensorState, type DeviceTicket } from '@ullage/contracts/device';

/** What a device has to send; also the shape of one batch, with every list present. */
export interface Outbox {
  readings: DeviceReading[];
  sensors: DeviceSensorState[];
  alarms: DeviceAlarm[];
  events: DeviceEvent[];
  sales: DeviceSale[];
  meterTotals: DeviceMeterTotal[];
  tickets: DeviceTicket[];
}

export const emptyOutbox = (): Outbox => ({ readings: [], sensors: [], alarms: [], events: [], sales: [], meterTotals: [], tickets: [] });

/** The protocol caps events and tickets per batch lower than the other lists (deviceReport in contracts). */
const MAX_EVENTS = 100;
const MAX_TICKETS = 1000;

export const itemsIn = (box: Outbox) =>
  box.readings.length + box.sensors.length + box.alarms.length + box.events.length + box.sales.length + box.meterTotals.length + box.tickets.length;

/**
 * Splits a backlog into batches within the protocol's limits, oldest first: after a long
 * network gap a device may hold more than one batch may carry, and an oversized batch is
 * refused whole. Nothing to send gives no batch.
 */
export function splitOutbox(box: Outbox, maxItems = MAX_BATCH_ITEMS): Outbox[] {
  const { readings, sensors, alarms, events, sales, meterTotals, tickets } = box;
  if (itemsIn(box) === 0) return [];
  const n = Math.max(
    1,
    Math.ceil(Math.max(readings.length, sensors.length, alarms.length, sales.length, meterTotals.length) / maxItems),
    Math.ceil(events.length / MAX_EVENTS),
    Math.ceil(tickets.length / MAX_TICKETS),
  );
  if (n === 1) return [box];
  const part = <T>(items: T[], size: number, i: number) => (i < 0 ? [] : items.slice(i * size, (i + 1) * size));
  // Tickets ride in the last batches: the server matches a ticket to a delivery it has seen in the readings.
  const ticketsFrom = n - Math.ceil(tickets.length / MAX_TICKETS);
  return Array.from({ length: n }, (_, i) => ({
    readings: part(readings, maxItems, i),
    sensors: part(sensors, maxItems, i),
    alarms: part(alarms, maxItems, i),
    events: part(events, MAX_EVENTS, i),
    sales: part(sales, maxItems, i),
    meterTotals: part(meterTotals, maxItems, i),
    tickets: part(tickets, MAX_TICKETS, i - ticketsFrom),
  }));
}
