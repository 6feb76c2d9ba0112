import { describe, expect, it } from 'vitest';
import { forecastTank, hourlyDerivedSales, hourOfWeekIn, meteredHourSales, meteringBeganMs, productShares, runOutAlarmAction, salesProfile, thresholdVolumeL, type ForecastInput, type HourLevels, type HourSales } from './forecast';

const H = 3_600_000;
/** Monday 2026-11-30 00:00 UTC. */
const MONDAY = Date.parse('2026-11-30T00:00:00Z');

/** `hours` hours of history ending at `endMs`, sales by a function of the UTC instant (null: unknown). */
const history = (endMs: number, hours: number, salesAt: (ms: number) => number | null): HourSales[] =>
  Array.from({ length: hours }, (_, i) => {
    const hourMs = endMs - (hours - i) * H;
    return { hourMs, salesL: salesAt(hourMs) };
  });

const base: Omit<ForecastInput, 'asOfMs' | 'deliverAtMs'> = { volumeL: 10_000, capacityL: 20_000, lowWarningL: 5_000, lowAlarmL: 3_000, fillPct: 90, timezone: 'UTC' };

describe('hour of week', () => {
  it('counts from Monday 00:00 in the station’s zone', () => {
    const utc = hourOfWeekIn('UTC');
    expect(utc(MONDAY)).toBe(0);
    expect(utc(MONDAY + 30 * 60_000)).toBe(0);
    expect(utc(MONDAY - H)).toBe(167); // Sunday 23:00
    // Monday 00:00 in Shanghai is Sunday 16:00 UTC.
    expect(hourOfWeekIn('Asia/Shanghai')(MONDAY - 8 * H)).toBe(0);
    // New York on the night clocks went back (2026-11-01 06:00 UTC = 01:00 EST, Sunday).
    expect(hourOfWeekIn('America/New_York')(Date.parse('2026-11-01T06:00:00Z'))).toBe(6 * 24 + 1);
  });
});

describe('a constant rate', () => {
  // 4 weeks at 100 L/h: from 10,000 L the low warning (5,000) is 50 h away, the low alarm (3,000) 70 h, empty 100 h.
  const profile = salesProfile(history(MONDAY, 5 * 168, () => 100), MONDAY, 'UTC')!;

  it('learns 100 L/h from the last 4 whole weeks', () => {
    expect(profile.weeks).toBe(4);
    expect(profile.days).toBe(28);
    expect(profile.level).toBe(1);
    expect(new Set(profile.rates)).toEqual(new Set([100]));
  });

  it('projects the times to the thresholds and the order', () => {
    const f = forecastTank(profile, { ...base, asOfMs: MONDAY, deliverAtMs: MONDAY + 24 * H });
    expect(f).toEqual({ hoursToLowWarning: 50, hoursToLowAlarm: 70, hoursToEmpty: 100, runOutTarget: 'lowAlarm', hoursToRunOut: 70, volumeAtDeliveryL: 7_600, suggestedOrderL: 18_000 - 7_600, next24hSalesL: 2_400 });
  });

  it('starts a reading taken mid-hour with the rest of that hour', () => {
    const f = forecastTank(profile, { ...base, asOfMs: MONDAY + 15 * 60_000, deliverAtMs: MONDAY + 15 * 60_000 });
    expect(f.hoursToLowAlarm).toBe(70);
    expect(f.volumeAtDeliveryL).toBe(10_000);
    expect(f.suggestedOrderL).toBe(8_000);
  });

  it('says "not within" past 14 days, and nothing for an unset threshold', () => {
    const f = forecastTank(profile, { ...base, volumeL: 40_000, capacityL: 50_000, lowWarningL: null, asOfMs: MONDAY, deliverAtMs: MONDAY });
    // 37,000 L to the low alarm at 100 L/h is 370 h > 336 h.
    expect(f).toMatchObject({ hoursToLowWarning: null, hoursToLowAlarm: null, hoursToEmpty: null, runOutTarget: 'lowAlarm', hoursToRunOut: null });
  });

  it('runs a tank without a low alarm out to empty (issue 34 item 3)', () => {
    // No low warning, no low alarm: 10,000 L at 100 L/h is empty in 100 h, and that is when it runs out.
    const none = forecastTank(profile, { ...base, lowWarningL: null, lowAlarmL: null, asOfMs: MONDAY, deliverAtMs: MONDAY });
    expect(none).toMatchObject({ hoursToLowWarning: null, hoursToLowAlarm: null, hoursToEmpty: 100, runOutTarget: 'empty', hoursToRunOut: 100 });
    // A low warning alone is no low alarm: still empty.
    expect(forecastTank(profile, { ...base, lowAlarmL: null, asOfMs: MONDAY, deliverAtMs: MONDAY })).toMatchObject({ hoursToLowWarning: 50, runOutTarget: 'empty', hoursToRunOut: 100 });
    // Empty beyond the reach: 40,000 L is 400 h.
    expect(forecastTank(profile, { ...base, volumeL: 40_000, capacityL: 50_000, lowWarningL: null, lowAlarmL: null, asOfMs: MONDAY, deliverAtMs: MONDAY })).toMatchObject({ runOutTarget: 'empty', hoursToRunOut: null });
  });
});

