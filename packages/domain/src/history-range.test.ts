import { describe, expect, it } from 'vitest';
import { HISTORY_RANGE_MAX_DAYS, HISTORY_SERIES_MAX_POINTS, historyProblems, historyRangeProblem, seriesBucketSeconds, tankRoom } from './history-range';
import { computeInventory } from './inventory';

const MINUTE = 60_000;
const DAY = 86_400_000;
const from = Date.parse('2026-11-01T00:00:00Z');

describe('history query range (spec §5: at most 11 days; start before end)', () => {
  it.each([
    ['exactly 11 days is allowed', from + 11 * DAY, null],
    ['11 days and 1 minute is refused: "Time cannot exceed 11 days"', from + 11 * DAY + MINUTE, 'maxDays'],
    ['11 days and 1 ms is refused', from + 11 * DAY + 1, 'maxDays'],
    ['12 days is refused', from + 12 * DAY, 'maxDays'],
    ['one minute is allowed', from + MINUTE, null],
    ['start = end is refused: "Start time must be before end time"', from, 'startBeforeEnd'],
    ['end before start is refused', from - MINUTE, 'startBeforeEnd'],
  ] as const)('%s', (_name, to, problem) => {
    expect(historyRangeProblem(from, to)).toBe(problem);
  });

  it('the limit is the spec’s 11 days', () => {
    expect(HISTORY_RANGE_MAX_DAYS).toBe(11);
  });

  it('a missing end of the range is its own problem', () => {
    expect(historyRangeProblem(undefined, from)).toBe('rangeRequired');
    expect(historyRangeProblem(from, null)).toBe('rangeRequired');
    expect(historyRangeProblem(Number.NaN, from)).toBe('rangeRequired');
  });

  it('a range across a DST change is elapsed time: 11 × 24 h, whatever the clocks did', () => {
    // Europe/Madrid springs forward on 2026-03-29: 11 calendar days from 03-25 00:00 local are 263 h.
    const start = Date.parse('2026-03-24T23:00:00Z');
    expect(historyRangeProblem(start, Date.parse('2026-04-04T22:00:00Z'))).toBeNull();
    expect(historyRangeProblem(start, start + 264 * 3_600_000)).toBeNull();
    expect(historyRangeProblem(start, start + 264 * 3_600_000 + MINUTE)).toBe('maxDays');
  });
});

describe('history question (spec §5: trend chart requires a station and a tank)', () => {
  const ok = { stationId: 3, tankId: 7, fromMs: from, toMs: from + DAY };
  it.each([
    ['station, tank and a valid range', ok, []],
    ['no tank: "Must select gas station and tank"', { ...ok, tankId: undefined }, ['stationAndTank']],
    ['no station', { ...ok, stationId: null }, ['stationAndTank']],
    ['no tank and 12 days: both, station first', { ...ok, tankId: undefined, toMs: from + 12 * DAY }, ['stationAndTank', 'maxDays']],
    ['start after end', { ...ok, fromMs: from + DAY, toMs: from }, ['startBeforeEnd']],
    ['no range', { stationId: 3, tankId: 7 }, ['rangeRequired']],
  ] as const)('%s', (_name, ask, problems) => {
    expect(historyProblems(ask)).toEqual(problems);
  });
});

describe('trend series thinning (at most ~2,000 points per series)', () => {
  it.each([
    // span, max points → bucket seconds
    ['11 days → 10-minute buckets (1,585 at most)', 11 * DAY, HISTORY_SERIES_MAX_POINTS, 600],
    ['1 day → 1-minute buckets', DAY, HISTORY_SERIES_MAX_POINTS, 60],
    ['1 hour → 2-second buckets', 3_600_000, HISTORY_SERIES_MAX_POINTS, 2],
    ['1 hour, 10 points → 10-minute buckets', 3_600_000, 10, 600],
    ['60 days, 10 points → beyond the readable steps, whole days', 60 * DAY, 10, 7 * 86_400],
  ] as const)('%s', (_name, span, max, seconds) => {
    expect(seriesBucketSeconds(span, max)).toBe(seconds);
  });

  it.each([11 * DAY, 11 * DAY - 1, 7 * DAY + 12_345, 3 * DAY, 5 * 3_600_000 + 17, 97_000])('clock-aligned buckets over %d ms never exceed the limit', (span) => {
    for (const max of [HISTORY_SERIES_MAX_POINTS, 500, 37]) {
      const width = seriesBucketSeconds(span, max) * 1000;
      // The worst alignment: the range starts just before a bucket boundary.
      const start = width - 1;
      const buckets = Math.floor((start + span - 1) / width) - Math.floor(start / width) + 1;
      expect(buckets).toBeLessThanOrEqual(max);
    }
  });
});

describe('ullage and fill of a stored reading', () => {
  const tank = { heightMm: 2000, capacityL: 30_000, strapping: [{ heightMm: 0, volumeL: 0 }, { heightMm: 1000, volumeL: 10_000 }, { heightMm: 2000, volumeL: 30_000 }], oilOffsetMm: 0, waterOffsetMm: 0, tiltDeg: 0, probeOffsetMm: 0, expansionPerC: 0 };
  it.each([
    [1500, 100],
    [2000, 0],
    [0, 0],
    [333.3, 12.5],
  ])('%d mm product over %d mm water: the live pages’ figures', (productHeightMm, waterHeightMm) => {
    const inv = computeInventory(tank, { productHeightMm, waterHeightMm, temperatureC: 15 });
    expect(tankRoom(tank.capacityL, inv.volumeL, inv.waterVolumeL)).toEqual({ ullageL: inv.ullageL, fillPct: inv.fillPct });
  });

  it('an unknown water volume counts the product alone, as the live pages do', () => {
    const noTable = { ...tank, strapping: [] };
    const inv = computeInventory(noTable, { productHeightMm: 1500, waterHeightMm: 100, temperatureC: 15, volumeL: 12_000 });
    expect(inv.waterVolumeL).toBeNull();
    expect(tankRoom(noTable.capacityL, inv.volumeL, inv.waterVolumeL)).toEqual({ ullageL: 18_000, fillPct: 40 });
    expect(tankRoom(noTable.capacityL, inv.volumeL, inv.waterVolumeL)).toEqual({ ullageL: inv.ullageL, fillPct: inv.fillPct });
  });

  it('an overfilled or capacity-less tank stays within 0–100 %', () => {
    expect(tankRoom(1000, 1200, 0)).toEqual({ ullageL: 0, fillPct: 100 });
    expect(tankRoom(0, 10, 0)).toEqual({ ullageL: 0, fillPct: 0 });
  });
});
