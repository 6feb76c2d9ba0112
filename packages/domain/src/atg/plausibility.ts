import { volumeAtHeight, type StrappingPoint } from '../strapping';

/**
 * Whether a console's values, once converted to SI, fit the tank they are for (issue 20 #7).
 * A console read in the wrong units (US gallons taken for litres, °F for °C) gives values
 * that pass ingest's wide ranges but cannot be right for this tank: a fuel temperature no
 * buried tank reaches, a level above the tank's top, a volume beyond its capacity, or a volume
 * the tank's own height-volume table does not give for that level.
 */
export const PLAUSIBLE_FUEL_TEMPERATURE_C = { min: -30, max: 50 } as const;
/** Slack on the tank's height and capacity: probes and tables are not exact. */
const OVER_TOP = 1.05;
/** How far the console's volume may be from the table's at its level, as a share of capacity. */
const TABLE_TOLERANCE = 0.2;

export interface PlausibilityTank {
  heightMm: number;
  capacityL: number;
  strapping: readonly StrappingPoint[];
}

export interface ConsoleValues {
  productHeightMm: number | null;
  temperatureC: number | null;
  volumeL: number | null;
  waterVolumeL?: number | null;
}

export type ImplausibleField = 'temperatureC' | 'productHeightMm' | 'volumeL';

/** The first value that does not fit the tank, or null when all do (unknown values are not judged). */
export function implausibleValue(values: ConsoleValues, tank: PlausibilityTank): { field: ImplausibleField; value: number } | null {
  const { productHeightMm: height, temperatureC: temperature, volumeL: volume } = values;
  if (temperature !== null && (temperature < PLAUSIBLE_FUEL_TEMPERATURE_C.min || temperature > PLAUSIBLE_FUEL_TEMPERATURE_C.max)) return { field: 'temperatureC', value: temperature };
  if (height !== null && tank.heightMm > 0 && height > tank.heightMm * OVER_TOP) return { field: 'productHeightMm', value: height };
  if (volume !== null && tank.capacityL > 0 && volume > tank.capacityL * OVER_TOP) return { field: 'volumeL', value: volume };
  if (volume !== null && height !== null && tank.strapping.length >= 2 && tank.capacityL > 0) {
    const expected = volumeAtHeight(tank.strapping, height) - (values.waterVolumeL ?? 0);
    if (Math.abs(expected - volume) > tank.capacityL * TABLE_TOLERANCE) return { field: 'volumeL', value: volume };
  }
  return null;
}
