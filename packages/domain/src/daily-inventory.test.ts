import { describe, expect, it } from 'vitest';
import {
  aggregatesOfReadings,
  DAILY_RANGE_MAX_DAYS,
  dailyInventory,
  dayCount,
  dayRangeProblems,
  DAY_GAPS_LISTED,
  deliveriesOfDay,
  gapsOfDay,
  type DayDelivery,
  type DayReading,
} from './daily-inventory';
import { detectDeliveries } from './delivery-detection';
import { dayWindow } from './station-day';
import { zonedTimeToUtc } from './zoned-time';

/** The instant of a station's wall-clock time, "HH:MM:SS" on `day` ("24:00:00" is the next midnight). */
function local(day: string, time: string, tz: string): number {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  const [h, mi, s] = time.split(':').map(Number) as [number, number, number];
  if (h === 24) return dayWindow(day, tz).endMs;
  return zonedTimeToUtc({ year: y, month: mo, day: d, hour: h, minute: mi, second: s }, tz).getTime();
}

const AFTER = Number.MAX_SAFE_INTEGER; // a "now" long after every day here: every day has ended

/** One tank-day from wall-clock readings [time, volume] in the station's zone. */
function figure(day: string, tz: string, readings: [string, number][], options: { deliveries?: DayDelivery[]; nowMs?: number } = {}) {
  const window = dayWindow(day, tz);
  const rs: DayReading[] = readings.map(([time, volumeL]) => ({ tsMs: local(day, time, tz), volumeL }));
  return dailyInventory({ window, ...aggregatesOfReadings(rs, window), deliveries: options.deliveries ?? [], nowMs: options.nowMs ?? AFTER });
}

/** Readings every `stepMin` minutes from `from` to `to` (wall clock, same day), all at `volume`. */
function every(stepMin: number, from: string, to: string, volume = 10_000): [string, number][] {
  const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const out: [string, number][] = [];
  for (let m = toMin(from); m <= toMin(to); m += stepMin) out.push([`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`, volume]);
  return out;
}

describe('start and end volumes (spec §9: start allowed 15 minutes after 00:00, end 15 minutes before 24:00)', () => {
  const tz = 'UTC';
  const day = '2026-11-23';
  it.each([
    // [first reading, last reading, missing start?, missing end?]
    ['00:05:00', '23:55:00', false, false], // 15 minutes to the readings around: no gap
    ['00:15:00', '23:45:00', false, false], // exactly at the limits: allowed
    ['00:15:01', '23:45:00', true, false], // a second late: no start
    ['00:15:00', '23:44:59', false, true], // a second early: no end
    ['00:14:59', '23:45:01', false, false],
  ])('first reading at %s, last at %s: missing start %s, missing end %s', (first, last, missingStart, missingEnd) => {
    // Readings in between every 10 minutes, so no gap interferes.
    const middle = every(10, '00:20', '23:40');
    const f = figure(day, tz, [[first, 9_000], ...middle, [last, 7_000]]);
    expect([f.missingStart, f.missingEnd]).toEqual([missingStart, missingEnd]);
    expect(f.start?.volumeL ?? null).toBe(missingStart ? null : 9_000);
    expect(f.end?.volumeL ?? null).toBe(missingEnd ? null : 7_000);
    expect(f.salesL).toBe(missingStart || missingEnd ? null : 2_000);
    expect(f.abnormal).toBe(missingStart || missingEnd);
  });

  it('a reading at 24:00 belongs to the next day, not to this day’s end', () => {
    const f = figure(day, tz, [...every(10, '00:00', '23:40'), ['24:00:00', 1]]);
    expect(f.missingEnd).toBe(true);
    expect(f.end).toBeNull();
  });

  it('a day without readings misses both and has no gaps', () => {
    const f = figure(day, tz, []);
    expect(f).toMatchObject({ start: null, end: null, missingStart: true, missingEnd: true, gapCount: 0, salesL: null, abnormal: true });
  });
});

