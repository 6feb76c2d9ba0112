import { describe, expect, it } from 'vitest';
import { brokenJumpRules, difference, jumpEvents, jumpFigures, temperatureDifferenceFromC, type JumpReading } from './data-jumps';

// A steady reading; each case changes what its rule watches.
const base: JumpReading = { productHeightMm: 1500, temperatureC: 15, volumeL: 15_000 };
const next = (change: Partial<JumpReading>): JumpReading => ({ ...base, ...change });

describe('data jumps (spec §9 jump alarm thresholds)', () => {
  it.each([
    ['3.0 °C up is not a jump (over 3 °C is)', next({ temperatureC: 18 }), []],
    ['3.0 °C down is not a jump', next({ temperatureC: 12 }), []],
    ['3.1 °C up is a jump', next({ temperatureC: 18.1 }), ['temperature']],
    ['3.01 °C down is a jump', next({ temperatureC: 11.99 }), ['temperature']],
    ['2.9 °C is not a jump', next({ temperatureC: 17.9 }), []],
  ])('temperature difference over 3 °C: %s', (_name, reading, rules) => {
    expect(brokenJumpRules(base, reading)).toEqual(rules);
  });

  it('15.1 → 18.1 °C is exactly 3 °C, not 3.0000000000000018: not a jump', () => {
    expect(brokenJumpRules(next({ temperatureC: 15.1 }), next({ temperatureC: 18.1 }))).toEqual([]);
    expect(difference(15.1, 18.1)).toBe(3);
  });

  it.each([
    // Volumes follow the height (10 L per mm) so only the height rule is in play.
    ['exactly 100 mm (10 cm) up is not a jump', next({ productHeightMm: 1600, volumeL: 16_000 }), []],
    ['exactly 100 mm down is not a jump', next({ productHeightMm: 1400, volumeL: 14_000 }), []],
    ['100.1 mm up is a jump', next({ productHeightMm: 1600.1, volumeL: 16_001 }), ['height']],
    ['100.1 mm down is a jump', next({ productHeightMm: 1399.9, volumeL: 13_999 }), ['height']],
    ['99.9 mm is not a jump', next({ productHeightMm: 1599.9, volumeL: 15_999 }), []],
  ])('product height difference over 10 cm: %s', (_name, reading, rules) => {
    expect(brokenJumpRules(base, reading)).toEqual(rules);
  });

  it('1500.1 → 1600.1 mm is exactly 100 mm: not a jump', () => {
    expect(brokenJumpRules(next({ productHeightMm: 1500.1 }), next({ productHeightMm: 1600.1, volumeL: 16_000 }))).toEqual([]);
  });

  it.each([
    ['4.9 mm with 200 L is a jump', next({ productHeightMm: 1504.9, volumeL: 15_200 }), ['volume-without-height']],
    ['4.9 mm with 200 L less is a jump', next({ productHeightMm: 1495.1, volumeL: 14_800 }), ['volume-without-height']],
    ['no height change with 250 L is a jump', next({ volumeL: 15_250 }), ['volume-without-height']],
    ['5 mm with 200 L is not (under 5 mm is)', next({ productHeightMm: 1505, volumeL: 15_200 }), []],
    ['4.9 mm with 199.9 L is not (200 L or more is)', next({ productHeightMm: 1504.9, volumeL: 15_199.9 }), []],
    ['no height change with 199.9 L less is not', next({ volumeL: 14_800.1 }), []],
  ])('height difference under 5 mm with volume difference of 200 L or more: %s', (_name, reading, rules) => {
    expect(brokenJumpRules(base, reading)).toEqual(rules);
  });

  it.each([
    ['150 L → 0 with the same height is a jump', next({ volumeL: 150 }), next({ volumeL: 0 }), ['volume-to-zero']],
    ['0.1 L → 0 with the same height is a jump', next({ volumeL: 0.1 }), next({ volumeL: 0 }), ['volume-to-zero']],
    ['150 L → 0.1 L is not (it is not 0)', next({ volumeL: 150 }), next({ volumeL: 0.1 }), []],
    ['150 L → 0 with the height 0.1 mm lower is not (the height changed)', next({ volumeL: 150 }), next({ volumeL: 0, productHeightMm: 1499.9 }), []],
    ['0 → 0 is not (nothing fell)', next({ volumeL: 0 }), next({ volumeL: 0 }), []],
  ])('volume falling to 0 with unchanged height: %s', (_name, prev, reading, rules) => {
    expect(brokenJumpRules(prev, reading)).toEqual(rules);
  });

  it('a pair can break several rules; each is reported', () => {
    // 15,000 L → 0 at the same height: the volume moved 15,000 L without the level, and fell to 0.
    expect(brokenJumpRules(base, next({ volumeL: 0 }))).toEqual(['volume-without-height', 'volume-to-zero']);
    // A float lost: height and temperature at once.
    expect(brokenJumpRules(base, next({ productHeightMm: 200, volumeL: 2000, temperatureC: 40 }))).toEqual(['temperature', 'height']);
    // Nothing broken: the same (frozen) empty answer every time.
    expect(brokenJumpRules(base, base)).toBe(brokenJumpRules(base, next({ temperatureC: 16 })));
  });

  describe('jump events of consecutive readings (one event per spike, review item 14)', () => {
    const t = (...temps: number[]) => temps.map((temperatureC) => ({ productHeightMm: 1500, temperatureC, volumeL: 15_000 }));
    const ev = (rule: string, index: number, backIndex: number | null = null) => ({ rule, prevIndex: index - 1, index, backIndex });
    it.each([
      ['no jump', t(15, 16, 17), []],
      ['a step that stays: one event, no way back', t(15, 20, 20), [ev('temperature', 1)]],
      ['a spike that comes back at the next reading: one event with both ends', t(15, 20, 15.5, 15), [ev('temperature', 1, 2)]],
      ['a spike at the end of what is known: the jump alone until the next reading', t(15, 15, 20), [ev('temperature', 2)]],
      ['two steps the same way are two jumps (the second does not come back)', t(10, 14, 18), [ev('temperature', 1), ev('temperature', 2)]],
      ['a jump and a jump back that overshoots is two events', t(15, 20, 11), [ev('temperature', 1), ev('temperature', 2)]],
      ['a flapping probe: the first spike, then each pair on its own', t(15, 20, 15, 20, 15), [ev('temperature', 1, 2), ev('temperature', 3), ev('temperature', 4)]],
      ['two spikes apart are two events', t(15, 20, 15, 15, 9, 15), [ev('temperature', 1, 2), ev('temperature', 4, 5)]],
    ])('%s', (_name, series, events) => {
      expect(jumpEvents(series)).toEqual(events);
    });

    it('a spike is judged per rule: a height spike with a lasting temperature step', () => {
      const r = (productHeightMm: number, temperatureC: number) => ({ productHeightMm, temperatureC, volumeL: productHeightMm * 10 });
      expect(jumpEvents([r(1500, 15), r(1700, 20), r(1500, 20)])).toEqual([ev('temperature', 1), ev('height', 1, 2)]);
    });

    it('volume falling to 0 is not a spike when it comes back: the way back breaks another rule', () => {
      const r = (volumeL: number) => ({ productHeightMm: 1500, temperatureC: 15, volumeL });
      expect(jumpEvents([r(15_000), r(0), r(15_000)])).toEqual([ev('volume-without-height', 1, 2), ev('volume-to-zero', 1)]);
    });
  });

  it('explains a jump by its change against the limit, and converts a temperature difference to °F', () => {
    expect(jumpFigures('temperature', base, next({ temperatureC: 19.5 }))).toEqual({ change: 4.5, limit: 3, heightChange: 0 });
    expect(jumpFigures('height', base, next({ productHeightMm: 1380 }))).toEqual({ change: 120, limit: 100, heightChange: 120 });
    expect(jumpFigures('volume-without-height', base, next({ productHeightMm: 1502, volumeL: 15_300 }))).toEqual({ change: 300, limit: 200, heightChange: 2 });
    expect(jumpFigures('volume-to-zero', next({ volumeL: 150 }), next({ volumeL: 0 }))).toEqual({ change: 150, limit: 0, heightChange: 0 });
    expect(temperatureDifferenceFromC(3, 2)).toBeCloseTo(5.4, 10);
    expect(temperatureDifferenceFromC(3, 1)).toBe(3);
    expect(temperatureDifferenceFromC(3, null)).toBe(3);
  });
});
