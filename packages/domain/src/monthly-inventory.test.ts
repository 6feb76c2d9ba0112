import { describe, expect, it } from 'vitest';
import { aggregatesOfReadings, dailyInventory, type DayReading } from './daily-inventory';
import { isMonth, lastCompleteMonth, monthDays, monthlyInventory, monthRangeProblems, monthsBetween, nextMonth, type MonthDayFigures } from './monthly-inventory';
import { dayWindow, daysBetween } from './station-day';

const day = (startVolumeL: number | null, endVolumeL: number | null, deliveredL = 0, extra: Partial<MonthDayFigures> = {}): MonthDayFigures => ({
  startVolumeL,
  endVolumeL,
  deliveredL,
  deliveryStartsMs: deliveredL > 0 ? [deliveredL] : [],
  salesL: startVolumeL === null || endVolumeL === null ? null : startVolumeL - endVolumeL + deliveredL,
  abnormal: startVolumeL === null || endVolumeL === null,
  inProgress: false,
  ...extra,
});

describe('monthly inventory (issue 6 item 2): opening, closing, deliveries, sales, abnormal days, variance', () => {
  it.each<[string, MonthDayFigures[], Partial<ReturnType<typeof monthlyInventory>>]>([
    [
      'days that join up exactly: no variance',
      [day(10_000, 8_000), day(8_000, 15_000, 9_000), day(15_000, 12_500)],
      { days: 3, openingL: 10_000, closingL: 12_500, deliveredL: 9_000, deliveryCount: 1, salesL: 2_000 + 2_000 + 2_500, unknownSalesDays: 0, abnormalDays: 0, bookClosingL: 12_500, varianceL: 0 },
    ],
    [
      // 150 L left the tank overnight (between day 1's end and day 2's start): the books miss it.
      'an overnight drop the days did not see is a loss',
      [day(10_000, 8_000), day(7_850, 7_000)],
      { openingL: 10_000, closingL: 7_000, salesL: 2_850, bookClosingL: 7_150, varianceL: -150 },
    ],
    [
      // Day 2 has no end: its sales are unknown and left out, so its movement shows as variance.
      'a day with unknown sales: counted, left out of sales, and in the variance',
      [day(10_000, 9_000), day(9_000, null), day(8_200, 8_000)],
      { salesL: 1_200, unknownSalesDays: 1, abnormalDays: 1, bookClosingL: 8_800, varianceL: -800 },
    ],
    [
      'a gain: more measured than booked',
      [day(5_000, 4_000), day(4_100, 3_000)],
      { bookClosingL: 2_900, varianceL: 100 },
    ],
    ['no opening (first day misses its start): no book closing, no variance', [day(null, 4_000), day(4_000, 3_000)], { openingL: null, bookClosingL: null, varianceL: null, salesL: 1_000, unknownSalesDays: 1 }],
    ['no closing (last day misses its end): no variance', [day(5_000, 4_000), day(4_000, null)], { closingL: null, bookClosingL: 4_000, varianceL: null }],
    ['no day’s sales known: sales unknown, books from opening and deliveries', [day(5_000, null, 1_000), day(null, 4_500)], { salesL: null, unknownSalesDays: 2, bookClosingL: 6_000, varianceL: -1_500 }],
    [
      // Issue 34 item 5: today's unfinished day is left out; the closing is yesterday's end.
      'a month still running counts its finished days only',
      [day(5_000, 4_000), day(4_000, null, 0, { inProgress: true, abnormal: false, salesL: null })],
      { inProgress: true, days: 2, finishedDays: 1, closingL: 4_000, unknownSalesDays: 0, bookClosingL: 4_000, varianceL: 0, abnormalDays: 0 },
    ],
    [
      'a month whose first day is today has nothing counted yet',
      [day(5_000, null, 800, { inProgress: true, abnormal: true, salesL: null })],
      { inProgress: true, days: 1, finishedDays: 0, openingL: null, closingL: null, deliveredL: 0, deliveryCount: 0, salesL: null, unknownSalesDays: 0, abnormalDays: 0, bookClosingL: null, varianceL: null },
    ],
    ['no days', [], { days: 0, openingL: null, closingL: null, salesL: null, varianceL: null, deliveredL: 0 }],
    [
      // Issue 20 item 1: a drop across midnight (23:45 → 00:20) gives each day its part and is one delivery of the month.
      'a delivery across midnight: each day its part, one delivery',
      [day(10_000, 8_360, 1_200, { deliveryStartsMs: [1] }), day(8_960, 8_530, 2_400, { deliveryStartsMs: [1] })],
      { deliveredL: 3_600, deliveryCount: 1, salesL: 2_840 + 2_830, bookClosingL: 7_930, varianceL: 600 },
    ],
  ])('%s', (_name, days, expected) => {
    expect(monthlyInventory(days)).toMatchObject(expected);
  });

  it('a month in progress: its finished days only, a finished day without data still unknown and abnormal (issue 34 item 5)', () => {
    const month = monthlyInventory([
      day(10_000, 9_000), // sales 1,000
      day(9_000, null), // ended without an end reading: unknown sales, abnormal
      day(8_200, 12_700, 5_000), // sales 8,200 − 12,700 + 5,000 = 500
      // Today, still running: a start, no end yet, a delivery of 2,000 L and a gap so far.
      day(12_700, null, 2_000, { inProgress: true, abnormal: true, salesL: null, deliveryStartsMs: [99] }),
    ]);
    expect(month).toEqual({
      days: 4,
      finishedDays: 3,
      openingL: 10_000,
      closingL: 12_700,
      deliveredL: 5_000,
      deliveryCount: 1,
      salesL: 1_000 + 500,
      unknownSalesDays: 1,
      abnormalDays: 1,
      bookClosingL: 10_000 + 5_000 - 1_500,
      // The 800 L that left on the 2nd (9,000 → 8,200) is in no day's sales.
      varianceL: 12_700 - 13_500,
      inProgress: true,
    });
  });

  it('adds up days figured by the daily rules, across a 23-hour DST day (America/Denver, March 2026)', () => {
    const tz = 'America/Denver';
    // The tank loses 1 L a minute, read every 10 minutes; nothing is read from 23:50 to 00:00.
    const figures = daysBetween('2026-03-07', '2026-03-09').map((d) => {
      const w = dayWindow(d, tz);
      const rs: DayReading[] = [];
      for (let t = w.startMs; t < w.endMs; t += 600_000) rs.push({ tsMs: t, volumeL: 50_000 - (t - Date.parse('2026-03-07T07:00:00Z')) / 60_000 });
      const f = dailyInventory({ window: w, ...aggregatesOfReadings(rs, w), deliveries: [], nowMs: Number.MAX_SAFE_INTEGER });
      return { startVolumeL: f.start?.volumeL ?? null, endVolumeL: f.end?.volumeL ?? null, deliveredL: f.deliveredL, deliveryStartsMs: f.deliveryStartsMs, salesL: f.salesL, abnormal: f.abnormal, inProgress: f.inProgress };
    });
    expect(figures.map((f) => f.salesL)).toEqual([1_430, 1_370, 1_430]);
    const month = monthlyInventory(figures);
    // 24 + 23 + 24 hours: 4,260 minutes, less the last 10 minutes unread.
    expect(month).toMatchObject({ openingL: 50_000, closingL: 50_000 - 4_250, salesL: 4_230, abnormalDays: 0 });
    // The two unwatched 10-minute spans between days (2 × 10 L) are the variance.
    expect(month.varianceL).toBe(-20);
  });
});