describe('discontinuities (spec §9: an upload gap over 15 minutes)', () => {
  const tz = 'UTC';
  const day = '2026-11-23';
  it.each([
    // [reading before the silence, reading after it, a gap?]
    ['10:00:00', '10:15:00', false], // exactly 15 minutes: not a gap
    ['10:00:00', '10:15:01', true], // a second more: a gap
    ['10:00:00', '10:14:59', false],
    ['10:00:00', '12:00:00', true],
  ])('readings at %s and %s: gap %s', (before, after, gap) => {
    const readings: [string, number][] = [...every(5, '00:00', '09:55'), [before, 5_000], [after, 5_000], ...every(5, '10:20', '23:55')];
    // Keep only the readings that are not inside the silence.
    const f = figure(day, tz, readings.filter(([t]) => t <= before || t >= after));
    expect(f.gapCount).toBe(gap ? 1 : 0);
    expect(f.abnormal).toBe(gap);
    if (gap) expect(f.gaps[0]).toEqual({ fromMs: local(day, before, tz), toMs: local(day, after, tz) });
  });

  it('lists each gap in time order, and a silence at the day’s edges is a missing start or end, not a gap', () => {
    const f = figure(day, tz, [...every(5, '01:00', '03:00'), ...every(5, '03:30', '05:00'), ...every(5, '06:00', '22:00')]);
    expect(f.missingStart).toBe(true);
    expect(f.missingEnd).toBe(true);
    expect(f.gaps.map((g) => [g.fromMs, g.toMs])).toEqual([
      [local(day, '03:00:00', tz), local(day, '03:30:00', tz)],
      [local(day, '05:00:00', tz), local(day, '06:00:00', tz)],
    ]);
  });

  it('gaps that cross the day’s edges are not this day’s', () => {
    const w = dayWindow(day, tz);
    const gaps = [
      { fromMs: w.startMs - 60_000, toMs: w.startMs + 20 * 60_000 },
      { fromMs: w.endMs - 20 * 60_000, toMs: w.endMs },
      { fromMs: w.startMs + 60 * 60_000, toMs: w.startMs + 80 * 60_000 },
    ];
    expect(gapsOfDay(gaps, w)).toEqual([gaps[2]]);
  });

  it(`counts every gap but lists at most ${DAY_GAPS_LISTED}`, () => {
    const readings: [string, number][] = every(20, '00:00', '23:40');
    const f = figure(day, tz, readings);
    expect(f.gapCount).toBe(71);
    expect(f.gaps).toHaveLength(DAY_GAPS_LISTED);
  });
});

