import type { StrappingPoint } from '@ullage/domain/strapping';

/** A tank as the station settings describe it; the simulator needs only what a probe sees. */
export interface SimTank {
  /** The tank's code at its station, e.g. "1". */
  code: string;
  heightMm: number;
  capacityL: number;
  /** Height-volume table: sorted, strictly increasing, first point at height 0. */
  strapping: StrappingPoint[];
  /** Where the tank starts (its last reading on the server, to go on from there); random when absent. */
  initial?: { productL: number; waterMm: number };
}

export interface SimSensor {
  sensorNo: string;
  type: 'leak' | 'gas';
}

/** One simulated station. Its code and device key must match a station row on the server. */
export interface SimStation {
  code: string;
  deviceKey: string;
  /** IANA name; sales follow this wall clock. */
  timezone: string;
  tanks: SimTank[];
  sensors?: SimSensor[];
}