describe('a daily pattern', () => {
  // 200 L/h from 06:00 to 18:00, nothing at night, for 2 weeks.
  const day = (ms: number) => {
    const h = new Date(ms).getUTCHours();
    return h >= 6 && h < 18 ? 200 : 0;
  };
  const profile = salesProfile(history(MONDAY, 2 * 168, day), MONDAY, 'UTC')!;

  it('projects through the night when nothing is sold', () => {
    // From 5,000 L at Monday 00:00: 2,000 L to the low warning (3,000) by 06:00 + 10 h = 16:00 (16 h);
    // 3,000 L to the low alarm (2,000): 2,400 on Monday, 600 more on Tuesday by 09:00 (33 h);
    // 5,000 L to empty: 2,400 Monday, 2,400 Tuesday, 200 Wednesday by 07:00 (55 h).
    const f = forecastTank(profile, { ...base, volumeL: 5_000, lowWarningL: 3_000, lowAlarmL: 2_000, asOfMs: MONDAY, deliverAtMs: MONDAY + 24 * H });
    expect(f).toMatchObject({ hoursToLowWarning: 16, hoursToLowAlarm: 33, hoursToEmpty: 55, next24hSalesL: 2_400 });
  });

  it('under a week of history: a daily profile from the days there are', () => {
    const p = salesProfile(history(MONDAY, 3 * 24, day), MONDAY, 'UTC')!;
    expect(p).toMatchObject({ weeks: 0, days: 3, level: 1 });
    expect(p.rates[10]).toBe(200); // Monday 10:00, though no Monday was seen
    expect(p.rates[5 * 24 + 20]).toBe(0); // Saturday 20:00
  });

  it('none at all: no profile', () => {
    expect(salesProfile([], MONDAY, 'UTC')).toBeNull();
    expect(salesProfile(history(MONDAY, 48, () => null), MONDAY, 'UTC')).toBeNull();
  });
});

