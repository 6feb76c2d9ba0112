import { EXPANSION_PER_C, temperatureCompensated } from '@ullage/domain/inventory';
import { heightAtVolume, volumeAtHeight } from '@ullage/domain/strapping';
import type { DeviceReading, RecordType } from '@ullage/contracts/device';
import { iso } from './clock';
import type { Rng } from './random';
import { grossL, temperatureC, waterL, type TankState } from './tank';

/**
 * A magnetostrictive probe: it resolves 0.01 mm and repeats within about a tenth of a
 * millimetre. Product-height noise of σ 0.07 mm is about 1.4 L on a 2.5 m × 8 m tank at half
 * height: small enough that a night's readings show a leak of a litre an hour, large enough
 * that one reading cannot.
 */
export const PRODUCT_HEIGHT_NOISE_MM = 0.07;
/** The water float rides the same probe, a little less steadily. */
export const WATER_HEIGHT_NOISE_MM = 0.1;
export const HEIGHT_RESOLUTION_MM = 0.01;
/** The probe's thermistors average the product's temperature; their noise and resolution. */
export const TEMPERATURE_NOISE_C = 0.02;
export const TEMPERATURE_RESOLUTION_C = 0.01;

const quantise = (n: number, step: number) => Math.round(n / step) * step;
/** Rounded for the wire: the quantised figure without binary noise (1234.57, not 1234.5700000001). */
const wire = (n: number, decimals: number) => Number(n.toFixed(decimals));
const r1 = (n: number) => wire(n, 1);

export interface Distortion {
  heightMm?: number;
  temperatureC?: number;
}

/**
 * What the probe reports: true heights and temperature plus noise, quantised as the probe
 * does, and the volumes the console computes from its table and the product's nominal
 * expansion (for the measured height and temperature, so a data jump looks real).
 */
export function measure(t: TankState, ms: number, hour: number, type: RecordType, rng: Rng, distort: Distortion = {}): DeviceReading {
  const { strapping } = t.spec;
  const waterMm = wire(quantise(Math.max(0, t.waterMm + WATER_HEIGHT_NOISE_MM * rng.normal()), HEIGHT_RESOLUTION_MM), 2);
  const totalMm = heightAtVolume(strapping, grossL(t, hour) + waterL(t));
  const noisyMm = totalMm + PRODUCT_HEIGHT_NOISE_MM * rng.normal() + (distort.heightMm ?? 0);
  const productHeightMm = wire(quantise(Math.max(waterMm, noisyMm), HEIGHT_RESOLUTION_MM), 2);
  const temp = wire(quantise(temperatureC(t, hour) + TEMPERATURE_NOISE_C * rng.normal() + (distort.temperatureC ?? 0), TEMPERATURE_RESOLUTION_C), 2);
  const waterVolumeL = volumeAtHeight(strapping, waterMm);
  const volumeL = Math.max(0, volumeAtHeight(strapping, productHeightMm) - waterVolumeL);
  return {
    tank: t.spec.code,
    ts: iso(ms),
    type,
    productHeightMm,
    waterHeightMm: waterMm,
    temperatureC: temp,
    volumeL: r1(volumeL),
    // The console knows the product only by its type: it corrects with the nominal coefficient.
    tcVolumeL: r1(temperatureCompensated(volumeL, temp, EXPANSION_PER_C[t.spec.product ?? 'gasoline'])),
    waterVolumeL: r1(waterVolumeL),
  };
}
