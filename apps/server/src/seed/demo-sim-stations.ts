import { HOUR, nextLocalTime } from '@ullage/simulator/model/clock';
import type { Metering, OpeningHours, SimStation, SimTank } from '@ullage/simulator/model/types';
import type { SimulatedStationRow } from './demo-fleet-repo';
import { DEMO_COMPANIES } from './demo-organisation';

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

/**
 * Metered sales (issue 23, wetstock reconciliation): how each demo station's pumps report. Most
 * send each fill as a transaction; Dallas sends each tank's dispenser totaliser every quarter
 * hour instead; Cairo and Monterrey send nothing, so their reconciliation shows sales derived
 * from the level. (No demo station has two tanks of one product, so none is manifolded.)
 */
export const DEMO_TOTALISER_STATIONS: ReadonlySet<string> = new Set(['LSF-DA02']);
export const DEMO_UNMETERED_STATIONS: ReadonlySet<string> = new Set(['NWP-CA05', 'LSF-MX05']);
const TOTALISER_EVERY_MS = HOUR / 4;

/** Pump prices per litre by product code, in each station's own currency (CNY, AED, SAR, EUR, USD, COP), about 2025's. */
export const DEMO_UNIT_PRICES: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  'NWP-SH01': { G92: 7.62, G95: 8.11, D0: 7.3 },
  'NWP-SZ02': { G92: 7.64, G95: 8.13, G98: 9.13, D0: 7.32 },
  'NWP-DX03': { G95: 2.58, G98: 2.69, D0: 2.78 },
  'NWP-RY04': { G92: 2.18, G95: 2.33, D0: 1.66 },
  'NWP-MD06': { G95: 1.56, G98: 1.72, D0: 1.48 },
  'LSF-HO01': { G92: 0.74, G95: 0.84, D0: 0.9 },
  'LSF-DE03': { G92: 0.78, G95: 0.88, D0: 0.93 },
  'LSF-LA04': { G92: 1.22, G95: 1.32, G98: 1.42 },
  'LSF-BG06': { G92: 4230, G95: 5190, D0: 2880 },
};

/**
 * What the reconciliation should find, one of each, none on the leaking tank: Shenzhen's 98#
 * pumps read 0.6 % over what leaves the tank; Madrid's diesel tank loses 300 L in an hour at
 * 01:30 one night, 25 days into the history (10 days before now with the default 35 days), with
 * no sale; Denver's 92# gets a tanker 1 % short of its ticket (over the default 0.5 %
 * tolerance), its first delivery from 12 days into the history. Each is placed from the
 * history's start, so a restart — whose history starts later, and whose simulation starts at
 * the last reading — does not do it again.
 */
export const DEMO_METER_ERROR = { stationCode: 'NWP-SZ02', tankCode: '3', pct: 0.6 } as const;
export const DEMO_THEFT = { stationCode: 'NWP-MD06', tankCode: '3', litres: 300, afterDays: 25, localHour: 1.5, durationMs: HOUR } as const;
export const DEMO_SHORT_DELIVERY = { stationCode: 'LSF-DE03', tankCode: '1', pct: 1, fromDays: 12, untilDays: 30 } as const;

const DAY_MS = 24 * HOUR;

function meteringOf(code: string): Metering | undefined {
  if (DEMO_UNMETERED_STATIONS.has(code)) return undefined;
  return DEMO_TOTALISER_STATIONS.has(code) ? { kind: 'totaliser', everyMs: TOTALISER_EVERY_MS } : { kind: 'transactions' };
}

/** The tank's product code as the demo seeded it (tank "2" is the station's second product), for its price. */
function seededProduct(stationCode: string, tankCode: string): string | undefined {
  const station = DEMO_COMPANIES.flatMap((c) => c.stations).find((s) => s.code === stationCode);
  return station?.tanks[Number(tankCode) - 1];
}

/** The wetstock options of one demo tank: its price, and the meter error, theft or short delivery if it is the one. */
function wetstockOf(row: SimulatedStationRow, tankCode: string, historyStartMs: number): Partial<SimTank> {
  const is = (x: { stationCode: string; tankCode: string }) => row.code === x.stationCode && tankCode === x.tankCode;
  const product = seededProduct(row.code, tankCode);
  const unitPrice = product === undefined ? undefined : DEMO_UNIT_PRICES[row.code]?.[product];
  const theftAt = is(DEMO_THEFT) ? nextLocalTime(row.timezone, historyStartMs + DEMO_THEFT.afterDays * DAY_MS, DEMO_THEFT.localHour) : null;
  return {
    ...(unitPrice === undefined ? {} : { unitPrice }),
    ...(is(DEMO_METER_ERROR) ? { meterErrorPct: DEMO_METER_ERROR.pct } : {}),
    ...(theftAt === null ? {} : { theft: { litres: DEMO_THEFT.litres, fromMs: theftAt, durationMs: DEMO_THEFT.durationMs } }),
    ...(is(DEMO_SHORT_DELIVERY)
      ? { shortDelivery: { pct: DEMO_SHORT_DELIVERY.pct, fromMs: historyStartMs + DEMO_SHORT_DELIVERY.fromDays * DAY_MS, untilMs: historyStartMs + DEMO_SHORT_DELIVERY.untilDays * DAY_MS } }
      : {}),
  };
}

const productOf = (type: string | null): NonNullable<SimTank['product']> => (type === 'diesel' ? 'diesel' : 'gasoline');

/**
 * A simulated station for a demo station row: its tanks going on from their last readings, the
 * demo's opening hours, leak, metered sales, meter error, theft and short delivery.
 * `historyStartMs` is where the demo's history begins (the leak is there from then on).
 */
export function demoSimStation(row: SimulatedStationRow, deviceKey: string, historyStartMs: number): SimStation {
  const metering = meteringOf(row.code);
  return {
    code: row.code,
    deviceKey,
    timezone: row.timezone,
    tanks: row.tanks.map(({ latest, productType, ...t }) => ({
      ...t,
      product: productOf(productType),
      ...(latest ? { initial: { productL: latest.productL, waterMm: latest.waterMm, temperatureC: latest.temperatureC } } : {}),
      ...(row.code === DEMO_LEAK.stationCode && t.code === DEMO_LEAK.tankCode ? { leak: { rateLph: DEMO_LEAK.rateLph, fromMs: historyStartMs } } : {}),
      ...(metering ? wetstockOf(row, t.code, historyStartMs) : {}),
    })),
    sensors: [
      { sensorNo: 'S1', type: 'leak' as const },
      { sensorNo: 'S2', type: 'leak' as const },
    ],
    ...(DEMO_OPEN_ALL_NIGHT.has(row.code) ? {} : { openingHours: DEMO_NIGHT_CLOSURE }),
    ...(metering ? { metering } : {}),
  };
}