describe('a weekly pattern, in the station’s zone', () => {
  // Shanghai (UTC+8, no DST): 100 L/h on weekdays, 50 L/h at weekends, 3 weeks.
  const how = hourOfWeekIn('Asia/Shanghai');
  const week = (ms: number) => (how(ms) >= 5 * 24 ? 50 : 100);
  const localMonday = MONDAY - 8 * H;
  const profile = salesProfile(history(localMonday, 3 * 168, week), localMonday, 'Asia/Shanghai')!;

  it('reaches the low alarm after a slow weekend', () => {
    // Friday 12:00 local with 10,000 L, 8,000 L to the low alarm (2,000): Friday 12 h × 100 =
    // 1,200; Saturday and Sunday 2 × 1,200; Monday 2,400 (6,000); Tuesday 20 h × 100. 12 + 72 + 20 = 104 h.
    const friday = localMonday - 60 * H;
    expect(how(friday)).toBe(4 * 24 + 12);
    const f = forecastTank(profile, { ...base, lowAlarmL: 2_000, timezone: 'Asia/Shanghai', asOfMs: friday, deliverAtMs: friday });
    expect(f.hoursToLowAlarm).toBe(104);
  });
});

describe('gaps and deliveries', () => {
  it('reads an unknown hour as unknown, not as no sales', () => {
    // 100 L/h for 2 weeks, but Tuesday 10:00 was never seen and all of last Wednesday is missing.
    const how = hourOfWeekIn('UTC');
    const p = salesProfile(
      history(MONDAY, 2 * 168, (ms) => (how(ms) === 34 || (ms >= MONDAY - 5 * 24 * H && ms < MONDAY - 4 * 24 * H) ? null : 100)),
      MONDAY,
      'UTC',
    )!;
    expect(p.weeks).toBe(2);
    expect(new Set(p.rates)).toEqual(new Set([100]));
    expect(p.level).toBe(1);
  });

  it('weights recent weeks more and follows a trend within bounds', () => {
    // Three weeks at 100 L/h, the last at 150: the profile is (4·150 + 3·100 + 2·100 + 1·100) / 10 = 120,
    // the level 150 / 120 = 1.25 (the bound); the projected rate 150 L/h.
    const p = salesProfile(history(MONDAY, 4 * 168, (ms) => (ms >= MONDAY - 168 * H ? 150 : 100)), MONDAY, 'UTC')!;
    expect(p.rates[0]).toBeCloseTo(120, 9);
    expect(p.level).toBeCloseTo(1.25, 9);
    // Sales doubled last week: the level stops at its bound, 240 × 1.25 = 300 L/h, not 400.
    const q = salesProfile(history(MONDAY, 4 * 168, (ms) => (ms >= MONDAY - 168 * H ? 400 : 100)), MONDAY, 'UTC')!;
    expect(q.rates[0]).toBeCloseTo(220, 9);
    expect(q.level).toBe(1.25);
  });

  it('derives hourly sales from the level, without delivery hours or unexplained rises', () => {
    const t0 = MONDAY;
    const hour = (i: number, firstL: number, lastL: number) => ({ hourMs: t0 + i * H, firstTsMs: t0 + i * H, lastTsMs: t0 + i * H + 45 * 60_000, firstL, lastL });
    const sales = hourlyDerivedSales(
      [
        hour(0, 10_000, 9_925), // no hour before it: 75 L in 45 minutes is 100 L/h
        hour(1, 9_900, 9_820), // from 9,925 (the hour before's last) to 9,820: 105
        hour(2, 9_800, 15_000), // a delivery
        hour(3, 15_000, 14_900),
        hour(5, 14_880, 14_850), // after a gap: 30 in 45 minutes → 40
        hour(6, 14_850, 14_900), // a 50 L rise with no delivery: unknown
        hour(7, 14_900, 14_895), // a 5 L rise of noise is kept
      ],
      [{ startMs: t0 + 2 * H + 10 * 60_000, endMs: t0 + 2 * H + 40 * 60_000 }],
    );
    expect(sales.map((s) => s.salesL)).toEqual([100, 105, null, 100, 40, null, 5]);
  });
});

