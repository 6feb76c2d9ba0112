import { describe, expect, it } from 'vitest';
import { deviceMeterTotal, deviceReading, deviceSale, deviceTicket, type DeviceMeterTotal, type DeviceReading, type DeviceReport, type DeviceSale, type DeviceTicket } from '@ullage/contracts/device';
import { DAY, HOUR, MINUTE } from './clock';
import { TICKET_DELAY_MS, TICKET_SPREAD_PCT } from './delivery-tickets';
import { createStationSim, type Happening } from './station';
import { testStation } from './test-station';
import type { SimStation, SimTank } from './types';

const START = Date.parse('2025-03-03T00:00:00Z');
const DAYS = 8;
const NIGHT = { opensHour: 6, closesHour: 22 };

/** The test station (Madrid, closed at night) with metering and any tank options given by tank code. */
function station(metering: SimStation['metering'], tanks: Record<string, Partial<SimTank>> = {}): SimStation {
  const s = testStation('T-1', 'Europe/Madrid');
  return { ...s, openingHours: NIGHT, ...(metering ? { metering } : {}), tanks: s.tanks.map((t) => ({ ...t, ...tanks[t.code] })) };
}

interface Run {
  batches: { at: number; report: DeviceReport }[];
  happenings: Happening[];
  /** Each tank's true net litres (at 15 °C) at each UTC midnight, by tank code. */
  midnights: Map<string, number>[];
}

/** Runs a station for DAYS (or `days`), reporting every 5 minutes as the history does, without rare events. */
function run(s: SimStation, seed = 21, days = DAYS): Run {
  const happenings: Happening[] = [];
  const sim = createStationSim(s, { startMs: START, seed, events: false, onHappening: (h) => happenings.push(h) });
  const batches: Run['batches'] = [];
  const midnights: Run['midnights'] = [new Map(sim.tanks().map((t) => [t.code, t.productL]))];
  for (let at = START + 5 * MINUTE; at <= START + days * DAY; at += 5 * MINUTE) {
    for (const report of sim.advance(at)) batches.push({ at, report });
    if ((at - START) % DAY === 0) midnights.push(new Map(sim.tanks().map((t) => [t.code, t.productL])));
  }
  return { batches, happenings, midnights };
}

const sales = (r: Run) => r.batches.flatMap((b) => b.report.sales as DeviceSale[]);
const totals = (r: Run) => r.batches.flatMap((b) => b.report.meterTotals as DeviceMeterTotal[]);
const tickets = (r: Run) => r.batches.flatMap((b) => b.report.tickets as DeviceTicket[]);
const readings = (r: Run) => r.batches.flatMap((b) => b.report.readings as DeviceReading[]);
const deliveries = (r: Run, tank: string) => r.happenings.filter((h) => h.kind === 'delivery' && h.tank === tank);
const inDay = (iso: string, day: number) => Date.parse(iso) >= START + day * DAY && Date.parse(iso) < START + (day + 1) * DAY;

/**
 * What left a tank over a UTC day by the truth: its net litres' fall plus what tankers put in,
 * or null when a delivery runs over midnight (its litres would belong to two days). Evaporation
 * (at most 0.02 L/h) is in it too: the meters do not see that.
 */
function leftTank(r: Run, tank: string, day: number): number | null {
  const drops = deliveries(r, tank).map((h) => ({ from: h.ts, to: h.ts + h.durationMs!, litres: h.litres! }));
  const [dayStart, dayEnd] = [START + day * DAY, START + (day + 1) * DAY];
  if (drops.some((d) => d.from < dayEnd && d.to > dayEnd) || drops.some((d) => d.from < dayStart && d.to > dayStart)) return null;
  const delivered = drops.filter((d) => d.from >= dayStart && d.from < dayEnd).reduce((sum, d) => sum + d.litres, 0);
  return r.midnights[day]!.get(tank)! - r.midnights[day + 1]!.get(tank)! + delivered;
}

