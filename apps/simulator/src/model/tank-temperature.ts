import { DAY } from './clock';
import type { Rng } from './random';

/**
 * The product's true temperature in an underground tank. The ground a metre or two down barely
 * feels the day, so the product drifts slowly toward the ground's temperature over days; a
 * delivery mixes in product of the tanker's temperature, which then relaxes the same way; the
 * day leaves a ripple of a tenth of a degree or so. A leak test compensates volumes for
 * temperature: a model that swung by degrees a day would drown any leak in expansion.
 */

/** Ground temperature at tank depth, °C [min, max): about the local mean air temperature. */
export const GROUND_C = [12, 22] as const;
/** Time constant of the product's relaxation toward the ground, days [min, max): steel or fibreglass in soil and backfill. */
export const RELAXATION_DAYS = [3, 6] as const;
/** Amplitude of the daily ripple, °C [min, max): a few hundredths to a tenth, never more for a buried tank. */
export const DAILY_SWING_C = [0.03, 0.12] as const;
/** Local hour the ripple peaks: the afternoon's warmth reaches the product late. */
const SWING_PEAK_HOUR = 18;
/** Where the product starts relative to the ground, °C [min, max): a delivery some days ago still relaxing. */
export const START_OFFSET_C = [-1.5, 1.5] as const;
/** A tanker's product relative to the ground, °C [min, max): road tankers come warmer more often than colder. */
export const DELIVERY_OFFSET_C = [-3, 5] as const;

export interface ThermalState {
  groundC: number;
  /** The product's temperature without the daily ripple. */
  bulkC: number;
  relaxationMs: number;
  swingC: number;
}

export function createThermal(rng: Rng, startC?: number): ThermalState {
  const groundC = rng.range(...GROUND_C);
  const bulkC = groundC + rng.range(...START_OFFSET_C);
  return {
    groundC,
    bulkC: startC ?? bulkC,
    relaxationMs: rng.range(...RELAXATION_DAYS) * DAY,
    swingC: rng.range(...DAILY_SWING_C),
  };
}

/** Relaxes the product toward the ground over `dtMs` (exactly, whatever the step). */
export function relax(th: ThermalState, dtMs: number): void {
  th.bulkC = th.groundC + (th.bulkC - th.groundC) * Math.exp(-dtMs / th.relaxationMs);
}

/** Mixes `addedL` of product at `addedC` into `heldL` (volumes at 15 °C weigh alike). */
export function mix(th: ThermalState, heldL: number, addedL: number, addedC: number): void {
  if (addedL <= 0) return;
  th.bulkC = (Math.max(heldL, 0) * th.bulkC + addedL * addedC) / (Math.max(heldL, 0) + addedL);
}

/** A tanker's product temperature. */
export const deliveryTemperatureC = (th: ThermalState, rng: Rng) => th.groundC + rng.range(...DELIVERY_OFFSET_C);

/** True temperature at a local hour: the bulk plus the daily ripple. */
export function productTemperatureC(th: ThermalState, localHour: number): number {
  return th.bulkC + th.swingC * Math.cos((2 * Math.PI * (localHour - SWING_PEAK_HOUR)) / 24);
}