describe('four weeks that differ (issue 34)', () => {
  // A tank selling 60 L/h from 06:00 to 22:00 (960 L a day; UTC), nothing at night, for 30 days
  // before Monday 00:00 — but the oldest of the 4 weeks the profile learns from,
  // [MONDAY − 28 d, MONDAY − 21 d), sold 5 × (300 L/h, 4,800 L a day). By docs/forecast.md:
  //   profile, an hour from 06:00 to 22:00: (4·60 + 3·60 + 2·60 + 1·300) / 10 = 840 / 10 = 84 L/h;
  //   night hours 0;
  //   level: the last 7 days sold 7 × 960 = 6,720 L where the profile says 7 × 16 × 84 = 9,408 L,
  //   6,720 / 9,408 = 0.714, under the floor: 0.8;
  //   rate 84 × 0.8 = 67.2 L/h, so the next 24 h from Monday 00:00 sell 16 × 67.2 = 1,075.2 L —
  //   1.12 × the 960 L the weeks other than the oldest sell, and never under 0.8 × 960 = 768 L.
  // From 10,000 L: 5,000 L to the low warning (5,000) is 4 days (4,300.8 L) and 699.2 / 67.2 =
  // 10.4 h after 06:00 on Friday, 96 + 6 + 10.4 = 112.4 h; 7,000 L to the low alarm (3,000) is
  // 6 days (6,451.2 L) and 548.8 / 67.2 = 8.2 h after 06:00 on Sunday, 144 + 6 + 8.2 = 158.2 h.
  // (The plain 960 L a day — 3 weeks, the oldest left out — would say 129.3 h and 178.7 h.)
  const WINDOW = MONDAY - 4 * 168 * H;
  const FROM = MONDAY - 30 * 24 * H;
  const salesAt = (ms: number) => {
    const hour = new Date(ms).getUTCHours();
    if (hour < 6 || hour >= 22) return 0;
    return ms >= WINDOW && ms < WINDOW + 168 * H ? 300 : 60;
  };
  const expected = { hoursToLowWarning: 112.4, hoursToLowAlarm: 158.2, next24hSalesL: 1_075.2 };
  const forecastOf = (hours: HourSales[]) => {
    const profile = salesProfile(hours, MONDAY, 'UTC')!;
    return { profile, forecast: forecastTank(profile, { ...base, asOfMs: MONDAY, deliverAtMs: MONDAY + 24 * H }) };
  };

  it('metered: a station metering since before the window has 4 weeks, its quiet first hours sold nothing', () => {
    // Sales booked at half past each selling hour, for 30 days: in the window the first is at
    // 06:30 on its first Monday, the last before it at 21:30 the Sunday before — a quiet night.
    const sales = new Map<number, number>();
    for (let h = FROM; h < MONDAY; h += H) if (salesAt(h) > 0) sales.set(h, salesAt(h));
    const began = meteringBeganMs(WINDOW - 2.5 * H, WINDOW + 6.5 * H);
    expect(began).toBe(WINDOW - 2.5 * H);
    const hours = meteredHourSales(sales, began, WINDOW, MONDAY);
    expect(hours).toHaveLength(4 * 168);
    expect(hours.slice(0, 7).map((h) => h.salesL)).toEqual([0, 0, 0, 0, 0, 0, 300]);
    const { profile, forecast } = forecastOf(hours);
    expect(profile).toMatchObject({ weeks: 4, days: 28, level: 0.8 });
    expect(profile.rates[6]).toBe(84); // Monday 06:00
    expect(profile.rates[0]).toBe(0);
    expect(forecast).toMatchObject(expected);
  });

  it('metered: history begins at the first record in the window when there was none before, or only after a silence of over a week', () => {
    // A station that began metering at 06:30 on the window's first Monday has 27.7 days: 3 whole weeks.
    expect(meteringBeganMs(null, WINDOW + 6.5 * H)).toBe(WINDOW + 6.5 * H);
    expect(meteringBeganMs(WINDOW + 6.5 * H - 169 * H, WINDOW + 6.5 * H)).toBe(WINDOW + 6.5 * H);
    expect(meteringBeganMs(WINDOW + 6.5 * H - 168 * H, WINDOW + 6.5 * H)).toBe(WINDOW + 6.5 * H - 168 * H);
    const sales = new Map([[WINDOW + 6 * H, 300]]);
    const hours = meteredHourSales(sales, WINDOW + 6.5 * H, WINDOW, MONDAY);
    expect(hours[0]).toEqual({ hourMs: WINDOW + 6 * H, salesL: 300 });
    expect(hours).toHaveLength(4 * 168 - 6);
    expect(salesProfile(hours, MONDAY, 'UTC')).toMatchObject({ weeks: 3, days: 21 });
  });

  // Level only: a reading every 15 minutes, each a quarter of its hour's sales below the one before.
  const levels = (): HourLevels[] => {
    const byHour = new Map<number, HourLevels>();
    let volumeL = 70_000;
    for (let t = FROM; t < MONDAY; t += 15 * 60_000) {
      if (t > FROM) volumeL -= salesAt(t) / 4;
      const hourMs = Math.floor(t / H) * H;
      const hour = byHour.get(hourMs);
      if (hour) Object.assign(hour, { lastTsMs: t, lastL: volumeL });
      else byHour.set(hourMs, { hourMs, firstTsMs: t, lastTsMs: t, firstL: volumeL, lastL: volumeL });
    }
    return [...byHour.values()];
  };

  it('level only: the level factor stops at its floor, 0.8 × the profile, never lower', () => {
    // Held before issue 34's fix too (the bound is on the factor itself); kept so it stays so.
    const hours = hourlyDerivedSales(levels(), []).filter((h) => h.hourMs >= WINDOW);
    expect(hours.filter((h) => h.hourMs >= MONDAY - 24 * H).reduce((s, h) => s + h.salesL!, 0)).toBe(960);
    const { profile, forecast } = forecastOf(hours);
    expect(profile).toMatchObject({ weeks: 4, days: 28, level: 0.8 });
    expect(profile.rates[6]).toBe(84);
    expect(forecast).toMatchObject(expected);
    expect(forecast.next24hSalesL).toBeGreaterThanOrEqual(0.8 * 960);
  });

  it('level only: an unknown first hour (a delivery) is a gap in the 4 weeks, not a week less', () => {
    const hours = hourlyDerivedSales(levels(), [{ startMs: WINDOW + 10 * 60_000, endMs: WINDOW + 20 * 60_000 }]).filter((h) => h.hourMs >= WINDOW);
    expect(hours[0]).toEqual({ hourMs: WINDOW, salesL: null });
    const { profile, forecast } = forecastOf(hours);
    // The hour is Monday 00:00, at night: the other weeks' nights say 0, the figures stand.
    expect(profile).toMatchObject({ weeks: 4, days: 28, level: 0.8 });
    expect(forecast).toMatchObject(expected);
  });
});

