import { volumeAtHeight, type StrappingPoint } from './strapping';
import { zoneOffsetMs } from './zoned-time';

/**
 * Run-out forecast (issue 23): a tank's expected sales by hour of week, learnt from its own
 * recent weeks, projected from its current volume.
 *
 * 1. hourlyDerivedSales turns hourly level summaries into sales per hour; metered sales, where a
 *    station sends them, are summed per hour by the caller instead, and meteredHourSales makes
 *    them the hours from when the station's metering began (meteringBeganMs).
 * 2. salesProfile makes the 168 hourly rates (local hour of week, Monday 00:00 first) and a
 *    level factor that follows a trend.
 * 3. forecastTank projects the volume hour by hour and reads off the times to the low warning,
 *    the low alarm and empty, and the order that refills the tank to a chosen level by a time.
 *
 * Volumes are litres of product (water excluded, as tank_latest.volume_l); sales positive.
 */
export const FORECAST_RULES = {
  /** Weeks of history the profile learns from, at most. */
  maxWeeks: 4,
  /** Weight of week k back (0: the last 7 days): recent weeks count more, older ones still smooth noise. */
  weekWeights: [4, 3, 2, 1],
  /** How far the projection reaches; a threshold not met by then is "not within the forecast". */
  horizonHours: 14 * 24,
  /** The level factor: the last 7 days' sales over what the profile says for the same hours, bounded… */
  levelMin: 0.8,
  levelMax: 1.25,
  /** …and taken only with this many known hours among the last 7 days (else 1). */
  levelMinHours: 48,
  /**
   * An hour whose level rose by more than this (L) is not a sales hour: a delivery the delivery
   * detector missed, or a bad reading. Smaller rises are probe noise and temperature and are
   * kept, or noise would bias quiet hours upwards.
   */
  riseMaxL: 20,
  /**
   * A station whose metered records fall silent for longer than this (h) across the start of the
   * sales window began metering again with its first record in it; a shorter silence (a quiet
   * night, a closed weekend) is hours that sold nothing.
   */
  meteringGapHours: 7 * 24,
  /**
   * The run-out alarm judges a tank on its present state only: its latest reading at most this
   * old (h). An older one is a state the tank has left — history being replayed or a backlog
   * being sent, oldest first — or a silent station, which the offline alarm speaks for.
   */
  presentMaxAgeHours: 1,
  /** …and on at least this many days of sales history (under it, a few hours' sales would make a week's forecast). */
  alarmMinHistoryDays: 1,
} as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const WEEK_HOURS = 168;

/** Sales in one UTC hour [hourMs, hourMs + 1 h); null: unknown (no readings, a delivery) — never read as zero. */
export interface HourSales {
  hourMs: number;
  salesL: number | null;
}

/** One hour of level summary (tank_hourly): first, last reading and their times. */
export interface HourLevels {
  hourMs: number;
  firstTsMs: number;
  lastTsMs: number;
  firstL: number;
  lastL: number;
}

/**
 * Derived sales per hour: the fall of the volume from the previous hour's last reading to this
 * hour's last one (sales between two hours' readings belong to one of them, not to neither).
 * Without the previous hour, the fall within the hour scaled to the whole hour (15-minute
 * readings see 45 minutes of it). Hours that touch a delivery [startMs, endMs] are unknown: the
 * product dropped in hides the sales. A rise over riseMaxL is unknown too.
 */
export function hourlyDerivedSales(hours: readonly HourLevels[], deliveries: readonly { startMs: number; endMs: number }[]): HourSales[] {
  const sorted = [...hours].sort((a, b) => a.hourMs - b.hourMs);
  const out: HourSales[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const h = sorted[i]!;
    const prev = sorted[i - 1];
    const fromMs = prev && prev.hourMs === h.hourMs - HOUR_MS ? prev.lastTsMs : h.firstTsMs;
    const touched = deliveries.some((d) => d.startMs <= h.lastTsMs && d.endMs >= fromMs);
    let sales: number | null;
    if (prev && prev.hourMs === h.hourMs - HOUR_MS) sales = prev.lastL - h.lastL;
    else if (h.lastTsMs > h.firstTsMs) sales = ((h.firstL - h.lastL) * HOUR_MS) / (h.lastTsMs - h.firstTsMs);
    else sales = null; // one reading alone says nothing about the hour's sales
    if (touched || (sales !== null && sales < -FORECAST_RULES.riseMaxL)) sales = null;
    out.push({ hourMs: h.hourMs, salesL: sales });
  }
  return out;
}

