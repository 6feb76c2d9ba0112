import type { DeviceReport, DeviceReportResult } from '@ullage/contracts/device';
import type { SimStation } from '../model/types';

/** Sends one batch for a station and resolves with the server's verdict on it. */
export type Sender = (station: SimStation, report: DeviceReport) => Promise<DeviceReportResult>;

export interface Transport {
  send: Sender;
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
