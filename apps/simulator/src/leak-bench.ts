import type { DeviceReading } from '@ullage/contracts/device';
import { cylinderStrappingTable, horizontalCylinderVolume, type StrappingPoint } from '@ullage/domain/strapping';
import { DAY, MINUTE } from './model/clock';
import { createStationSim } from './model/station';
import type { OpeningHours, ProductType, SimStation, SimTank } from './model/types';

/** A tank for the leak benchmark: a strapping table of its own, or a horizontal cylinder (height = diameter). */
export type LeakBenchTank = { heightMm: number; capacityL: number; strapping: StrappingPoint[] } | { diameterMm: number; lengthMm: number };

export interface LeakBenchOptions {
  seed: number;
  tank: LeakBenchTank;
  /** Litres (at 15 °C) per hour lost from `startMs` on; 0 for a tight tank. */
  leakLph: number;
  /** Time of the first reading (ms since epoch). */
  startMs: number;
  days: number;
  /** Time between readings (default a minute). */
  intervalMs?: number;
  product?: ProductType;
  /** Sales follow this wall clock (default UTC). */
  timezone?: string;
  /** Default closed 22:00–06:00; null: open day and night, with few sales at night. */
  openingHours?: OpeningHours | null;
  /** The tank's code in the readings (default "1"). */
  tankCode?: string;
}

/** The benchmark station's night: closed, so every night has quiet hours unless a tanker comes. */
export const LEAK_BENCH_HOURS: OpeningHours = { opensHour: 6, closesHour: 22 };

function simTank(tank: LeakBenchTank, code: string): SimTank {
  if ('strapping' in tank) return { code, ...tank };
  const { diameterMm, lengthMm } = tank;
  return { code, heightMm: diameterMm, capacityL: Math.ceil(horizontalCylinderVolume(diameterMm, lengthMm, diameterMm)), strapping: cylinderStrappingTable(diameterMm, lengthMm, 50) };
}

/**
 * One tank's readings over `days`, as its device would send them (docs/device-protocol.md), for
 * the leak-detection benchmark: sales by the hour and none at night, a delivery every few days,
 * the product's slow temperature drift, the probe's noise, evaporation, and the given leak. Pure
 * and deterministic: the same options give the same readings. No rare events (faults, outages).
 */
export function leakBenchReadings(options: LeakBenchOptions): DeviceReading[] {
  const { seed, startMs, days, leakLph, intervalMs = MINUTE, product = 'gasoline', timezone = 'UTC', tankCode = '1' } = options;
  if (!(intervalMs > 0) || !(days > 0)) throw new RangeError('leakBenchReadings: intervalMs and days must be positive');
  const hours = options.openingHours === undefined ? LEAK_BENCH_HOURS : options.openingHours;
  const station: SimStation = {
    code: 'LEAK-BENCH',
    deviceKey: '',
    timezone,
    tanks: [{ ...simTank(options.tank, tankCode), product, ...(leakLph > 0 ? { leak: { rateLph: leakLph, fromMs: startMs } } : {}) }],
    ...(hours ? { openingHours: hours } : {}),
  };
  const sim = createStationSim(station, { startMs, seed, events: false });
  const readings: DeviceReading[] = [];
  const endMs = startMs + days * DAY;
  for (let at = startMs; at <= endMs; at += intervalMs) {
    for (const batch of sim.advance(at)) readings.push(...((batch.readings ?? []) as DeviceReading[]));
  }
  return readings;
}