describe('thresholds and orders', () => {
  const profile = salesProfile(history(MONDAY, 168, () => 100), MONDAY, 'UTC')!;

  it('gives 0 hours for a tank already under its low alarm', () => {
    const f = forecastTank(profile, { ...base, volumeL: 2_500, asOfMs: MONDAY, deliverAtMs: MONDAY });
    expect(f).toMatchObject({ hoursToLowWarning: 0, hoursToLowAlarm: 0, hoursToEmpty: 25 });
  });

  it('orders nothing for a tank that would be over the fill level, and at most the room then', () => {
    expect(forecastTank(profile, { ...base, volumeL: 19_000, asOfMs: MONDAY, deliverAtMs: MONDAY }).suggestedOrderL).toBe(0);
    // 100 %: 20,000 − 7,600 = 12,400, the whole room.
    expect(forecastTank(profile, { ...base, fillPct: 100, asOfMs: MONDAY, deliverAtMs: MONDAY + 24 * H }).suggestedOrderL).toBe(12_400);
    // A tanker after the tank ran dry: the projection stops at 0, the order is 90 % of capacity.
    expect(forecastTank(profile, { ...base, asOfMs: MONDAY, deliverAtMs: MONDAY + 200 * H }).suggestedOrderL).toBe(18_000);
  });

  it('turns a threshold height into a product volume with the tank’s table, less the water', () => {
    const tank = { strapping: [{ heightMm: 0, volumeL: 0 }, { heightMm: 1_000, volumeL: 8_000 }, { heightMm: 2_000, volumeL: 20_000 }], heightMm: 2_000, capacityL: 20_000 };
    expect(thresholdVolumeL(1_500, tank, 200)).toBe(13_800);
    expect(thresholdVolumeL(null, tank, 0)).toBeNull();
    expect(thresholdVolumeL(500, { ...tank, strapping: [] }, null)).toBe(5_000);
  });

  it('splits a product’s metered sales by the tanks’ level falls, or equally', () => {
    expect(productShares(new Map([[1, 300], [2, 100]]))).toEqual(new Map([[1, 0.75], [2, 0.25]]));
    expect(productShares(new Map([[1, 0], [2, -5]]))).toEqual(new Map([[1, 0.5], [2, 0.5]]));
  });
});

