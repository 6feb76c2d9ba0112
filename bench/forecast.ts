/**
 * How well the run-out forecast predicts (issue 23), on the domain's own functions: simulated
 * tanks sell by a daily shape (morning and evening peaks, quiet nights) times a weekly one
 * (busy Fridays, slow Sundays), a per-tank size and a slow trend, with noise in every quarter
 * hour and now and then a fleet truck; the probe reads every 15 minutes with its own noise;
 * some hours and whole days are missing; tankers refill the tank when it runs low (the
 * deliveries the detector would report). From the readings, hourly derived sales are made as
 * the server makes them (hourlyDerivedSales), and from day N on each tank is forecast at a
 * random hour of each day and compared with what it then sold:
 *
 * - the volume error after 24 and 72 hours (predicted sales − actual, as % of capacity; the
 *   same as the volume error when no tanker comes);
 * - the error of the time to the low alarm (10 % of capacity), when it came within 14 days of
 *   sales, in hours.
 *
 * Each against a naive forecast: the last 7 days' average rate, flat.
 *
 *   node --import tsx bench/forecast.ts [--tanks 200 --weeks 7 --from-day 28 --seed 7]
 */
import { parseArgs } from 'node:util';
import { forecastTank, hourlyDerivedSales, salesProfile, type HourLevels, type SalesProfile } from '@ullage/domain/forecast';

const { values: args } = parseArgs({
  options: {
    tanks: { type: 'string', default: '200' },
    weeks: { type: 'string', default: '7' },
    'from-day': { type: 'string', default: '28' },
    seed: { type: 'string', default: '7' },
  },
});
const TANKS = Number(args.tanks);
const WEEKS = Number(args.weeks);
const FROM_DAY = Number(args['from-day']);
const H = 3_600_000;
const Q = 15 * 60_000;
/** Monday 2026-01-05 00:00 UTC: the simulation's start (the zone is UTC, so hours of week are plain). */
const START = Date.parse('2026-01-05T00:00:00Z');

let state = Number(args.seed);
const random = () => {
  state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
  return state / 2_147_483_648;
};
const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/** Relative sales by hour of day: nights nearly still, peaks at 08:00 and 18:00. */
const DAILY = Array.from({ length: 24 }, (_, h) => 0.08 + Math.exp(-((h - 8) ** 2) / 6) + 0.9 * Math.exp(-((h - 18) ** 2) / 8) + (h >= 6 && h <= 21 ? 0.35 : 0));
/** Relative sales by day of week, Monday first. */
const WEEKLY = [1, 0.95, 1, 1.05, 1.3, 1.1, 0.7];

interface SimTank {
  capacityL: number;
  /** Truth: litres sold in each 15-minute step. */
  sales: Float64Array;
  levels: HourLevels[];
  deliveries: { startMs: number; endMs: number }[];
  /** The true volume at each step's end. */
  volume: Float64Array;
}

function simulate(): SimTank {
  const steps = WEEKS * 7 * 96;
  const capacityL = [20_000, 30_000, 40_000, 50_000][Math.floor(random() * 4)]!;
  // A day's sales between 5 % and 25 % of capacity; a trend of up to ±15 % over the weeks.
  const daySales = capacityL * (0.05 + random() * 0.2);
  const meanShape = DAILY.reduce((a, b) => a + b, 0);
  const trend = (random() - 0.5) * 0.3;
  const noise = 0.25 + random() * 0.3;
  const sales = new Float64Array(steps);
  const volume = new Float64Array(steps);
  const deliveries: SimTank['deliveries'] = [];
  const missingDay = random() < 0.4 ? Math.floor(random() * WEEKS * 7) : -1;
  let v = capacityL * (0.4 + random() * 0.5);
  let delivering = 0;
  const readings: { ts: number; v: number }[] = [];
  for (let i = 0; i < steps; i++) {
    const ts = START + i * Q;
    const hour = Math.floor(i / 4) % 24;
    const day = Math.floor(i / 96);
    const rate = (daySales / meanShape) * DAILY[hour]! * WEEKLY[day % 7]! * (1 + (trend * i) / steps);
    let sold = Math.max(0, (rate / 4) * (1 + noise * gaussian()));
    if (random() < 0.005) sold += 150 + random() * 250; // a fleet truck
    sales[i] = sold;
    v -= sold;
    if (delivering > 0) {
      v += (capacityL * 0.55) / 2;
      delivering--;
      if (delivering === 0) deliveries[deliveries.length - 1]!.endMs = ts;
    } else if (v < capacityL * 0.25) {
      delivering = 2;
      deliveries.push({ startMs: ts, endMs: ts + Q });
    }
    v = Math.max(0, v);
    volume[i] = v;
    const missing = day === missingDay || random() < 0.02;
    if (!missing) readings.push({ ts: ts + Q - 1, v: v + gaussian() * 1.5 });
  }
  // tank_hourly: first and last reading of each UTC hour.
  const levels: HourLevels[] = [];
  for (const r of readings) {
    const hourMs = Math.floor(r.ts / H) * H;
    const last = levels[levels.length - 1];
    if (last && last.hourMs === hourMs) {
      last.lastTsMs = r.ts;
      last.lastL = r.v;
    } else levels.push({ hourMs, firstTsMs: r.ts, lastTsMs: r.ts, firstL: r.v, lastL: r.v });
  }
  return { capacityL, sales, levels, deliveries, volume };
}