/** One reader per zone, shared by every tank in it: a list of 1,000 tanks asks Intl once per zone and day, not once per tank. */
const hourOfWeekReaders = new Map<string, (ms: number) => number>();

/**
 * Local hour of week of an instant (0 = Monday 00:00–01:00 in the zone). Intl is asked for the
 * offset at each UTC day's two ends and, only on a day the offset changes, at each hour: a
 * tank's forecast asks for about a thousand hours.
 */
export function hourOfWeekIn(timezone: string): (ms: number) => number {
  let reader = hourOfWeekReaders.get(timezone);
  if (!reader) hourOfWeekReaders.set(timezone, (reader = hourOfWeekReader(timezone)));
  return reader;
}

function hourOfWeekReader(timezone: string): (ms: number) => number {
  // A long-running server meets a new day each day: the memory is kept to a few years of days.
  const days = new Map<number, number | null>();
  const offsetAt = (hour: number) => {
    const day = Math.floor(hour / DAY_MS);
    let off = days.get(day);
    if (off === undefined) {
      if (days.size >= 2048) days.clear();
      const a = zoneOffsetMs(day * DAY_MS, timezone);
      off = a === zoneOffsetMs(day * DAY_MS + DAY_MS - HOUR_MS, timezone) ? a : null;
      days.set(day, off);
    }
    // Offsets change on whole hours: the one at the hour's start holds for the hour.
    return off ?? zoneOffsetMs(hour, timezone);
  };
  return (ms) => {
    const hour = Math.floor(ms / HOUR_MS) * HOUR_MS;
    const local = hour + offsetAt(hour);
    // 1970-01-01 was a Thursday: day 0 is weekday 3 counting from Monday.
    const weekday = (((Math.floor(local / DAY_MS) + 3) % 7) + 7) % 7;
    return weekday * 24 + Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS);
  };
}

export interface SalesProfile {
  /** Expected sales, L/h, per local hour of week (168; Monday 00:00 first). */
  rates: number[];
  /** The trend factor applied on top (the last 7 days against the profile), within [levelMin, levelMax]. */
  level: number;
  /** Whole weeks used (0 when under a week: then `days` of history made a daily profile). */
  weeks: number;
  /** Days of history used (to one decimal). */
  days: number;
}

const weightedMean = (xs: readonly { v: number; w: number }[]) => {
  let s = 0;
  let w = 0;
  for (const x of xs) {
    s += x.v * x.w;
    w += x.w;
  }
  return w > 0 ? s / w : null;
};

/**
 * The sales profile as of `nowMs` from the hours before its hour (the current hour is not over).
 * `hours` are the hours there is history for, known or not: the history's span runs from the
 * first of them in the window, so an unknown hour at its start (a delivery, a lone reading) is a
 * gap in it, not a shorter history.
 * With a week or more of history: whole weeks back from now (up to maxWeeks), each hour of week
 * the weighted mean of its known values; an hour unknown in every week takes its hour of day's
 * weighted mean over the known days, else the mean of everything known. Under a week: a daily
 * profile (hour of day over the days there are) repeated over the week. No known hour: null.
 */
