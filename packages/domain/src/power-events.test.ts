import { describe, expect, it } from 'vitest';
import {
  exceedsTolerance,
  pairPowerEvents,
  powerInventoryOf,
  powerOffState,
  powerRangeProblem,
  POWER_RANGE_MAX_DAYS,
  POWER_TOLERANCE_DEFAULT_L,
  tankPowerChanges,
  type PowerEvent,
  type PowerTankInventory,
} from './power-events';

const MIN = 60_000;
const tank = (tankId: number, volumeL: number, productHeightMm = volumeL / 10): PowerTankInventory => ({
  tankId,
  tank: String(tankId),
  productHeightMm,
  waterHeightMm: 5,
  volumeL,
  tcVolumeL: volumeL - 10,
  temperatureC: 18,
});
const off = (minute: number, inventory: PowerTankInventory[] = []): PowerEvent => ({ type: 'power-off', tsMs: minute * MIN, inventory });
const on = (minute: number, inventory: PowerTankInventory[] = []): PowerEvent => ({ type: 'power-on', tsMs: minute * MIN, inventory });

describe('pairing a power-off with the station’s next power-on (issue 6: inventory at each shutdown and at the next power-on)', () => {
  it.each([
    ['the next event is a power-on: paired', 10, null, 'paired'],
    ['a power-on before the next power-off: paired', 10, 20, 'paired'],
    ['nothing since: not powered on yet', null, null, 'pending'],
    ['off again before any power-on: that power-on was lost', 30, 20, 'missing'],
    ['off again and never on: the power-on was lost', null, 20, 'missing'],
  ] as const)('%s', (_name, nextOn, nextOff, state) => {
    expect(powerOffState(nextOn === null ? null : nextOn * MIN, nextOff === null ? null : nextOff * MIN)).toBe(state);
  });

  it('pairs each power-off of a station with the power-on after it, whatever order the events came in', () => {
    const events = [on(50), off(10), on(25), off(40), off(60), on(5)];
    const pairs = pairPowerEvents(events);
    expect(pairs.map((p) => [p.off.tsMs / MIN, p.on ? p.on.tsMs / MIN : null, p.state])).toEqual([
      [10, 25, 'paired'],
      [40, 50, 'paired'],
      [60, null, 'pending'],
    ]);
  });

  it('two power-offs in a row: the first has lost its power-on, the second gets it', () => {
    const pairs = pairPowerEvents([off(10), off(20), on(30)]);
    expect(pairs.map((p) => [p.off.tsMs / MIN, p.on?.tsMs ?? null, p.state])).toEqual([
      [10, null, 'missing'],
      [20, 30 * MIN, 'paired'],
    ]);
  });

  it('a power-on at the same instant as the power-off is not after it', () => {
    expect(pairPowerEvents([off(10), on(10)]).map((p) => p.state)).toEqual(['pending']);
  });
});

describe('the change across a power-off, flagged over the tolerance', () => {
  it('defaults to 50 L', () => {
    expect(POWER_TOLERANCE_DEFAULT_L).toBe(50);
  });

  it.each([
    // difference, tolerance → flagged
    ['exactly at the tolerance is within it', 50, 50, false],
    ['exactly at the tolerance, losing', -50, 50, false],
    ['0.1 L over', 50.1, 50, true],
    ['0.1 L over, losing', -50.1, 50, true],
    ['well within', 12, 50, false],
    ['tolerance 0: any change', 0.1, 0, true],
    ['tolerance 0: no change', 0, 0, false],
    ['unknown difference is never flagged', null, 0, false],
  ] as const)('%s: %s L with tolerance %d L → %s', (_name, difference, tolerance, flagged) => {
    expect(exceedsTolerance(difference, tolerance)).toBe(flagged);
  });

  it('a difference of exactly the tolerance made of two decimals is not flagged by floating-point noise', () => {
    expect(64.4 - 14.4).toBeGreaterThan(50);
    const [change] = tankPowerChanges([tank(1, 14.4)], [tank(1, 64.4)], 50);
    expect(change).toMatchObject({ volumeDifferenceL: 50, flagged: false });
  });

  it('tank by tank: state at shutdown, at power-on, the difference and the flag', () => {
    const changes = tankPowerChanges([tank(2, 8_000), tank(1, 12_000), tank(3, 5_000)], [tank(1, 11_940), tank(2, 8_030), tank(10, 900)], 50);
    expect(changes.map((c) => [c.tank, c.off?.volumeL ?? null, c.on?.volumeL ?? null, c.volumeDifferenceL, c.heightDifferenceMm, c.flagged])).toEqual([
      ['1', 12_000, 11_940, -60, -6, true],
      ['2', 8_000, 8_030, 30, 3, false],
      // Not in the power-on's report: nothing to compare.
      ['3', 5_000, null, null, null, false],
      // Only the power-on reported it.
      ['10', null, 900, null, null, false],
    ]);
  });

  it('not powered on yet: the shutdown inventory, no difference, no flag', () => {
    expect(tankPowerChanges([tank(1, 1_000)], null, 0)).toEqual([
      { tankId: 1, tank: '1', off: tank(1, 1_000), on: null, volumeDifferenceL: null, heightDifferenceMm: null, flagged: false },
    ]);
  });
});

describe('power-off query range', () => {
  it('starts before it ends and spans at most a year', () => {
    expect(powerRangeProblem(undefined, 5)).toBeNull();
    expect(powerRangeProblem(5, 5)).toBe('startBeforeEnd');
    expect(powerRangeProblem(0, POWER_RANGE_MAX_DAYS * 86_400_000)).toBeNull();
    expect(powerRangeProblem(0, POWER_RANGE_MAX_DAYS * 86_400_000 + 1)).toBe('maxDays');
  });
});

describe('stored inventory', () => {
  it('reads what ingest wrote and skips entries it cannot compare', () => {
    const stored = [
      { tank: '1', tankId: 7, productHeightMm: 800, waterHeightMm: 0, volumeL: 8_000, tcVolumeL: 7_990, waterVolumeL: 0, ullageL: 100, fillPct: 50, temperatureC: 14, ts: '2026-11-22T06:00:00Z' },
      { tank: '2', tankId: 8, productHeightMm: 800, waterHeightMm: 0, temperatureC: 14 },
      'junk',
    ];
    expect(powerInventoryOf(stored)).toEqual([{ tankId: 7, tank: '1', productHeightMm: 800, waterHeightMm: 0, volumeL: 8_000, tcVolumeL: 7_990, temperatureC: 14 }]);
    expect(powerInventoryOf({})).toEqual([]);
  });
});