describe('metered sales', () => {
  const plain = run(station(undefined));
  const metered = run(station({ kind: 'transactions' }, { '1': { meterErrorPct: 0.6, unitPrice: 1.62 }, '2': { unitPrice: 1.55 } }));
  const again = run(station({ kind: 'transactions' }, { '1': { meterErrorPct: 0.6, unitPrice: 1.62 }, '2': { unitPrice: 1.55 } }));
  const totaliser = run(station({ kind: 'totaliser', everyMs: 15 * MINUTE }));

  it('are the fills that left the tank: a day’s metered litres at 15 °C are the level’s fall plus deliveries, within the meter’s error', () => {
    let days = 0;
    for (const [tank, error] of [['1', 0.006], ['2', 0], ['3', 0]] as const) {
      for (let day = 0; day < DAYS; day++) {
        const left = leftTank(metered, tank, day);
        if (left === null) continue;
        days++;
        const sold = sales(metered).filter((s) => s.tank === tank && inDay(s.ts, day));
        const tc = sold.reduce((sum, s) => sum + s.tcVolumeL!, 0);
        const deliveriesThatDay = deliveries(metered, tank).filter((h) => h.ts >= START + day * DAY && h.ts < START + (day + 1) * DAY).length;
        // Evaporation (≤ 0.5 L a day), a delivery's litres as logged (rounded to the litre), the meters' hundredths.
        const slack = 0.5 + 0.5 * deliveriesThatDay + 0.005 * sold.length;
        expect(Math.abs(tc - left * (1 + error))).toBeLessThan(slack);
        expect(sold.length).toBeGreaterThan(50);
      }
    }
    expect(days).toBeGreaterThan(3 * DAYS - 4);
  });

  it('meter the gross litres at the product’s temperature, and charge them at the unit price', () => {
    // Each sale checked; the ones that fail listed (one expect a rule, not three a sale).
    const all = sales(metered);
    expect(all.filter((s) => !(s.volumeL / s.tcVolumeL! > 0.98 && s.volumeL / s.tcVolumeL! < 1.02))).toEqual([]);
    expect(all.filter((s) => (s.tank === '3' ? s.amount !== undefined : !(Math.abs(s.amount! - s.volumeL * s.unitPrice!) <= 0.005 + 1e-9)))).toEqual([]);
    // Expanded or contracted, not copied: the probe's tanks are not at 15 °C.
    expect(sales(metered).filter((s) => s.volumeL !== s.tcVolumeL).length).toBeGreaterThan(sales(metered).length / 2);
  });

  it('leave the readings of a seed as they were, and carry ids unique and the same for the same seed', () => {
    expect(JSON.stringify(readings(metered))).toBe(JSON.stringify(readings(plain)));
    expect(sales(plain)).toEqual([]);
    const ids = sales(metered).map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(sales(again)).toEqual(sales(metered));
  });

  it('are what the protocol accepts as they are', () => {
    const [ss, ts, ms, rs] = [sales(metered), tickets(metered), totals(totaliser), readings(totaliser)];
    expect(ss.map((s) => deviceSale.parse(s))).toEqual(ss);
    expect(ts.map((t) => deviceTicket.parse(t))).toEqual(ts);
    expect(ms.map((m) => deviceMeterTotal.parse(m))).toEqual(ms);
    expect(rs.map((x) => deviceReading.parse(x))).toEqual(rs);
  });

  it('name the product instead of the tank where the tank is manifolded', () => {
    // Two days are thousands of fills: enough to see every tank's.
    const r = run(station({ kind: 'transactions' }, { '1': { manifold: 'G95' }, '2': { manifold: 'G95' } }), 21, 2);
    const byTarget = new Set(sales(r).map((s) => `${s.tank ?? ''}|${s.product ?? ''}`));
    expect(byTarget).toEqual(new Set(['|G95', '3|']));
    // Still one id per fill, whichever tank it left.
    expect(new Set(sales(r).map((s) => s.id)).size).toBe(sales(r).length);
  });
});

describe('dispenser totalisers', () => {
  const r = run(station({ kind: 'totaliser', everyMs: 15 * MINUTE }, { '2': { meterErrorPct: -0.4 } }));

  it('read every quarter hour, one meter per tank, and never go down', () => {
    expect(sales(r)).toEqual([]);
    const meters = new Set(totals(r).map((m) => m.meter));
    expect(meters.size).toBe(3);
    for (const meter of meters) {
      const series = totals(r).filter((m) => m.meter === meter);
      expect(series.length).toBe(DAYS * 24 * 4 + 1); // and one when the station started
      const steps = series.slice(1).map((m, i) => ({ prev: series[i]!, m }));
      expect(steps.filter(({ prev, m }) => Date.parse(m.ts) - Date.parse(prev.ts) !== 15 * MINUTE)).toEqual([]);
      expect(steps.filter(({ prev, m }) => !(m.totalL >= prev.totalL))).toEqual([]);
      expect(steps.filter(({ prev, m }) => !(m.tcTotalL! >= prev.tcTotalL!))).toEqual([]);
      // Quiet at night, moving in the day.
      expect(series.at(-1)!.totalL - series[0]!.totalL).toBeGreaterThan(DAYS * 3000);
    }
  });

  it('rise over a day by what left the tank, within the meter’s error', () => {
    for (const [tank, error] of [['1', 0], ['2', -0.004]] as const) {
      const series = totals(r).filter((m) => m.tank === tank);
      const at = (ms: number) => series.find((m) => Date.parse(m.ts) === ms)!;
      for (let day = 0; day < DAYS; day++) {
        const left = leftTank(r, tank, day);
        if (left === null) continue;
        const rise = at(START + (day + 1) * DAY).tcTotalL! - at(START + day * DAY).tcTotalL!;
        expect(Math.abs(rise - left * (1 + error))).toBeLessThan(0.5 + 0.5 * deliveries(r, tank).length + 0.02);
      }
    }
  });
});