export function salesProfile(hours: readonly HourSales[], nowMs: number, timezone: string, rules = FORECAST_RULES): SalesProfile | null {
  const endMs = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
  const startMs = endMs - rules.maxWeeks * WEEK_HOURS * HOUR_MS;
  let firstMs = endMs;
  const known: { hourMs: number; salesL: number }[] = [];
  for (const h of hours) {
    if (h.hourMs < startMs || h.hourMs >= endMs) continue;
    firstMs = Math.min(firstMs, h.hourMs);
    if (h.salesL !== null && Number.isFinite(h.salesL)) known.push({ hourMs: h.hourMs, salesL: h.salesL });
  }
  if (known.length === 0) return null;
  const spanHours = (endMs - firstMs) / HOUR_MS;
  const weeks = Math.min(rules.maxWeeks, Math.floor(spanHours / WEEK_HOURS));
  const how = hourOfWeekIn(timezone);
  const usedFromMs = weeks >= 1 ? endMs - weeks * WEEK_HOURS * HOUR_MS : firstMs;
  const used = known.filter((h) => h.hourMs >= usedFromMs);
  const weightOf = (ms: number) => (weeks >= 1 ? (rules.weekWeights[Math.floor((endMs - 1 - ms) / (WEEK_HOURS * HOUR_MS))] ?? 1) : 1);
  const bySlot: { v: number; w: number }[][] = Array.from({ length: WEEK_HOURS }, () => []);
  const byHourOfDay: { v: number; w: number }[][] = Array.from({ length: 24 }, () => []);
  for (const h of used) {
    const slot = how(h.hourMs);
    const x = { v: h.salesL, w: weightOf(h.hourMs) };
    bySlot[slot]!.push(x);
    byHourOfDay[slot % 24]!.push(x);
  }
  const overall = weightedMean(used.map((h) => ({ v: h.salesL, w: weightOf(h.hourMs) }))) ?? 0;
  const daily = byHourOfDay.map((xs) => weightedMean(xs) ?? overall);
  const rates = bySlot.map((xs, slot) => Math.max(0, (weeks >= 1 ? weightedMean(xs) : null) ?? daily[slot % 24]!));
  const level = weeks >= 2 ? levelFactor(known, rates, endMs, how, rules) : 1;
  return { rates, level, weeks, days: Math.round(((endMs - usedFromMs) / DAY_MS) * 10) / 10 };
}

/** The last 7 days' known sales over what the profile says for the same hours, bounded; 1 with too few known hours or no expected sales. */
function levelFactor(known: readonly { hourMs: number; salesL: number }[], rates: readonly number[], endMs: number, how: (ms: number) => number, rules: typeof FORECAST_RULES): number {
  const recent = known.filter((h) => h.hourMs >= endMs - WEEK_HOURS * HOUR_MS);
  if (recent.length < rules.levelMinHours) return 1;
  let actual = 0;
  let expected = 0;
  for (const h of recent) {
    actual += h.salesL;
    expected += rates[how(h.hourMs)]!;
  }
  if (!(expected > 0)) return 1;
  return Math.min(rules.levelMax, Math.max(rules.levelMin, actual / expected));
}

/** A low threshold height as a product volume: the table's volume at it less the water under it; null when unset. Without a table (under 2 points), in proportion to the tank's height. */
export function thresholdVolumeL(heightMm: number | null, tank: { strapping: readonly StrappingPoint[]; heightMm: number; capacityL: number }, waterL: number | null): number | null {
  if (heightMm === null) return null;
  const gross = tank.strapping.length >= 2 ? volumeAtHeight(tank.strapping, heightMm) : tank.heightMm > 0 ? (Math.min(heightMm, tank.heightMm) / tank.heightMm) * tank.capacityL : 0;
  return Math.max(0, gross - (waterL ?? 0));
}

/**
 * What a tank runs out to: its low alarm, or — with no low alarm set — empty. The run-out alarm,
 * the lists' "running out soonest" and dispatch's withinHours go by it.
 */
export const RUN_OUT_TARGETS = ['lowAlarm', 'empty'] as const;
export type RunOutTarget = (typeof RUN_OUT_TARGETS)[number];
export const runOutTargetOf = (lowAlarm: number | null): RunOutTarget => (lowAlarm === null ? 'empty' : 'lowAlarm');

export interface ForecastInput {
  volumeL: number;
  asOfMs: number;
  capacityL: number;
  lowWarningL: number | null;
  lowAlarmL: number | null;
  /**
   * Empty: 0 L of product. Tanks carry no unpumpable-floor setting; a site that wants one sets
   * its low alarm there, and the low alarm is what dispatch plans to.
   */
  emptyL?: number;
  fillPct: number;
  deliverAtMs: number;
  timezone: string;
}