describe('sales = start volume − end volume + deliveries (spec §9)', () => {
  const tz = 'UTC';
  const day = '2026-11-23';
  const d = (start: string, end: string | null, from: number, to: number): DayDelivery => ({
    startedAtMs: local(day, start, tz),
    endedAtMs: end === null ? null : local(day, end, tz),
    startVolumeL: from,
    endVolumeL: to,
  });

  it('adds the ended deliveries that started in the day', () => {
    const deliveries = [d('09:00:00', '09:30:00', 2_000, 12_000), d('15:00:00', '15:20:00', 4_000.1, 6_000.3)];
    const f = figure(day, tz, [['00:00:00', 10_000], ...every(10, '00:10', '23:40', 8_000), ['23:50:00', 3_000]], { deliveries });
    expect(f.deliveredL).toBe(12_000.2);
    expect(f.deliveryCount).toBe(2);
    expect(f.salesL).toBe(19_000.2);
  });

  it('leaves out a delivery still dropping and one starting at 24:00; counts the part of one from the day before that fell in this day', () => {
    const w = dayWindow(day, tz);
    const deliveries = [
      { startedAtMs: w.startMs - 1, endedAtMs: w.startMs + 600_000, startVolumeL: 0, endVolumeL: 1_000 },
      { startedAtMs: w.endMs, endedAtMs: w.endMs + 600_000, startVolumeL: 0, endVolumeL: 1_000 },
      { startedAtMs: w.startMs + 3_600_000, endedAtMs: null, startVolumeL: 0, endVolumeL: 1_000 },
      { startedAtMs: w.startMs, endedAtMs: w.startMs + 600_000, startVolumeL: 0, endVolumeL: 500 },
    ];
    // No readings: cut at midnight, the first drop's volume there interpolated (1 ms of its 600,001).
    expect(deliveriesOfDay(deliveries, w, null, null).map((d) => [d.delivery, d.part.deliveredL])).toEqual([
      [deliveries[0], 999.998],
      [deliveries[3], 500],
    ]);
  });

  it('splits a drop across midnight at the days’ readings (issue 20 item 1: 23:45 → 00:20 gave the first day all of it)', () => {
    // 120 L a minute from 7,160 L at 23:45 to 11,360 L at 00:20; readings every 5 minutes.
    const next = '2026-11-24';
    const drop: DayDelivery = { startedAtMs: local(day, '23:45:00', tz), endedAtMs: local(next, '00:20:00', tz), startVolumeL: 7_160, endVolumeL: 11_360 };
    const d1 = figure(day, tz, [['00:00:00', 10_000], ...every(5, '00:05', '23:40', 8_000), ['23:45:00', 7_160], ['23:50:00', 7_760], ['23:55:00', 8_360]], { deliveries: [drop] });
    const d2 = figure(next, tz, [['00:00:00', 8_960], ['00:05:00', 9_560], ['00:10:00', 10_160], ['00:15:00', 10_760], ...every(5, '00:20', '23:50', 9_000), ['23:55:00', 8_530]], { deliveries: [drop] });
    expect(d1).toMatchObject({ deliveredL: 1_200, deliveryCount: 1, salesL: 2_840, deliveryStartsMs: [drop.startedAtMs], abnormal: false });
    expect(d2).toMatchObject({ deliveredL: 2_400, deliveryCount: 1, salesL: 2_830, deliveryStartsMs: [drop.startedAtMs], abnormal: false });
  });

  it('counts a tanker’s rise under a power cut, as the detector finds it (CI: NWP-SH01 tank 2 came out at −3,656.1 L)', () => {
    // The demo's day, Asia/Shanghai 2026-11-27: sales from 12,127.6 L at 00:00; the power goes
    // at 18:06:29 (7,663.4 L) and comes back at 18:23:29 with the tanker dropping (16,930.5 L),
    // 30-second readings until the drop ends at 26,379.7 L; sales again down to 25,232.9 L at
    // 23:57:59. The one gap is the cut, so the day is abnormal; but its sales are the litres
    // sold, not the rise under the cut taken away from them.
    const sh = 'Asia/Shanghai';
    const sh27 = '2026-11-27';
    const t = (time: string) => local(sh27, time, sh);
    const tenth = (v: number) => Math.round(v * 10) / 10;
    const readings: DayReading[] = [];
    for (let m = 0; m <= 18 * 60 + 5; m += 5) readings.push({ tsMs: t('00:00:00') + m * 60_000, volumeL: tenth(12_127.6 - (4_460.9 * m) / (18 * 60 + 5)) });
    readings.push({ tsMs: t('18:06:29'), volumeL: 7_663.4 });
    [16_930.5, 17_322.6, 17_714.6, 18_108.5, 18_502.2, 18_871.3, 19_262.7, 19_599, 19_990.5, 20_384.9, 20_777.3, 21_168.8, 21_536.1, 21_929.1, 22_322, 22_715.6, 23_108.5, 23_501.8, 23_892.2, 24_285, 24_680.1, 25_069.9, 25_464.8, 25_855.3, 26_248.3, 26_379.7].forEach((volumeL, i) =>
      readings.push({ tsMs: t('18:23:29') + i * 30_000, volumeL }),
    );
    for (let m = 0; m <= 64; m++) readings.push({ tsMs: t('18:37:59') + m * 5 * 60_000, volumeL: tenth(26_377 - (1_144.1 * m) / 64) });
    const window = dayWindow(sh27, sh);
    const found = detectDeliveries(readings);
    const deliveries = found.finished.map((d) => ({ startedAtMs: d.startedAtMs, endedAtMs: d.lastRiseAtMs, startVolumeL: d.startVolumeL, endVolumeL: d.endVolumeL }));
    const f = dailyInventory({ window, ...aggregatesOfReadings(readings, window), deliveries, nowMs: AFTER });
    expect(f.start?.volumeL).toBe(12_127.6);
    expect(f.end).toMatchObject({ tsMs: t('23:57:59'), volumeL: 25_232.9 });
    expect(f).toMatchObject({ deliveredL: 18_716.3, deliveryCount: 1, salesL: 5_611, gapCount: 1, gaps: [{ fromMs: t('18:06:29'), toMs: t('18:23:29') }], abnormal: true });
  });
});

