import type { OpeningHours, SimStation, SimTank } from '@ullage/simulator/model/types';
import type { SimulatedStationRow } from './demo-fleet-repo';

/**
 * How the demo stations behave in the simulator, beyond what their settings say.
 *
 * Leak detection (issue 22) looks for quiet hours: no sale, no delivery. So most demo stations
 * close at night, 22:00–06:00 local; the two on arterial roads stay open and sell only now and
 * then at night, where quiet hours are rarer, as at a real 24-hour station.
 */
export const DEMO_NIGHT_CLOSURE: OpeningHours = { opensHour: 6, closesHour: 22 };
export const DEMO_OPEN_ALL_NIGHT: ReadonlySet<string> = new Set(['NWP-DX03', 'LSF-HO01']);

/**
 * The one leaking tank: Shanghai Pudong's tank 2 (95# gasoline) loses 1.5 L/h from the start
 * of the history, so a new user — the demo station account sees this station — finds a failing
 * leak test. 1.5 L/h is twice the default threshold (0.76 L/h), and 36 L a day hides in sales.
 */
export const DEMO_LEAK = { stationCode: 'NWP-SH01', tankCode: '2', rateLph: 1.5 } as const;

const productOf = (type: string | null): NonNullable<SimTank['product']> => (type === 'diesel' ? 'diesel' : 'gasoline');

/**
 * A simulated station for a demo station row: its tanks going on from their last readings, the
 * demo's opening hours and leak. `historyStartMs` is where the demo's history begins (the leak
 * is there from then on).
 */
export function demoSimStation(row: SimulatedStationRow, deviceKey: string, historyStartMs: number): SimStation {
  return {
    code: row.code,
    deviceKey,
    timezone: row.timezone,
    tanks: row.tanks.map(({ latest, productType, ...t }) => ({
      ...t,
      product: productOf(productType),
      ...(latest ? { initial: { productL: latest.productL, waterMm: latest.waterMm, temperatureC: latest.temperatureC } } : {}),
      ...(row.code === DEMO_LEAK.stationCode && t.code === DEMO_LEAK.tankCode ? { leak: { rateLph: DEMO_LEAK.rateLph, fromMs: historyStartMs } } : {}),
    })),
    sensors: [
      { sensorNo: 'S1', type: 'leak' as const },
      { sensorNo: 'S2', type: 'leak' as const },
    ],
    ...(DEMO_OPEN_ALL_NIGHT.has(row.code) ? {} : { openingHours: DEMO_NIGHT_CLOSURE }),
  };
}