export interface Forecast {
  hoursToLowWarning: number | null;
  hoursToLowAlarm: number | null;
  hoursToEmpty: number | null;
  /** 'lowAlarm', or 'empty' when the tank has no low alarm set (RUN_OUT_TARGETS). */
  runOutTarget: RunOutTarget;
  /** Hours to the run-out target: hoursToLowAlarm, or hoursToEmpty without a low alarm. */
  hoursToRunOut: number | null;
  suggestedOrderL: number;
  /** The projected volume when the tanker comes. */
  volumeAtDeliveryL: number;
  next24hSalesL: number;
}

/**
 * Projects `input.volumeL` from asOf hour by hour (a partial first hour at its share of the
 * hour's rate) with the profile's rates × level, never below 0, far enough for the horizon and
 * the delivery time. Hours to a threshold: 0 when already at or under it; else the first
 * crossing, linear within its hour, to 0.1 h; null when not within horizonHours or unset.
 * The order fills to fillPct of capacity at deliverAt, never negative and never more than the
 * room (capacity − volume) then. The tank runs out at its low alarm, or empty when none is set.
 */
export function forecastTank(profile: SalesProfile, input: ForecastInput, rules = FORECAST_RULES): Forecast {
  const how = hourOfWeekIn(input.timezone);
  const horizonMs = input.asOfMs + rules.horizonHours * HOUR_MS;
  const untilMs = Math.max(horizonMs, Math.min(input.deliverAtMs, input.asOfMs + 90 * DAY_MS));
  const thresholds = [input.lowWarningL, input.lowAlarmL, input.emptyL ?? 0];
  const reached: (number | null)[] = thresholds.map((t) => (t !== null && input.volumeL <= t ? input.asOfMs : null));
  let v = input.volumeL;
  let t = input.asOfMs;
  let volumeAtDeliveryL = input.deliverAtMs <= t ? v : NaN;
  let next24hSalesL = 0;
  while (t < untilMs) {
    const stepEnd = Math.min(Math.floor(t / HOUR_MS) * HOUR_MS + HOUR_MS, untilMs);
    const rate = profile.rates[how(t)]! * profile.level;
    const sold = (rate * (stepEnd - t)) / HOUR_MS;
    const next = Math.max(0, v - sold);
    if (t < input.asOfMs + DAY_MS) next24hSalesL += (rate * (Math.min(stepEnd, input.asOfMs + DAY_MS) - t)) / HOUR_MS;
    // Indexed, not entries(): a fleet's forecasts take this step millions of times a call.
    for (let i = 0; i < thresholds.length; i++) {
      const th = thresholds[i]!;
      if (th === null || reached[i] !== null || next > th || t >= horizonMs) continue;
      // v > th >= next: the crossing lies in this step.
      reached[i] = sold > 0 ? t + ((v - th) / sold) * (stepEnd - t) : stepEnd;
    }
    if (Number.isNaN(volumeAtDeliveryL) && input.deliverAtMs <= stepEnd) volumeAtDeliveryL = v - ((v - next) * (input.deliverAtMs - t)) / (stepEnd - t);
    v = next;
    t = stepEnd;
  }
  if (Number.isNaN(volumeAtDeliveryL)) volumeAtDeliveryL = v;
  const hoursOf = (ms: number | null) => (ms === null || ms > horizonMs ? null : Math.round(((ms - input.asOfMs) / HOUR_MS) * 10) / 10);
  const target = (input.fillPct / 100) * input.capacityL;
  const room = Math.max(0, input.capacityL - volumeAtDeliveryL);
  const runOutTarget = runOutTargetOf(input.lowAlarmL);
  return {
    hoursToLowWarning: hoursOf(reached[0]!),
    hoursToLowAlarm: hoursOf(reached[1]!),
    hoursToEmpty: hoursOf(reached[2]!),
    runOutTarget,
    hoursToRunOut: hoursOf(reached[runOutTarget === 'lowAlarm' ? 1 : 2]!),
    suggestedOrderL: Math.round(Math.min(room, Math.max(0, target - volumeAtDeliveryL))),
    volumeAtDeliveryL: Math.round(volumeAtDeliveryL * 10) / 10,
    next24hSalesL: Math.round(next24hSalesL * 10) / 10,
  };
}