describe('the run-out alarm', () => {
  /** A tank read `ageH` hours before MONDAY (now) on 28 days of history, running out `inH` hours after MONDAY. */
  const state = (inH: number | null, ageH = 0, historyDays = 28) => ({ asOfMs: MONDAY - ageH * H, runOutAtMs: inH === null ? null : MONDAY + inH * H, historyDays });

  it('opens within the horizon, stays while there, ends when out of it or unforecast', () => {
    expect(runOutAlarmAction(false, state(20), MONDAY, 24)).toBe('open');
    expect(runOutAlarmAction(false, state(24), MONDAY, 24)).toBe('open');
    expect(runOutAlarmAction(true, state(-1), MONDAY, 24)).toBeNull(); // already there
    expect(runOutAlarmAction(false, state(25), MONDAY, 24)).toBeNull();
    expect(runOutAlarmAction(true, state(25), MONDAY, 24)).toBe('end');
    expect(runOutAlarmAction(true, state(null), MONDAY, 24)).toBe('end');
    expect(runOutAlarmAction(true, { asOfMs: null, runOutAtMs: null, historyDays: 0 }, MONDAY, 24)).toBe('end');
  });

  it('judges only the present state: a reading replayed from the past neither opens nor ends it (issue 34 item 2)', () => {
    // A replay's reading of a week ago, the tank then a day from its low alarm: that day is past, and no alarm.
    expect(runOutAlarmAction(false, state(-6 * 24, 7 * 24), MONDAY, 24)).toBeNull();
    // Nor is an open alarm ended by a past state: the tank may be there now.
    expect(runOutAlarmAction(true, state(null, 7 * 24), MONDAY, 24)).toBeNull();
    // An hour old is present; a minute over it is not.
    expect(runOutAlarmAction(false, state(20, 1), MONDAY, 24)).toBe('open');
    expect(runOutAlarmAction(false, state(20, 1 + 1 / 60), MONDAY, 24)).toBeNull();
  });

  it('needs a day of sales history: a few hours’ sales are no forecast', () => {
    expect(runOutAlarmAction(false, state(5, 0, 0.5), MONDAY, 24)).toBeNull();
    expect(runOutAlarmAction(true, state(5, 0, 0.5), MONDAY, 24)).toBe('end');
    expect(runOutAlarmAction(false, state(5, 0, 1), MONDAY, 24)).toBe('open');
  });

  it('runs a tank without a low alarm out at empty: the caller passes its time to empty', () => {
    // forecastTank's hoursToRunOut is that time; the rule itself is the same.
    expect(runOutAlarmAction(false, state(165), MONDAY, 168)).toBe('open');
    expect(runOutAlarmAction(false, state(165), MONDAY, 24)).toBeNull();
  });
});
