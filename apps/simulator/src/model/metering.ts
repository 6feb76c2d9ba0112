import type { DeviceMeterTotal, DeviceSale } from '@ullage/contracts/device';
import type { Outbox } from './batch';
import { iso } from './clock';
import { deriveSeed } from './random';
import { grossPerNet, temperatureC, type TankState } from './tank';
import type { SimStation, SimTank } from './types';

/**
 * The pumps' side of a sale (docs/device-protocol.md "Metered sales, totalisers and delivery
 * tickets"). Each fill the physics draws from a tank is what the nozzle's meter measured: its
 * gross litres at the product's temperature (and its litres at 15 °C, the meter compensating),
 * plus the meter's error. Nothing here draws from the station's random stream, so turning
 * metering on leaves the readings of a seed exactly as they were.
 */

/** Litres and money as a pump shows them: to the hundredth. */
export const cents = (n: number) => Math.round(n * 100) / 100;

/** What a meter reads for `litres` that left the tank: its calibration error on top. */
export const metered = (litres: number, spec: SimTank) => litres * (1 + (spec.meterErrorPct ?? 0) / 100);


/** Dispensers at a station; every one sells every product (multi-product dispensers). */
const PUMPS = 4;

/**
 * When the `i`th of the `n` fills of a step [fromMs, toMs) was sold: spread evenly within it (the
 * model knows only that they were in this step of at most a minute), whole milliseconds, all
 * before `toMs` so a fill falls in the same day and shift as the level's fall it made.
 */
export const fillTime = (fromMs: number, toMs: number, i: number, n: number) => fromMs + Math.floor(((toMs - fromMs) * (i + 1)) / (n + 1));

/**
 * A transaction's id: the station, the tank, the time and the fill's place in its step. The
 * same seed and times give the same ids, so a resent or replayed batch is recognised; a
 * restarted simulation (which goes on from where the last one stopped) makes new ones.
 */
export const saleId = (stationCode: string, tankCode: string, ms: number, i: number) => `${stationCode}-${tankCode}-${ms.toString(36)}-${i}`;

/** One transaction: `netL` (at 15 °C) left the tank at `ms`, `grossPerNetL` gross litres per net litre. */
export function saleOf(stationCode: string, spec: SimTank, ms: number, i: number, netL: number, grossPerNetL: number): DeviceSale {
  const id = saleId(stationCode, spec.code, ms, i);
  const ts = iso(ms);
  const volumeL = cents(metered(netL * grossPerNetL, spec));
  const tcVolumeL = cents(metered(netL, spec));
  const meter = `P${1 + ((Math.floor(ms / 1000) + i) % PUMPS)}`;
  // Booked to its tank, or to the product where the tank is manifolded with others of it. Spelt
  // out rather than spread: a sale is made some 5,000 times a station-day, and spreads are slow.
  const sale: DeviceSale = spec.manifold === undefined ? { tank: spec.code, id, ts, volumeL, tcVolumeL, meter } : { product: spec.manifold, id, ts, volumeL, tcVolumeL, meter };
  if (spec.unitPrice !== undefined) {
    sale.unitPrice = spec.unitPrice;
    sale.amount = cents(volumeL * spec.unitPrice);
  }
  return sale;
}

/**
 * A totaliser's name: its tank and the simulation's start. The simulator keeps nothing between
 * runs, so each run fits new meters rather than send a total lower than the last run's (the
 * server refuses a totaliser that goes backwards); the sales between the old meter's last
 * reading and the start are the only ones lost.
 */
export const totaliserName = (tankCode: string, startMs: number) => `${tankCode}-${Math.floor(startMs / 1000).toString(36)}`;

/** Where a fitted meter's totaliser starts, litres: a used dispenser's, fixed by the seed. */
export const totaliserStartL = (seed: number, stationCode: string, tankCode: string) => 100_000 + (deriveSeed(seed, `${stationCode}/${tankCode}/totaliser`) % 900_000);

export interface Meters {
  /** Meters the fills a tank sold in the step [fromMs, toMs): transactions into `out`, or onto the totalisers. */
  sell(t: TankState, fromMs: number, toMs: number, fills: readonly number[], localHour: number, out: Outbox): void;
  /** Puts the totaliser readings due at `ms` into `out`: on each multiple of the interval, or now when `force`d. */
  read(ms: number, out: Outbox, force?: boolean): void;
}

interface Totaliser {
  spec: SimTank;
  meter: string;
  totalL: number;
  tcTotalL: number;
}

export function createMeters(station: SimStation, seed: number, startMs: number): Meters {
  const metering = station.metering;
  if (!metering) return { sell: () => {}, read: () => {} };
  if (metering.kind === 'transactions') {
    return {
      sell(t, fromMs, toMs, fills, localHour, out) {
        const perNet = grossPerNet(t, temperatureC(t, localHour));
        const n = fills.length;
        for (let i = 0; i < n; i++) out.sales.push(saleOf(station.code, t.spec, fillTime(fromMs, toMs, i, n), i, fills[i]!, perNet));
      },
      read: () => {},
    };
  }
  const everyMs = metering.everyMs;
  const totalisers = new Map<string, Totaliser>(
    station.tanks.map((spec) => {
      const startL = totaliserStartL(seed, station.code, spec.code);
      return [spec.code, { spec, meter: totaliserName(spec.code, startMs), totalL: startL, tcTotalL: startL }];
    }),
  );
  return {
    sell(t, _fromMs, _toMs, fills, localHour, _out) {
      const m = totalisers.get(t.spec.code)!;
      const perNet = grossPerNet(t, temperatureC(t, localHour));
      for (const netL of fills) {
        m.totalL += metered(netL * perNet, t.spec);
        m.tcTotalL += metered(netL, t.spec);
      }
    },
    read(ms, out, force = false) {
      if (!force && ms % everyMs !== 0) return;
      for (const m of totalisers.values()) {
        // Rounding is monotone: a running total that never falls never reads lower either.
        const [meter, ts, totalL, tcTotalL] = [m.meter, iso(ms), cents(m.totalL), cents(m.tcTotalL)];
        const reading: DeviceMeterTotal = m.spec.manifold === undefined ? { tank: m.spec.code, meter, ts, totalL, tcTotalL } : { product: m.spec.manifold, meter, ts, totalL, tcTotalL };
        out.meterTotals.push(reading);
      }
    },
  };
}