describe('days in the station’s own zone (DESIGN.md §5)', () => {
  it('America/Denver 2026-03-08 lasts 23 hours: its end is 23:45 local, 22 h 45 min after the start', () => {
    const tz = 'America/Denver';
    const day = '2026-03-08';
    const w = dayWindow(day, tz);
    expect(w.endMs - w.startMs).toBe(23 * 3_600_000);
    // Readings every 10 minutes by the clock of the day (the skipped hour has none).
    const rs: DayReading[] = [];
    for (let t = w.startMs; t < w.endMs; t += 600_000) rs.push({ tsMs: t, volumeL: 20_000 - (t - w.startMs) / 60_000 });
    const f = dailyInventory({ window: w, ...aggregatesOfReadings(rs, w), deliveries: [], nowMs: AFTER });
    expect(f.abnormal).toBe(false);
    expect(f.end!.tsMs).toBe(local(day, '23:50:00', tz));
    expect(f.salesL).toBe(23 * 60 - 10);
    // A last reading at 23:44:59 local is too early, also on a short day.
    const night = [...every(10, '00:00', '01:50'), ...every(10, '03:00', '23:40')];
    const early = figure(day, tz, [...night, ['23:44:59', 1]]);
    expect(early.missingEnd).toBe(true);
    const onTime = figure(day, tz, [...night, ['23:45:00', 1]]);
    expect(onTime.missingEnd).toBe(false);
    // 01:50 → 03:00 local is ten minutes of real time (02:00 does not exist that night): no gap.
    expect(onTime.gapCount).toBe(0);
  });

  it.each([
    // UTC+8 and UTC−6 (Chicago in winter): the same wall-clock limits, other instants.
    ['Asia/Shanghai', '2026-11-23', '2026-11-22T16:15:00.000Z', '2026-11-23T15:45:00.000Z'],
    ['America/Chicago', '2026-01-15', '2026-01-15T06:15:00.000Z', '2026-01-16T05:45:00.000Z'],
  ])('%s on %s: start allowed until %s, end from %s', (tz, day, startLimit, endLimit) => {
    const window = dayWindow(day, tz);
    const fill = every(10, '00:20', '23:40').map(([t, v]) => ({ tsMs: local(day, t, tz), volumeL: v }));
    const at = (startMs: number, endMs: number) =>
      dailyInventory({ window, ...aggregatesOfReadings([{ tsMs: startMs, volumeL: 9 }, ...fill, { tsMs: endMs, volumeL: 4 }], window), deliveries: [], nowMs: AFTER });
    const s = Date.parse(startLimit);
    const e = Date.parse(endLimit);
    expect(at(s, e)).toMatchObject({ missingStart: false, missingEnd: false, salesL: 5 });
    expect(at(s + 1000, e)).toMatchObject({ missingStart: true, missingEnd: false, salesL: null });
    expect(at(s, e - 1000)).toMatchObject({ missingStart: false, missingEnd: true, salesL: null });
  });
});

describe('a day still running', () => {
  const tz = 'Asia/Shanghai';
  const day = '2026-11-23';
  it('has no end and no sales yet, and is not missing its end', () => {
    const now = local(day, '14:00:00', tz);
    const f = figure(day, tz, every(10, '00:00', '13:50'), { nowMs: now });
    expect(f).toMatchObject({ inProgress: true, missingEnd: false, missingStart: false, end: null, salesL: null, abnormal: false });
  });

  it('is missing its start only once 00:15 has passed', () => {
    expect(figure(day, tz, [], { nowMs: local(day, '00:10:00', tz) }).missingStart).toBe(false);
    expect(figure(day, tz, [], { nowMs: local(day, '00:16:00', tz) })).toMatchObject({ missingStart: true, abnormal: true });
  });
});

describe('the days a query may cover (at most 31)', () => {
  it.each([
    ['2026-11-01', '2026-11-01', []],
    ['2026-11-01', '2026-12-01', []], // 31 days
    ['2026-11-01', '2026-12-02', [{ field: 'toDay', rule: 'maxDays' }]], // 32
    ['2026-11-02', '2026-11-01', [{ field: 'fromDay', rule: 'order' }]],
    ['2026-02-30', '2026-03-01', [{ field: 'fromDay', rule: 'day' }]],
    ['yesterday', '2026/11/01', [{ field: 'fromDay', rule: 'day' }, { field: 'toDay', rule: 'day' }]],
  ])('%s to %s', (from, to, problems) => {
    expect(dayRangeProblems(from, to)).toEqual(problems);
  });

  it('counts days without walking them', () => {
    expect(dayCount('2026-11-01', '2026-12-01')).toBe(DAILY_RANGE_MAX_DAYS);
    expect(dayCount('2026-03-08', '2026-03-08')).toBe(1);
    expect(dayCount('1900-01-01', '9999-12-31')).toBe(2_958_464);
  });
});
