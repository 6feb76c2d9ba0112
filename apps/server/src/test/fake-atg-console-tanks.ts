import { EXPANSION_PER_C, temperatureCompensated } from '@ullage/domain/inventory';
import { horizontalCylinderVolume } from '@ullage/domain/strapping';
import { fromCelsius, fromLitres, fromMillimetres } from '@ullage/domain/atg/units';
import { DEMO_COMPANIES, DEMO_PRODUCTS, DEMO_TANK_SIZES } from '../seed/demo-organisation';

/** A tank as the fake console reports it, in the console's units (gallons/inches/°F or litres/mm/°C). */
export interface FakeTank {
  /** 1–99: TT has 2 digits (atg-protocol §5, 100 tanks). */
  tank: number;
  /** One character (function 603). */
  product: string;
  /** Up to 20 characters (i602). */
  label: string;
  volume: number;
  tcVolume: number;
  ullage: number;
  height: number;
  water: number;
  temperature: number;
  waterVolume: number;
  /** i604; volume + water volume + ullage when absent. */
  capacity?: number;
  /** i607; '?'-filled when absent. */
  diameter?: number;
  deliveryInProgress?: boolean;
  leakTestInProgress?: boolean;
}

/** Fill, water and temperature for the first tanks; later ones cycle through them. */
const LEVELS = [
  { fill: 0.62, waterMm: 12, temperatureC: 18.4 },
  { fill: 0.45, waterMm: 0, temperatureC: 19.1 },
  { fill: 0.78, waterMm: 25, temperatureC: 16.7 },
  { fill: 0.3, waterMm: 5, temperatureC: 17.9 },
];

const DEMO_STATION = 'NWP-SH01';

/**
 * Plausible tanks for the demo station NWP-SH01 (tank codes 1, 2, 3: 92#, 95#, 0# diesel),
 * shaped as first-start.ts seeds them (horizontal cylinders of DEMO_TANK_SIZES), so every value
 * lies inside its tank. More than three tanks repeat the sizes and products.
 */
export function demoFakeTanks(count = 3, units: 'us' | 'metric' = 'metric'): FakeTank[] {
  const station = DEMO_COMPANIES.flatMap((c) => c.stations).find((s) => s.code === DEMO_STATION)!;
  return Array.from({ length: count }, (_, i) => {
    const size = DEMO_TANK_SIZES[i % DEMO_TANK_SIZES.length]!;
    const productCode = station.tanks[i % station.tanks.length]!;
    const productIndex = DEMO_PRODUCTS.findIndex((p) => p.code === productCode);
    const product = DEMO_PRODUCTS[productIndex]!;
    const level = LEVELS[i % LEVELS.length]!;
    const litres = (mm: number) => horizontalCylinderVolume(size.diameterMm, size.lengthMm, mm);
    const heightMm = Math.round(size.diameterMm * level.fill);
    const capacityL = Math.ceil(litres(size.diameterMm));
    const waterL = litres(level.waterMm);
    const volumeL = litres(heightMm) - waterL;
    const tcVolumeL = temperatureCompensated(volumeL, level.temperatureC, product.type === 'diesel' ? EXPANSION_PER_C.diesel : EXPANSION_PER_C.gasoline);
    const volume = (l: number) => round(fromLitres(l, units), 0);
    const length = (mm: number) => round(fromMillimetres(mm, units), 2);
    return {
      tank: i + 1,
      product: String(productIndex + 1),
      label: product.name.toUpperCase().slice(0, 20),
      volume: volume(volumeL),
      tcVolume: volume(tcVolumeL),
      ullage: volume(capacityL - volumeL - waterL),
      height: length(heightMm),
      water: length(level.waterMm),
      temperature: round(fromCelsius(level.temperatureC, units), 2),
      waterVolume: volume(waterL),
      capacity: volume(capacityL),
      diameter: length(size.diameterMm),
    };
  });
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