describe('theft', () => {
  // 02:00 Madrid time on the fourth night: the station is closed, nobody sells. Seed 34 has tank 3
  // far enough from its reorder level that the theft does not bring its tanker sooner.
  const theftAt = Date.parse('2025-03-06T01:00:00Z');
  const honest = run(station({ kind: 'transactions' }), 34);
  const robbed = run(station({ kind: 'transactions' }, { '3': { theft: { litres: 300, fromMs: theftAt, durationMs: HOUR } } }), 34);
  const tc = (r: Run, ms: number) => readings(r).find((x) => x.tank === '3' && Date.parse(x.ts) === ms)!.tcVolumeL!;

  it('takes its litres off the level over its hour, and no pump meters them', () => {
    // The premise: the rest of the station runs the same (no tanker came sooner for it).
    expect(robbed.happenings.filter((h) => h.ts < theftAt + DAY)).toEqual(honest.happenings.filter((h) => h.ts < theftAt + DAY));
    expect(sales(robbed).filter((s) => Date.parse(s.ts) < theftAt + DAY)).toEqual(sales(honest).filter((s) => Date.parse(s.ts) < theftAt + DAY));
    expect(sales(robbed).filter((s) => Date.parse(s.ts) >= theftAt && Date.parse(s.ts) < theftAt + HOUR)).toEqual([]);
    // The gauge: the same before, about 300 L less at 15 °C after (the probe's noise aside), half of it at half time.
    expect(Math.abs(tc(robbed, theftAt) - tc(honest, theftAt))).toBeLessThan(5);
    expect(tc(honest, theftAt + HOUR / 2) - tc(robbed, theftAt + HOUR / 2)).toBeCloseTo(150, -1);
    expect(tc(honest, theftAt + 2 * HOUR) - tc(robbed, theftAt + 2 * HOUR)).toBeGreaterThan(295);
    expect(tc(honest, theftAt + 2 * HOUR) - tc(robbed, theftAt + 2 * HOUR)).toBeLessThan(305);
  });

  it('shows as a loss of its size in the day’s book: gauged closing − (opening + delivered − metered)', () => {
    const day = 3; // 2025-03-06 UTC
    const variance = (r: Run) => {
      const metered = sales(r).filter((s) => s.tank === '3' && inDay(s.ts, day)).reduce((sum, s) => sum + s.tcVolumeL!, 0);
      const delivered = tickets(r).filter((t) => t.tank === '3' && inDay(t.deliveredAt, day)).reduce((sum, t) => sum + t.tcVolumeL!, 0);
      return tc(r, START + (day + 1) * DAY) - (tc(r, START + day * DAY) + delivered - metered);
    };
    expect(variance(robbed) - variance(honest)).toBeLessThan(-295);
    expect(variance(robbed) - variance(honest)).toBeGreaterThan(-305);
  });
});

describe('delivery tickets', () => {
  const shortFrom = START + 2 * DAY;
  const r = run(station(undefined, { '2': { shortDelivery: { pct: 1, fromMs: shortFrom, untilMs: START + DAYS * DAY } } }));

  it('come one a delivery, dated within the drop, sent once the tanker has gone, within ±0.3 % of what went in — but the short one', () => {
    const drops = r.happenings.filter((h) => h.kind === 'delivery' && h.ts + h.durationMs! + TICKET_DELAY_MS <= START + DAYS * DAY);
    expect(drops.length).toBeGreaterThanOrEqual(4);
    const shortOne = drops.find((h) => h.tank === '2' && h.ts >= shortFrom)!;
    expect(shortOne).toBeDefined();
    const sent = r.batches.flatMap((b) => (b.report.tickets as DeviceTicket[]).map((t) => ({ at: b.at, t })));
    expect(sent).toHaveLength(drops.length);
    for (const h of drops) {
      const [mine, ...others] = sent.filter(({ t }) => t.tank === h.tank && Date.parse(t.deliveredAt) >= h.ts && Date.parse(t.deliveredAt) <= h.ts + h.durationMs!);
      expect(others).toEqual([]);
      expect(mine!.at).toBeGreaterThanOrEqual(h.ts + h.durationMs! + TICKET_DELAY_MS);
      const offPct = (mine!.t.tcVolumeL! / h.litres! - 1) * 100;
      // The logged litres are rounded to the litre: a few thousandths of a per cent.
      if (h === shortOne) expect(offPct).toBeCloseTo(1, 1);
      else expect(Math.abs(offPct)).toBeLessThan(TICKET_SPREAD_PCT + 0.01);
      expect(mine!.t.ticketNo).toMatch(new RegExp(`^T-1/${h.tank}/\\d{12}$`));
    }
    // Only the first delivery in the window is short.
    const later = drops.filter((h) => h.tank === '2' && h.ts > shortOne.ts);
    for (const h of later) expect(Math.abs(sent.find(({ t }) => t.tank === '2' && Date.parse(t.deliveredAt) >= h.ts && Date.parse(t.deliveredAt) <= h.ts + h.durationMs!)!.t.tcVolumeL! / h.litres! - 1)).toBeLessThan(0.0031);
  });
});