describe('months a query may cover (at most 12)', () => {
  it.each([
    ['2026-01', '2026-12', []],
    ['2025-12', '2026-12', [{ field: 'toMonth', rule: 'maxMonths' }]],
    ['2026-03', '2026-02', [{ field: 'fromMonth', rule: 'order' }]],
    ['2026-13', '2026-12', [{ field: 'fromMonth', rule: 'month' }]],
    ['2026-1', '2026-00', [{ field: 'fromMonth', rule: 'month' }, { field: 'toMonth', rule: 'month' }]],
  ])('%s to %s', (from, to, problems) => {
    expect(monthRangeProblems(from, to)).toEqual(problems);
  });

  it('walks months and knows their days', () => {
    expect(isMonth('2026-02')).toBe(true);
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthDays('2028-02')).toEqual({ firstDay: '2028-02-01', lastDay: '2028-02-29' });
    expect(monthDays('2026-04')).toEqual({ firstDay: '2026-04-01', lastDay: '2026-04-30' });
  });

  it('knows the last month that has ended on the station’s clock', () => {
    // 2026-11-30 17:00 UTC is already 1 December in Shanghai (UTC+8), still November in New York.
    const t = Date.UTC(2026, 10, 30, 17);
    expect(lastCompleteMonth(t, 'Asia/Shanghai')).toBe('2026-11');
    expect(lastCompleteMonth(t, 'America/New_York')).toBe('2026-10');
    expect(lastCompleteMonth(Date.UTC(2027, 0, 15), 'UTC')).toBe('2026-12');
  });
});
