import { MAX_BATCH_ITEMS, type DeviceAlarm, type DeviceEvent, type DeviceReading, type DeviceSensorState } from '@ullage/contracts/device';

/** What a device has to send; also the shape of one batch, with every list present. */
export interface Outbox {
  readings: DeviceReading[];
  sensors: DeviceSensorState[];
  alarms: DeviceAlarm[];
  events: DeviceEvent[];
}

export const emptyOutbox = (): Outbox => ({ readings: [], sensors: [], alarms: [], events: [] });

/** The protocol caps events per batch lower than the other lists (deviceReport in contracts). */
const MAX_EVENTS = 100;

/**
 * Splits a backlog into batches within the protocol's limits, oldest first: after a long
 * network gap a device may hold more than one batch may carry, and an oversized batch is
 * refused whole. Nothing to send gives no batch.
 */
export function splitOutbox(box: Outbox, maxItems = MAX_BATCH_ITEMS): Outbox[] {
  const { readings, sensors, alarms, events } = box;
  if (readings.length + sensors.length + alarms.length + events.length === 0) return [];
  const n = Math.max(1, Math.ceil(Math.max(readings.length, sensors.length, alarms.length) / maxItems), Math.ceil(events.length / MAX_EVENTS));
  if (n === 1) return [box];
  const part = <T>(items: T[], size: number, i: number) => items.slice(i * size, (i + 1) * size);
  return Array.from({ length: n }, (_, i) => ({
    readings: part(readings, maxItems, i),
    sensors: part(sensors, maxItems, i),
    alarms: part(alarms, maxItems, i),
    events: part(events, MAX_EVENTS, i),
  }));
}
