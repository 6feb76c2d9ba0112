import { EXPANSION_PER_C, REFERENCE_TEMPERATURE_C } from '@ullage/domain/inventory';
import { volumeAtHeight } from '@ullage/domain/strapping';
import { drawFills, litresOf, salesRateLps } from './demand';
import { DAY, HOUR, MINUTE } from './clock';
import type { Rng } from './random';
import { createThermal, deliveryTemperatureC, mix, productTemperatureC, relax, type ThermalState } from './tank-temperature';
import type { OpeningHours, SimTank } from './types';

/**
 * The real product differs from the nominal expansion coefficient (blend, season, density):
 * each tank's true coefficient is the nominal one times a factor in [min, max), so a leak test
 * that compensates with the nominal figure keeps a small, honest residual.
 */
export const EXPANSION_FACTOR = [0.95, 1.05] as const;
/** What a tight tank loses anyway through its vent, litres (at 15 °C) per hour [min, max). */
export const EVAPORATION_LPH = [0.005, 0.02] as const;

/**
 * The true state of one tank. The model keeps the product's net volume at 15 °C (what is sold,
 * delivered and lost) and its temperature; the probe sees the gross volume, expanded by the
 * temperature, through the strapping table, the way a real tank works.
 */
export interface TankState {
  spec: SimTank;
  /** Product (fuel) volume at 15 °C, water excluded. */
  netL: number;
  waterMm: number;
  thermal: ThermalState;
  /** The product's true volume expansion per °C (nominal × EXPANSION_FACTOR). */
  expansionPerC: number;
  evaporationLph: number;
  /** What this tank sells on an average day; shaped over the day by `demandWeight`. */
  dailySalesL: number;
  waterIngressMmPerDay: number;
  /** Fill fraction below which the station orders a tanker. */
  reorderFill: number;
  /** When the ordered tanker arrives. */
  deliveryDueMs: number | null;
  delivery: { startMs: number; endMs: number; rateLps: number; temperatureC: number } | null;
}

export interface DeliveryStart {
  /** Net litres (at 15 °C) the tanker puts in. */
  litres: number;
  durationMs: number;
  /** The tanker's product temperature: its gross litres are `litres × grossPerNet(t, temperatureC)`. */
  temperatureC: number;
}

/** What one step of a tank did that the outside sees: the delivery it started, the fills it sold (net litres each). */
export interface TankStep {
  delivery: DeliveryStart | null;
  fills: readonly number[];
}

/** Room in the tank: never fill past the table's last point, nor past the rated capacity. */
function maxTotalL(spec: SimTank): number {
  const tableMax = spec.strapping[spec.strapping.length - 1]?.volumeL ?? spec.capacityL;
  return Math.min(tableMax, spec.capacityL);
}

/** Gross volume per net litre at a temperature: the product's true coefficient, as a meter at the nozzle sees it. */
export const grossPerNet = (t: TankState, temperatureC: number) => 1 + t.expansionPerC * (temperatureC - REFERENCE_TEMPERATURE_C);

export function createTank(spec: SimTank, rng: Rng): TankState {
  const randomL = maxTotalL(spec) * rng.range(0.35, 0.9);
  const randomWaterMm = rng.range(0, 15);
  const t: TankState = {
    spec,
    netL: randomL,
    waterMm: spec.initial ? Math.max(0, spec.initial.waterMm) : randomWaterMm,
    thermal: createThermal(rng, spec.initial?.temperatureC),
    expansionPerC: EXPANSION_PER_C[spec.product ?? 'gasoline'] * rng.range(...EXPANSION_FACTOR),
    evaporationLph: rng.range(...EVAPORATION_LPH),
    dailySalesL: spec.capacityL * rng.range(0.12, 0.3),
    waterIngressMmPerDay: rng.range(0.1, 0.8),
    reorderFill: rng.range(0.25, 0.3),
    deliveryDueMs: null,
    delivery: null,
  };
  // Random volumes are net; a last reading's is what the probe saw, at its temperature.
  if (spec.initial) t.netL = Math.max(0, spec.initial.productL) / grossPerNet(t, t.thermal.bulkC);
  return t;
}

