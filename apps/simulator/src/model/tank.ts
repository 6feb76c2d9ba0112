import { heightAtVolume, volumeAtHeight } from '@ullage/domain/strapping';
import type { DeviceReading, RecordType } from '@ullage/contracts/device';
import { salesRateLps } from './demand';
import { DAY, MINUTE, iso } from './clock';
import type { Rng } from './random';
import type { SimTank } from './types';

/**
 * The true state of one tank. The model keeps litres (what is sold and delivered) and derives
 * heights from the strapping table, the way a real tank works; the probe then reads it with
 * a little noise.
 */
export interface TankState {
  spec: SimTank;
  /** Product (fuel) volume, water excluded. */
  productL: number;
  waterMm: number;
  /** What this tank sells on an average day; shaped over the day by `demandWeight`. */
  dailySalesL: number;
  /** Mean temperature; the day adds ±2 °C. Underground tanks stay near the ground's. */
  baseTempC: number;
  waterIngressMmPerDay: number;
  /** Fill fraction below which the station orders a tanker. */
  reorderFill: number;
  /** When the ordered tanker arrives. */
  deliveryDueMs: number | null;
  delivery: { startMs: number; endMs: number; rateLps: number } | null;
}

export interface DeliveryStart {
  litres: number;
  durationMs: number;
}

/** Room in the tank: never fill past the table's last point, nor past the rated capacity. */
function maxTotalL(spec: SimTank): number {
  const tableMax = spec.strapping[spec.strapping.length - 1]?.volumeL ?? spec.capacityL;
  return Math.min(tableMax, spec.capacityL);
}

export function createTank(spec: SimTank, rng: Rng): TankState {
  return {
    spec,
    productL: maxTotalL(spec) * rng.range(0.35, 0.9),
    waterMm: rng.range(0, 15),
    ...(spec.initial ? { productL: Math.max(0, spec.initial.productL), waterMm: Math.max(0, spec.initial.waterMm) } : {}),
    dailySalesL: spec.capacityL * rng.range(0.12, 0.3),
    baseTempC: rng.range(12, 22),
    waterIngressMmPerDay: rng.range(0.1, 0.8),
    reorderFill: rng.range(0.25, 0.3),
    deliveryDueMs: null,
    delivery: null,
  };
}

export const waterL = (t: TankState) => volumeAtHeight(t.spec.strapping, t.waterMm);
export const fillOf = (t: TankState) => t.productL / t.spec.capacityL;

/**
 * Moves one tank from `fromMs` by `dtMs`: sales at the local hour's rate (with jitter),
 * a running delivery, water seeping in. Returns the delivery it started, if any, so the
 * station can tell (and the fleet can log) it.
 */
export function stepTank(t: TankState, fromMs: number, dtMs: number, hour: number, rng: Rng): DeliveryStart | null {
  const toMs = fromMs + dtMs;
  let started: DeliveryStart | null = null;
  if (!t.delivery && t.deliveryDueMs === null && fillOf(t) < t.reorderFill) {
    // The tanker is ordered now and turns up within the hour; sales go on meanwhile.
    t.deliveryDueMs = fromMs + rng.range(0, 60) * MINUTE;
  }
  if (!t.delivery && t.deliveryDueMs !== null && fromMs >= t.deliveryDueMs) {
    const durationMs = Math.round(rng.range(20, 40) * MINUTE);
    const litres = Math.max(0, t.spec.capacityL * rng.range(0.86, 0.95) - t.productL);
    t.delivery = { startMs: fromMs, endMs: fromMs + durationMs, rateLps: litres / (durationMs / 1000) };
    t.deliveryDueMs = null;
    started = { litres, durationMs };
  }
  t.productL -= salesRateLps(t.dailySalesL, hour) * rng.range(0.6, 1.4) * (dtMs / 1000);
  if (t.delivery) {
    const overlapMs = Math.min(toMs, t.delivery.endMs) - Math.max(fromMs, t.delivery.startMs);
    if (overlapMs > 0) t.productL += t.delivery.rateLps * (overlapMs / 1000);
    if (toMs >= t.delivery.endMs) t.delivery = null;
  }
  t.waterMm += t.waterIngressMmPerDay * (dtMs / DAY);
  t.productL = Math.min(Math.max(t.productL, 0), maxTotalL(t.spec) - waterL(t));
  return started;
}

/** True temperature: a slow daily swing of ±2 °C, warmest mid-afternoon. */
export function temperatureC(t: TankState, hour: number): number {
  return t.baseTempC + 2 * Math.sin((2 * Math.PI * (hour - 9)) / 24);
}

const r1 = (n: number) => Math.round(n * 10) / 10;
const r2 = (n: number) => Math.round(n * 100) / 100;

export interface Distortion {
  heightMm?: number;
  temperatureC?: number;
}

/**
 * What the probe reports: true heights and temperature plus small noise, and the volumes the
 * console computes from its table (for the measured height, so a data jump looks real).
 */
export function measure(t: TankState, ms: number, hour: number, type: RecordType, rng: Rng, distort: Distortion = {}): DeviceReading {
  const { strapping } = t.spec;
  const waterMm = Math.max(0, t.waterMm + 0.2 * rng.normal());
  const totalMm = heightAtVolume(strapping, t.productL + waterL(t));
  const productHeightMm = Math.max(waterMm, totalMm + 0.3 * rng.normal() + (distort.heightMm ?? 0));
  const temp = temperatureC(t, hour) + 0.05 * rng.normal() + (distort.temperatureC ?? 0);
  const waterVolumeL = volumeAtHeight(strapping, waterMm);
  const volumeL = Math.max(0, volumeAtHeight(strapping, productHeightMm) - waterVolumeL);
  return {
    tank: t.spec.code,
    ts: iso(ms),
    type,
    productHeightMm: r1(productHeightMm),
    waterHeightMm: r1(waterMm),
    temperatureC: r2(temp),
    volumeL: r1(volumeL),
    // Volume corrected to 15 °C with a typical fuel expansion coefficient.
    tcVolumeL: r1(volumeL * (1 - 0.00095 * (temp - 15))),
    waterVolumeL: r1(waterVolumeL),
  };
}
