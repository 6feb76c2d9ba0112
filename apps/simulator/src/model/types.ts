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
  /** Someone draws `litres` (at 15 °C) off the tank evenly over `durationMs` from `fromMs`, past the pumps: no metered sale. */
  theft?: { litres: number; fromMs: number; durationMs: number };
  /** The pumps' meters read this many per cent over what left the tank (a badly calibrated dispenser; negative: under). */
  meterErrorPct?: number;
  /** Price per litre at the pump, in the station's currency: sales carry `unitPrice` and `amount` when set. */
  unitPrice?: number;
  /** A product code: the tank is manifolded with the station's other tanks of that product, and its sales name the product, not the tank. */
  manifold?: string;
  /**
   * The first delivery that starts in [`fromMs`, `untilMs`) is short: its ticket says `pct` per cent more than
   * went into the tank. A window rather than "from then on", so a restarted simulation does not short another.
   */
  shortDelivery?: { pct: number; fromMs: number; untilMs: number };
}

/**
 * How a station's pumps report what they sell (docs/device-protocol.md "Metered sales,
 * totalisers and delivery tickets"): each fill as a transaction, or each tank's dispenser
 * totaliser every `everyMs` (a multiple of 15 minutes, on the UTC quarter hours).
 */
export type Metering = { kind: 'transactions' } | { kind: 'totaliser'; everyMs: number };

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
  /** No metered sales when absent: the server then derives sales from the level. */
  metering?: Metering;
}