export const waterL = (t: TankState) => volumeAtHeight(t.spec.strapping, t.waterMm);
export const fillOf = (t: TankState) => t.netL / t.spec.capacityL;
export const temperatureC = (t: TankState, localHour: number) => productTemperatureC(t.thermal, localHour);
/** The product's volume at its temperature: what the probe measures. */
export const grossL = (t: TankState, localHour: number) => t.netL * grossPerNet(t, temperatureC(t, localHour));

/** Litres lost through the leak between two times (none before it starts). */
function leakedL(spec: SimTank, fromMs: number, toMs: number): number {
  if (!spec.leak) return 0;
  const ms = toMs - Math.max(fromMs, spec.leak.fromMs);
  return ms > 0 ? (spec.leak.rateLph * ms) / HOUR : 0;
}

/** Litres stolen between two times: the theft's share of the overlap with its span. */
export function stolenL(spec: SimTank, fromMs: number, toMs: number): number {
  const theft = spec.theft;
  if (!theft || !(theft.durationMs > 0)) return 0;
  const ms = Math.min(toMs, theft.fromMs + theft.durationMs) - Math.max(fromMs, theft.fromMs);
  return ms > 0 ? (theft.litres * ms) / theft.durationMs : 0;
}

/**
 * Moves one tank from `fromMs` by `dtMs`: customers' fills at the local hour's rate (none
 * while the station is closed), a running delivery, evaporation, any leak or theft, the
 * product's temperature, water seeping in. Returns the delivery it started, if any, so the
 * station can tell (and the fleet can log) it, and the fills it sold, which the pumps meter.
 */
export function stepTank(t: TankState, fromMs: number, dtMs: number, hour: number, rng: Rng, hours?: OpeningHours): TankStep {
  const toMs = fromMs + dtMs;
  let started: DeliveryStart | null = null;
  if (!t.delivery && t.deliveryDueMs === null && fillOf(t) < t.reorderFill) {
    // The tanker is ordered now and turns up within the hour; sales go on meanwhile.
    t.deliveryDueMs = fromMs + rng.range(0, 60) * MINUTE;
  }
  if (!t.delivery && t.deliveryDueMs !== null && fromMs >= t.deliveryDueMs) {
    const durationMs = Math.round(rng.range(20, 40) * MINUTE);
    const litres = Math.max(0, t.spec.capacityL * rng.range(0.86, 0.95) - t.netL);
    t.delivery = { startMs: fromMs, endMs: fromMs + durationMs, rateLps: litres / (durationMs / 1000), temperatureC: deliveryTemperatureC(t.thermal, rng) };
    t.deliveryDueMs = null;
    started = { litres, durationMs, temperatureC: t.delivery.temperatureC };
  }
  const fills = drawFills(salesRateLps(t.dailySalesL, hour, hours) * (dtMs / 1000), rng);
  t.netL -= litresOf(fills);
  if (t.delivery) {
    const overlapMs = Math.min(toMs, t.delivery.endMs) - Math.max(fromMs, t.delivery.startMs);
    if (overlapMs > 0) {
      const addedL = t.delivery.rateLps * (overlapMs / 1000);
      mix(t.thermal, t.netL, addedL, t.delivery.temperatureC);
      t.netL += addedL;
    }
    if (toMs >= t.delivery.endMs) t.delivery = null;
  }
  t.netL -= (t.evaporationLph * dtMs) / HOUR + leakedL(t.spec, fromMs, toMs) + stolenL(t.spec, fromMs, toMs);
  relax(t.thermal, dtMs);
  t.waterMm += t.waterIngressMmPerDay * (dtMs / DAY);
  // The expanded product and the water must fit in the tank.
  t.netL = Math.min(Math.max(t.netL, 0), (maxTotalL(t.spec) - waterL(t)) / grossPerNet(t, temperatureC(t, hour)));
  return { delivery: started, fills };
}
