import type { DeviceCommand, DeviceCommandAck, DeviceReport, DeviceReportAnswer } from '@ullage/contracts/device';
import type { SimStation } from '../model/types';

/**
 * Sends one batch for a station and resolves with the server's verdict on it (over HTTP, with
 * the commands waiting for the device).
 */
export type Sender = (station: SimStation, report: DeviceReport) => Promise<DeviceReportAnswer>;

/** Receives a command the server sent a station's device (MQTT pushes them on their own topic). */
export type CommandListener = (station: SimStation, command: DeviceCommand) => void;

export interface Transport {
  send: Sender;
  /** Answers a command (docs/device-protocol.md "Commands"). */
  ack(station: SimStation, ack: DeviceCommandAck): Promise<void>;
  close(): Promise<void>;
}

/**
 * A failed send. `retry` says whether sending the same batch later can succeed (network down,
 * server busy, unknown key that may yet be set) or never will (the server refused the batch
 * itself); the fleet keeps the first kind queued and drops the second so it cannot block the rest.
 */
export class SendError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
    this.name = 'SendError';
  }
}
