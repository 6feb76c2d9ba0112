import { describe, expect, it } from 'vitest';
import { activeThresholdAlarms, hysteresisMm, reachesAnyThreshold, type TankThresholds } from './threshold-alarms';

const tank: TankThresholds = { heightMm: 2000, highOilAlarmMm: 1900, highOilWarnMm: 1800, lowOilWarnMm: 300, lowOilAlarmMm: 200, highWaterAlarmMm: 100 };
const at = (productHeightMm: number, waterHeightMm = 0) => ({ productHeightMm, waterHeightMm });
const none = new Set<number>();

describe('threshold alarms (spec §3 codes 10–14)', () => {
  it.each([
    ['normal level', at(1000), []],
    ['at the high warning', at(1800), [11]],
    ['above the high alarm', at(1950), [10, 11]],
    ['at the low warning', at(300), [12]],
    ['below the low alarm', at(150), [12, 13]],
    ['water at its alarm', at(1000, 100), [14]],
    ['high oil and high water together', at(1900, 150), [10, 11, 14]],
  ])('%s → %j', (_name, point, codes) => {
    expect([...activeThresholdAlarms(tank, none, point)].sort((a, b) => a - b)).toEqual(codes);
  });

  it('the band is 1 % of the tank height, at least 5 mm', () => {
    expect(hysteresisMm({ heightMm: 2000 })).toBe(20);
    expect(hysteresisMm({ heightMm: 300 })).toBe(5);
  });

  it('a level hovering at a threshold raises once and clears only past the band', () => {
    // 1795 → 1801 → 1790 → 1801 → 1779: one warning, kept until 20 mm below the threshold.
    const levels = [1795, 1801, 1790, 1801, 1785, 1779];
    let active = new Set<number>();
    const history: boolean[] = [];
    for (const level of levels) {
      active = activeThresholdAlarms(tank, active, at(level));
      history.push(active.has(11));
    }
    expect(history).toEqual([false, true, true, true, true, false]);
  });

  it('low alarms clear only once the level is back above threshold + band', () => {
    const active = activeThresholdAlarms(tank, new Set([12]), at(310));
    expect(active.has(12)).toBe(true);
    expect(activeThresholdAlarms(tank, new Set([12]), at(321)).has(12)).toBe(false);
  });

  it('a threshold that is not set never alarms', () => {
    const bare = { ...tank, highOilAlarmMm: null, highWaterAlarmMm: null };
    expect([...activeThresholdAlarms(bare, none, at(1999, 500))]).toEqual([11]);
  });

  it.each([
    [at(1000), false],
    [at(1800), true],
    [at(300), true],
    [at(301, 99), false],
    [at(1000, 100), true],
  ])('reachesAnyThreshold(%j) is %s, and agrees with a fresh evaluation', (point, reaches) => {
    expect(reachesAnyThreshold(tank, point)).toBe(reaches);
    expect(activeThresholdAlarms(tank, none, point).size > 0).toBe(reaches);
  });
});
