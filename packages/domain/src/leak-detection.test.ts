import { describe, expect, it } from 'vitest';
import { combineLeakTest, leakAlarmAction, testOfDays, testsOfDays, movementsOf, periodPoints, quietPeriodsOf, QUIET_RULES, randomEffectsMean, TEST_RULES, windowFirstDay, type LeakReading, type QuietPeriod, type QuietRules } from './leak-detection';

const H = 3_600_000;
const MIN = 60_000;
const BETA = 0.0012;
const DAY0 = Date.UTC(2026, 9, 1);

/** A seeded normal generator (mulberry32 + Box–Muller), so every case is the same each run. */
function normal(seed: number) {
  let a = seed >>> 0;
  const uniform = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

interface Night {
  /** Loss, L/h of product at 15 °C. */
  leakLph?: number;
  /** Probe noise, σ in litres. */
  noiseL?: number;
  /** °C per hour the product's temperature changes by over the night. */
  tempSlopeCph?: number;
  /** σ of a drift each night draws, L/h: a probe or a tank that wanders from night to night. */
  driftSdLph?: number;
  /** Readings replaced by a wild value: [minute, litres added]. */
  bad?: [number, number][];
  seed?: number;
}

/**
 * One station day of a 20,000-litre tank: sales of 20–60 L every 3 minutes from 06:00 to
 * 21:00 and none at night, read every minute. The net volume falls by the leak; the gross
 * volume the probe sees follows the temperature.
 */
function day(dayIndex: number, night: Night = {}): LeakReading[] {
  const rnd = normal(night.seed ?? dayIndex + 1);
  const start = DAY0 + dayIndex * 24 * H;
  const out: LeakReading[] = [];
  let net = 20_000;
  const drift = (night.driftSdLph ?? 0) * rnd();
  for (let m = 0; m < 24 * 60; m++) {
    const hour = m / 60;
    const open = hour >= 6 && hour < 21;
    if (open && m % 3 === 0) net -= 20 + 40 * Math.abs(Math.sin(m));
    net -= (night.leakLph ?? 0) / 60;
    const temperatureC = 18 + (night.tempSlopeCph ?? 0) * (hour >= 21 ? hour - 21 : hour + 3);
    let volumeL = net * (1 + BETA * (temperatureC - 15)) + (night.noiseL ?? 0.3) * rnd() - drift * hour;
    const bad = night.bad?.find(([minute]) => minute === m);
    if (bad) volumeL += bad[1];
    out.push({ tsMs: start + m * MIN, volumeL, temperatureC });
  }
  return out;
}

const windowOf = (dayIndex: number) => ({ startMs: DAY0 + dayIndex * 24 * H, endMs: DAY0 + (dayIndex + 1) * 24 * H });

/** The periods of `days` days, each day with its own readings. */
function periodsOver(days: number, night: Night = {}): QuietPeriod[] {
  return Array.from({ length: days }, (_, i) => quietPeriodsOf(day(i, { ...night, seed: (night.seed ?? 0) * 1000 + i + 1 }), windowOf(i), BETA)).flat();
}

describe('quiet periods of a day', () => {
  it('finds the night after the last sale has settled, and the night before the first', () => {
    const periods = quietPeriodsOf(day(0), windowOf(0), BETA);
    expect(periods).toHaveLength(2);
    // 00:00 to the last reading before the first sale at 06:00.
    expect(periods[0]!.startMs).toBe(DAY0);
    expect(periods[0]!.endMs).toBe(DAY0 + 6 * H - MIN);
    // The last sale is at 20:57: settled 30 minutes later, to the day's last reading.
    expect(periods[1]!.startMs).toBe(DAY0 + 20 * H + 57 * MIN + 30 * MIN);
    expect(periods[1]!.endMs).toBe(DAY0 + 24 * H - MIN);
  });

  it('measures a tight tank near 0 and a leaking one at its rate, through a temperature change', () => {
    const cases: { night: Night; rate: number; within: number }[] = [
      { night: {}, rate: 0, within: 0.05 },
      { night: { leakLph: 0.76 }, rate: 0.76, within: 0.05 },
      { night: { leakLph: 2 }, rate: 2, within: 0.05 },
      // 0.1 °C/h of cooling changes the gross volume by ~2.4 L/h: compensation must remove it.
      { night: { tempSlopeCph: -0.1 }, rate: 0, within: 0.05 },
      { night: { tempSlopeCph: 0.1, leakLph: 0.38 }, rate: 0.38, within: 0.05 },
    ];
    for (const { night, rate, within } of cases) {
      const periods = quietPeriodsOf(day(0, night), windowOf(0), BETA);
      expect(periods.length, JSON.stringify(night)).toBe(2);
      for (const p of periods) expect(Math.abs(p.rateLph - rate), JSON.stringify(night)).toBeLessThan(within);
    }
  });

  it('without compensation the same cooling would look like a leak (the case above can fail)', () => {
    const periods = quietPeriodsOf(day(0, { tempSlopeCph: -0.1 }), windowOf(0), 0);
    // Before the day's sales the tank holds 20,000 L: 20,000 × 0.0012 × 0.1 = 2.4 L/h.
    expect(periods[0]!.rateLph).toBeGreaterThan(2);
  });

  it('drops a single bad reading: it neither splits the night nor moves its rate', () => {
    const clean = quietPeriodsOf(day(0, { leakLph: 1 }), windowOf(0), BETA);
    const spoiled = quietPeriodsOf(day(0, { leakLph: 1, bad: [[2 * 60, 400]] }), windowOf(0), BETA);
    expect(spoiled.map((p) => [p.startMs, p.endMs])).toEqual(clean.map((p) => [p.startMs, p.endMs]));
    expect(spoiled[0]!.n).toBe(clean[0]!.n - 1);
    expect(Math.abs(spoiled[0]!.rateLph - 1)).toBeLessThan(0.05);
  });

  it('waits 4 hours after a delivery, 30 minutes after a sale', () => {
    const readings = day(0).map((r) => ({ ...r }));
    // A 5,000-litre drop at 00:30: the first night period starts at 04:30 (kept here from 1 hour on).
    for (const r of readings) if (r.tsMs >= DAY0 + 30 * MIN) r.volumeL += 5000;
    const rules = { ...QUIET_RULES, minPeriodMs: H };
    const periods = quietPeriodsOf(readings, windowOf(0), BETA, rules);
    expect(periods[0]!.startMs).toBe(DAY0 + 30 * MIN + 4 * H);
    expect(periods[1]!.startMs).toBe(DAY0 + 20 * H + 57 * MIN + 30 * MIN);
  });

  it('breaks a night at a gap of more than 15 minutes and keeps only parts of 2 hours or more', () => {
    const readings = day(0).filter((r) => r.tsMs < DAY0 + 1 * H || r.tsMs >= DAY0 + 1 * H + 20 * MIN);
    const periods = quietPeriodsOf(readings, windowOf(0), BETA);
    // 00:00–00:59 is too short; after the gap, 30 minutes to settle: 01:50 to 05:59.
    expect(periods[0]!.startMs).toBe(DAY0 + 1 * H + 50 * MIN);
    expect(periods[0]!.endMs).toBe(DAY0 + 6 * H - MIN);
  });

  it('sees a movement just before midnight through the readings of the day before', () => {
    // A delivery at 23:00 the day before: nothing is settled until 03:00.
    const gross = 20_000 * (1 + BETA * 3);
    const before = Array.from({ length: 120 }, (_, m) => ({ tsMs: DAY0 - 2 * H + m * MIN, volumeL: gross + (m >= 60 ? 3000 : 0), temperatureC: 18 }));
    const today = day(0).map((r) => ({ ...r, volumeL: r.volumeL + 3000 }));
    const periods = quietPeriodsOf([...before, ...today], windowOf(0), BETA);
    expect(periods[0]!.startMs).toBe(DAY0 - 1 * H + QUIET_RULES.settleAfterDeliveryMs);
  });

  it('finds no quiet period in a day of sales around the clock', () => {
    // 25 L every 20 minutes: no run between two sales reaches 2 hours.
    const busy = day(0).map((r, m) => ({ ...r, volumeL: r.volumeL - Math.floor(m / 20) * 25 }));
    expect(quietPeriodsOf(busy, windowOf(0), BETA)).toEqual([]);
  });
});

describe('a station that sells around the clock, read every 5 minutes', () => {
  /**
   * By day every 5-minute interval holds sales (30–90 L); at night a fill of 15–60 L every
   * 40–80 minutes. Most differences between readings are sales: taking them for the probe's
   * noise would hide the night's sales, which then read as a leak of tens of litres an hour.
   */
  function busyDay(dayIndex: number): LeakReading[] {
    const rnd = normal(500 + dayIndex);
    const start = DAY0 + dayIndex * 24 * H;
    const out: LeakReading[] = [];
    let net = 30_000;
    let nextNightSale = 0;
    for (let m = 0; m < 24 * 60; m += 5) {
      const night = m < 6 * 60 || m >= 22 * 60;
      if (!night) net -= 30 + 60 * Math.abs(rnd()) ** 0.5;
      else if (m >= nextNightSale) {
        net -= 15 + 45 * Math.abs(Math.sin(m + dayIndex));
        nextNightSale = m + 40 + ((m * 7 + dayIndex * 13) % 40);
      }
      out.push({ tsMs: start + m * MIN, volumeL: net * (1 + BETA * 3) + 0.3 * rnd(), temperatureC: 18 });
    }
    return out;
  }
  const periods = (rules: QuietRules = QUIET_RULES) => Array.from({ length: 30 }, (_, i) => quietPeriodsOf(busyDay(i), windowOf(i), BETA, rules)).flat();

  it('sees the night sales as movements: a tight tank never fails', () => {
    const outcome = combineLeakTest(periods(), 0.76);
    expect(outcome.result).not.toBe('fail');
    expect(Math.abs(outcome.leakRateLph ?? 0)).toBeLessThan(0.1);
  });

  it('with sales taken for noise (a movement threshold of 100 L) the same tank would fail', () => {
    expect(combineLeakTest(periods({ ...QUIET_RULES, movementMinL: 100, movementMaxL: 1000 }), 0.76).result).toBe('fail');
  });
});

describe('movements', () => {
  it('needs a second reading to confirm a change', () => {
    expect([...movementsOf([100, 100, 100, 90, 100, 100], 3, 100)]).toEqual([0, 0, 0, 0, 0, 0]);
    expect([...movementsOf([100, 100, 100, 90, 90, 90], 3, 100)]).toEqual([0, 0, 0, 1, 0, 0]);
    expect([...movementsOf([100, 100, 100, 300, 1000, 1000], 3, 100)]).toEqual([0, 0, 0, 2, 2, 0]);
    expect([...movementsOf([100, 100, 100, 110, 110, 110], 3, 100)]).toEqual([0, 0, 0, 3, 0, 0]);
  });
});

describe('the test of a window', () => {
  const T = 0.76;
  const cases: { name: string; night: Night; days: number; result: string; reason: string }[] = [
    { name: 'a tight tank', night: {}, days: 30, result: 'pass', reason: 'under_threshold' },
    { name: 'a tank leaking 1.5 L/h', night: { leakLph: 1.5 }, days: 30, result: 'fail', reason: 'at_or_over_threshold' },
    { name: 'a tank leaking 0.5 L/h, under the threshold', night: { leakLph: 0.5 }, days: 30, result: 'pass', reason: 'under_threshold' },
    { name: 'a temperature swing with no leak', night: { tempSlopeCph: -0.15 }, days: 30, result: 'pass', reason: 'under_threshold' },
    { name: 'a tank that wanders ±3 L/h from night to night', night: { driftSdLph: 3 }, days: 30, result: 'inconclusive', reason: 'too_noisy' },
    { name: 'a noisy probe (σ 5 L) that still passes', night: { noiseL: 5 }, days: 30, result: 'pass', reason: 'under_threshold' },
    { name: 'too little quiet time (two nights)', night: { leakLph: 1.5 }, days: 1, result: 'inconclusive', reason: 'too_little_quiet_time' },
  ];
  for (const c of cases) {
    it(`${c.name}: ${c.result}`, () => {
      const outcome = combineLeakTest(periodsOver(c.days, c.night), T);
      expect({ result: outcome.result, reason: outcome.reason }).toEqual({ result: c.result, reason: c.reason });
    });
  }

  it('gives the rate, the detectable rate and the quiet hours of 30 nights', () => {
    const outcome = combineLeakTest(periodsOver(30, { leakLph: 1.5 }), T);
    // Each day: 00:00–05:59 and 21:27–23:59.
    expect(outcome.quietPeriods).toBe(60);
    expect(outcome.quietHours).toBeCloseTo(30 * (359 + 152) / 60, 1);
    expect(outcome.leakRateLph!).toBeCloseTo(1.5, 1);
    expect(outcome.mdlLph!).toBeGreaterThan(0);
    expect(outcome.mdlLph!).toBeLessThan(0.1);
  });

  it('counts nothing without quiet periods', () => {
    expect(combineLeakTest([], T)).toEqual({ leakRateLph: null, seLph: null, mdlLph: null, quietHours: 0, quietPeriods: 0, result: 'inconclusive', reason: 'too_little_quiet_time' });
  });

  it('is not decided by one spoiled period', () => {
    const periods = periodsOver(10);
    const spoiled = [...periods, { ...periods[0]!, rateLph: 40, seLph: 0.05 }];
    const outcome = combineLeakTest(spoiled, T);
    expect(outcome.result).toBe('pass');
    expect(Math.abs(outcome.leakRateLph!)).toBeLessThan(0.3);
  });

  it('widens the error by the scatter between periods', () => {
    const tight = (rateLph: number): QuietPeriod => ({ startMs: 0, endMs: 6 * H, n: 360, rateLph, seLph: 0.01 });
    const agreeing = combineLeakTest([0.1, 0.1, 0.1, 0.1, 0.1].map(tight), T);
    const scattered = combineLeakTest([-0.5, 0.6, -0.4, 0.5, 0.3].map(tight), T);
    expect(agreeing.seLph!).toBeLessThan(0.01);
    expect(scattered.seLph!).toBeGreaterThan(0.15);
  });

  it('fails at the threshold exactly, and passes just under it', () => {
    const at = (rateLph: number): QuietPeriod => ({ startMs: 0, endMs: 6 * H, n: 360, rateLph, seLph: 0.02 });
    expect(combineLeakTest([T, T, T, T].map(at), T).result).toBe('fail');
    expect(combineLeakTest([0.75, 0.75, 0.75, 0.75].map(at), T).result).toBe('pass');
  });
});

describe('chart points', () => {
  it('are 10-minute means of the compensated volume within the period', () => {
    const readings = day(0, { noiseL: 0 });
    const [period] = quietPeriodsOf(readings, windowOf(0), BETA);
    const points = periodPoints(readings, period!, BETA);
    expect(points).toHaveLength(36);
    // The night is at 18 °C: 20,000 L at 15 °C seen as 20,072 L, compensated back.
    expect(points[0]!.volumeL).toBeCloseTo(20_000, 3);
  });
});

describe('windows and the alarm', () => {
  it('a window is the 30 days ending with its day, across a month and a leap day', () => {
    expect(windowFirstDay('2026-10-30')).toBe('2026-10-01');
    expect(windowFirstDay('2028-03-15')).toBe('2028-02-15');
    expect(windowFirstDay('2026-10-30', 1)).toBe('2026-10-30');
  });

  it("each day's test over its own window equals the window's test alone, with days missing and a month's turn", () => {
    const next = normal(7);
    // 50 days from 12 October, a few without a figured day, each with 0–3 quiet periods; a leak from 8 November.
    const days = Array.from({ length: 50 }, (_, i) => {
      const day = new Date(Date.UTC(2026, 9, 12 + i)).toISOString().slice(0, 10);
      const periods: QuietPeriod[] = Array.from({ length: i % 4 }, (_, k) => ({ startMs: DAY0 + i * 24 * H + k * H, endMs: DAY0 + i * 24 * H + (k + 4) * H, n: 240, rateLph: (day >= '2026-11-08' ? 4 : 0) + next() * 0.05, seLph: 0.02 + Math.abs(next()) * 0.01 }));
      return { day, periods };
    }).filter((_, i) => i % 7 !== 3);
    const tests = testsOfDays(days, '2026-11-05', '2026-11-30', 0.76);
    const asked = days.filter((d) => d.day >= '2026-11-05' && d.day <= '2026-11-30');
    expect(tests.map((t) => t.day)).toEqual(asked);
    expect(tests.map((t) => t.outcome)).toEqual(asked.map((d) => testOfDays(days, windowFirstDay(d.day), d.day, 0.76)));
    // Not one outcome throughout: the windows before the leak pass, those it fills fail.
    expect(tests[0]!.outcome.result).toBe('pass');
    expect(tests.at(-1)!.outcome.result).toBe('fail');
  });

  it('a fail opens the alarm, a pass ends it, an inconclusive test leaves it', () => {
    expect(leakAlarmAction(false, 'fail')).toBe('open');
    expect(leakAlarmAction(true, 'fail')).toBe(null);
    expect(leakAlarmAction(true, 'pass')).toBe('end');
    expect(leakAlarmAction(false, 'pass')).toBe(null);
    expect(leakAlarmAction(true, 'inconclusive')).toBe(null);
    expect(leakAlarmAction(false, 'inconclusive')).toBe(null);
  });
});

describe('the combined rate, written out', () => {
  /** The random-effects mean as the rule reads (leak-detection.ts): maps and sums, for comparison with the loops. */
  function reference(periods: readonly QuietPeriod[], outlierZ: number) {
    const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
    const v = periods.map((p) => Math.max(p.seLph, 0.001) ** 2);
    let robust = periods.map(() => 1);
    let result = { rate: 0, se: 0 };
    for (let pass = 0; pass < 3; pass++) {
      const w = v.map((vi, i) => robust[i]! / vi);
      const sw = sum(w);
      const fixed = sum(periods.map((p, i) => w[i]! * p.rateLph)) / sw;
      const q = sum(periods.map((p, i) => w[i]! * (p.rateLph - fixed) ** 2));
      const c = sw - sum(w.map((x) => x * x)) / sw;
      const tau2 = periods.length > 1 && c > 0 ? Math.max(0, (q - (sum(robust) - 1)) / c) : 0;
      const wr = v.map((vi, i) => robust[i]! / (vi + tau2));
      const swr = sum(wr);
      const rate = sum(periods.map((p, i) => wr[i]! * p.rateLph)) / swr;
      const se = Math.sqrt(sum(v.map((vi, i) => wr[i]! ** 2 * (vi + tau2)))) / swr;
      result = { rate, se };
      robust = periods.map((p, i) => {
        const z = Math.abs(p.rateLph - rate) / Math.sqrt(v[i]! + tau2);
        return z > outlierZ ? outlierZ / z : 1;
      });
    }
    return result;
  }

  it('gives the same rate and error to the last bit as the formula written out, outliers and flat periods included', () => {
    let seed = 11;
    const next = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    let outliers = 0;
    for (let k = 0; k < 500; k++) {
      const periods: QuietPeriod[] = Array.from({ length: 1 + Math.floor(next() * 40) }, (_, i) => ({
        startMs: i * 3_600_000,
        endMs: i * 3_600_000 + 3_000_000,
        n: 10,
        rateLph: next() < 0.1 ? 5 + next() * 20 : next() * 0.4 - 0.1,
        seLph: next() < 0.1 ? 0 : next() * 0.05,
      }));
      if (periods.some((p) => p.rateLph > 5)) outliers++;
      const { rate, se } = reference(periods, TEST_RULES.periodOutlierZ);
      expect(randomEffectsMean(periods, TEST_RULES.periodOutlierZ)).toEqual({ rate, se });
    }
    expect(outliers).toBeGreaterThan(100);
  });
});
