import type { StrappingPoint } from '@ullage/domain/strapping';

/** What a tank holds, for its thermal expansion (packages/domain/src/inventory.ts EXPANSION_PER_C). */
export type ProductType = 'gasoline' | 'diesel';

/** A tank as the station settings describe it; the simulator needs only what a probe sees. */
export interface SimTank {
  /** The tank's code at its station, e.g. "1". */
  code: string;
  heightMm: number;
  capacityL: number;
  /** Height-volume table: sorted, strictly increasing, first point at height 0. */
  strapping: StrappingPoint[];
  /** Gasoline when absent. */
  product?: ProductType;
  /**
   * Where the tank starts (its last reading on the server, to go on from there); random when absent.
   * `productL` is the volume the probe saw, at `temperatureC` (the tank's own starting temperature when absent).
   */
  initial?: { productL: number; waterMm: number; temperatureC?: number };
  /** A hole: product (litres at 15 °C) is lost at this rate from `fromMs` on. */
  leak?: { rateLph: number; fromMs: number };
}

export interface SimSensor {
  sensorNo: string;
  type: 'leak' | 'gas';
}

/**
 * When a station sells, in local hours: closed from `closesHour` to `opensHour` (wrapping
 * midnight when `closesHour` is the later, e.g. 22 → 6).
 */
export interface OpeningHours {
  opensHour: number;
  closesHour: number;
}

/** One simulated station. Its code and device key must match a station row on the server. */
export interface SimStation {
  code: string;
  deviceKey: string;
  /** IANA name; sales follow this wall clock. */
  timezone: string;
  tanks: SimTank[];
  sensors?: SimSensor[];
  /** Open day and night when absent (with few sales at night). */
  openingHours?: OpeningHours;
}