/**
 * When a station's metered history began, as the sales window [fromMs, …) sees it: before the
 * window (so the whole window is history, however quiet its first hours) when its last record
 * before the window is at most meteringGapHours before its first one in it; else at its first
 * record in the window (metering began, or began again, there).
 */
export function meteringBeganMs(lastBeforeWindowMs: number | null, firstInWindowMs: number, rules = FORECAST_RULES): number {
  return lastBeforeWindowMs !== null && firstInWindowMs - lastBeforeWindowMs <= rules.meteringGapHours * HOUR_MS ? lastBeforeWindowMs : firstInWindowMs;
}

/**
 * A metered tank's sales per hour in [fromMs, toMs) (whole UTC hours): its sales where it has
 * them and, from the hour its station's metering began (meteringBeganMs) on, 0 in every other
 * hour — a metered hour without a sale sold nothing. Nothing before it: no history, not zeros.
 */
export function meteredHourSales(salesByHour: ReadonlyMap<number, number>, meteringFromMs: number, fromMs: number, toMs: number): HourSales[] {
  const hours: HourSales[] = [];
  for (let h = Math.max(fromMs, Math.floor(meteringFromMs / HOUR_MS) * HOUR_MS); h < toMs; h += HOUR_MS) hours.push({ hourMs: h, salesL: salesByHour.get(h) ?? 0 });
  return hours;
}

/**
 * A product's metered sales split between the station's tanks of that product (manifolded: one
 * meter draws from all of them), in proportion to each tank's derived sales over the same
 * window — the level falls show which tank gives how much — or equally when none fell.
 */
export function productShares(derivedTotals: ReadonlyMap<number, number>): Map<number, number> {
  const ids = [...derivedTotals.keys()];
  const total = ids.reduce((s, id) => s + Math.max(0, derivedTotals.get(id)!), 0);
  return new Map(ids.map((id) => [id, total > 0 ? Math.max(0, derivedTotals.get(id)!) / total : 1 / ids.length]));
}

/** The level-alarm code a tank forecast to run out within its company's horizon raises (alarm-codes.ts). */
export const RUN_OUT_ALARM_CODE = 62;

/** What the run-out alarm is judged on: a tank's latest reading and its forecast from it. */
export interface RunOutState {
  /** The latest reading's time; null: no reading. */
  asOfMs: number | null;
  /** When the tank is forecast to run out (its low alarm, or empty without one: RunOutTarget); null: not within the forecast's reach, or no forecast. */
  runOutAtMs: number | null;
  /** Days of sales history the forecast learnt from (SalesProfile.days; 0: none). */
  historyDays: number;
}

/**
 * Open the run-out alarm when the tank is forecast to run out within the horizon (from now; 0 —
 * the tank is already there — counts: it has run out as forecast until it is refilled), end it
 * when it is not: refilled, sales slowed, or no forecast any more (a forecast from under
 * alarmMinHistoryDays of history is none). Only the tank's present state is judged: with its
 * latest reading older than presentMaxAgeHours (a replay of old readings passing through, a
 * backlog arriving, a silent station) the alarm is left as it is — neither opened on a past
 * state nor ended for lack of a present one.
 */
export function runOutAlarmAction(inAlarm: boolean, state: RunOutState, nowMs: number, horizonHours: number, rules = FORECAST_RULES): 'open' | 'end' | null {
  if (state.asOfMs !== null && nowMs - state.asOfMs > rules.presentMaxAgeHours * HOUR_MS) return null;
  const forecast = state.asOfMs !== null && state.historyDays >= rules.alarmMinHistoryDays;
  const within = forecast && state.runOutAtMs !== null && state.runOutAtMs - nowMs <= horizonHours * HOUR_MS;
  if (within && !inAlarm) return 'open';
  if (!within && inAlarm) return 'end';
  return null;
}