/** Litres sold in [fromMs, toMs) by the truth. */
function actualSales(tank: SimTank, fromMs: number, toMs: number): number {
  let s = 0;
  for (let i = Math.floor((fromMs - START) / Q); i < Math.min(tank.sales.length, Math.floor((toMs - START) / Q)); i++) s += tank.sales[i]!;
  return s;
}

/** The profile's expected sales in [fromMs, toMs): forecastTank run with a volume too large to empty, read at deliverAt. */
function predictedSales(profile: SalesProfile, fromMs: number, toMs: number): number {
  const big = 1e9;
  return big - forecastTank(profile, { volumeL: big, asOfMs: fromMs, capacityL: 2 * big, lowWarningL: null, lowAlarmL: null, fillPct: 50, deliverAtMs: toMs, timezone: 'UTC' }).volumeAtDeliveryL;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;

const errors = { profile24: [] as number[], naive24: [] as number[], profile72: [] as number[], naive72: [] as number[], profileAlarm: [] as number[], naiveAlarm: [] as number[] };
let forecasts = 0;
let alarmCases = 0;
const started = Date.now();
for (let k = 0; k < TANKS; k++) {
  const tank = simulate();
  const hours = hourlyDerivedSales(tank.levels, tank.deliveries.map((d) => ({ startMs: d.startMs, endMs: d.endMs + 30 * 60_000 })));
  for (let day = FROM_DAY; day < WEEKS * 7 - 3; day++) {
    const nowMs = START + day * 24 * H + Math.floor(random() * 24) * H + Math.floor(random() * 4) * Q;
    const profile = salesProfile(hours, nowMs, 'UTC');
    if (!profile) continue;
    forecasts++;
    // Naive: the last 7 days' known hours, their mean rate, flat.
    const recent = hours.filter((h) => h.salesL !== null && h.hourMs >= nowMs - 168 * H && h.hourMs < Math.floor(nowMs / H) * H);
    const naiveRate = mean(recent.map((h) => h.salesL!));
    for (const horizon of [24, 72] as const) {
      const actual = actualSales(tank, nowMs, nowMs + horizon * H);
      errors[`profile${horizon}`].push((Math.abs(predictedSales(profile, nowMs, nowMs + horizon * H) - actual) / tank.capacityL) * 100);
      errors[`naive${horizon}`].push((Math.abs(naiveRate * horizon - actual) / tank.capacityL) * 100);
    }
    // Time to the low alarm (10 %) from the true volume now, if sales take it there within 14 days of the simulation.
    const i = Math.floor((nowMs - START) / Q);
    const v0 = tank.volume[i]!;
    const lowAlarmL = tank.capacityL * 0.1;
    if (v0 <= lowAlarmL) continue;
    let cum = 0;
    let actualHours: number | null = null;
    for (let j = i + 1; j < tank.sales.length && (j - i) * Q <= 14 * 24 * H; j++) {
      cum += tank.sales[j]!;
      if (v0 - cum <= lowAlarmL) {
        actualHours = ((j - i) * Q) / H;
        break;
      }
    }
    if (actualHours === null) continue;
    alarmCases++;
    const f = forecastTank(profile, { volumeL: v0, asOfMs: nowMs, capacityL: tank.capacityL, lowWarningL: null, lowAlarmL, fillPct: 90, deliverAtMs: nowMs, timezone: 'UTC' });
    errors.profileAlarm.push(Math.abs((f.hoursToLowAlarm ?? 14 * 24) - actualHours));
    errors.naiveAlarm.push(Math.abs((naiveRate > 0 ? (v0 - lowAlarmL) / naiveRate : 14 * 24) - actualHours));
  }
}

const row = (name: string, xs: number[], unit: string) => `${name.padEnd(34)} mean ${mean(xs).toFixed(2)} ${unit}   p90 ${pct(xs, 0.9).toFixed(2)} ${unit}`;
console.log(`run-out forecast bench: ${TANKS} tanks × ${WEEKS} weeks, forecasts from day ${FROM_DAY}: ${forecasts} forecasts, ${alarmCases} reaching the low alarm within 14 days (${((Date.now() - started) / 1000).toFixed(1)} s)`);
console.log(row('24 h volume error, profile', errors.profile24, '% cap'));
console.log(row('24 h volume error, naive 7-day rate', errors.naive24, '% cap'));
console.log(row('72 h volume error, profile', errors.profile72, '% cap'));
console.log(row('72 h volume error, naive 7-day rate', errors.naive72, '% cap'));
console.log(row('time to low alarm error, profile', errors.profileAlarm, 'h'));
console.log(row('time to low alarm error, naive', errors.naiveAlarm, 'h'));
const goal = mean(errors.profile24) <= 2;
console.log(`goal (24 h volume error ≤ 2 % of capacity): ${goal ? 'met' : 'NOT met'}`);
