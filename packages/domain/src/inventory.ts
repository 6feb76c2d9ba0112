import { volumeAtHeight, type StrappingPoint } from './strapping';

/**
 * A tank's inventory from what its probe measured (issue 4, DESIGN.md §5): heights are
 * corrected for the probe's offsets and the tank's tilt, then turned into volumes through the
 * tank's height-volume (strapping) table unless the device computed them itself.
 */
export interface TankGeometry {
  heightMm: number;
  capacityL: number;
  strapping: readonly StrappingPoint[];
  /** Added to the measured product / water height (probe mounting, spec §3 compensation). */
  oilOffsetMm: number;
  waterOffsetMm: number;
  /**
   * Tilt along the tank's length, in degrees, positive when the probe's end sits lower than
   * the middle; `probeOffsetMm` is the probe's distance from the middle. A probe at the low
   * end reads more than the average level by offset × tan(tilt).
   */
  tiltDeg: number;
  probeOffsetMm: number;
  /** Volume expansion per °C of the product (gasoline ≈ 0.0012, diesel ≈ 0.00083). */
  expansionPerC: number;
}

export interface MeasuredLevels {
  productHeightMm: number;
  waterHeightMm: number;
  temperatureC: number;
  volumeL?: number;
  tcVolumeL?: number;
  waterVolumeL?: number;
  /** When the device measured it (a Veeder-Root console reports its own ullage). */
  ullageL?: number;
}

export interface Inventory {
  productHeightMm: number;
  waterHeightMm: number;
  /** Product volume, water excluded. */
  volumeL: number;
  /** Product volume at the reference temperature (15 °C). */
  tcVolumeL: number;
  /**
   * Null when unknown: the device sent none and the tank has no table to derive it from, while
   * water stands in it (a Veeder-Root display report, say). 0 would claim there is no water.
   */
  waterVolumeL: number | null;
  /** Room left in the tank: capacity − (product + water); product only when the water volume is unknown. */
  ullageL: number;
  /** (product + water) / capacity, in per cent; product only when the water volume is unknown. */
  fillPct: number;
}

export const REFERENCE_TEMPERATURE_C = 15;
export const EXPANSION_PER_C = { gasoline: 0.0012, diesel: 0.00083 } as const;

/** The level at the middle of the tank from the probe's reading, within [0, tank height]. */
export function correctedHeight(measuredMm: number, offsetMm: number, tank: Pick<TankGeometry, 'heightMm' | 'tiltDeg' | 'probeOffsetMm'>): number {
  const tilt = tank.probeOffsetMm * Math.tan((tank.tiltDeg * Math.PI) / 180);
  return clamp(measuredMm + offsetMm - tilt, 0, tank.heightMm);
}

/** Volume corrected to the reference temperature by the product's linear expansion. */
export function temperatureCompensated(volumeL: number, temperatureC: number, expansionPerC: number): number {
  return volumeL / (1 + expansionPerC * (temperatureC - REFERENCE_TEMPERATURE_C));
}

export function computeInventory(tank: TankGeometry, measured: MeasuredLevels): Inventory {
  const productHeightMm = correctedHeight(measured.productHeightMm, tank.oilOffsetMm, tank);
  const waterHeightMm = Math.min(correctedHeight(measured.waterHeightMm, tank.waterOffsetMm, tank), productHeightMm);
  const hasTable = tank.strapping.length >= 2;
  const grossL = hasTable ? volumeAtHeight(tank.strapping, productHeightMm) : 0;
  const waterVolumeL = measured.waterVolumeL ?? waterVolumeAt(tank, waterHeightMm);
  // Water is unknown only without a table, where grossL is 0: the product volume is then the device's or 0 either way.
  const volumeL = measured.volumeL ?? Math.max(grossL - (waterVolumeL ?? 0), 0);
  const tcVolumeL = measured.tcVolumeL ?? temperatureCompensated(volumeL, measured.temperatureC, tank.expansionPerC);
  // An unknown water volume counts as none in ullage and fill: the product alone is what is
  // known to fill the tank. A device's own ullage (a Veeder-Root console gives one) is kept as ever.
  const filledL = volumeL + (waterVolumeL ?? 0);
  return {
    productHeightMm: round(productHeightMm, 1),
    waterHeightMm: round(waterHeightMm, 1),
    volumeL: round(volumeL, 1),
    tcVolumeL: round(tcVolumeL, 1),
    waterVolumeL: waterVolumeL === null ? null : round(waterVolumeL, 1),
    ullageL: round(measured.ullageL ?? Math.max(tank.capacityL - filledL, 0), 1),
    fillPct: tank.capacityL > 0 ? round(clamp((filledL / tank.capacityL) * 100, 0, 100), 2) : 0,
  };
}

/**
 * The water volume the tank's table gives at the (corrected) water height. Without a table it
 * is known only when there is no water (0 at a height that is stored as 0.0); else unknown.
 */
function waterVolumeAt(tank: TankGeometry, waterHeightMm: number): number | null {
  if (tank.strapping.length >= 2) return volumeAtHeight(tank.strapping, waterHeightMm);
  return round(waterHeightMm, 1) === 0 ? 0 : null;
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(Math.max(n, lo), hi);
}

function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}
