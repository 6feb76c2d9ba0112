import { describe, expect, it } from 'vitest';
import { DELIVERY_RANGE_MAX_DAYS, deliveryFigures, deliveryRangeProblem } from './delivery-figures';

const DAY = 86_400_000;

describe('delivery figures (issue 6: delivered volume and temperature-compensated volume)', () => {
  it.each([
    // start, end, start TC, end TC, ended → delivered, delivered TC, temperature effect, in progress
    [8_000, 13_010, 7_950, 12_940, '2026-11-22T06:35:00Z', 5_010, 4_990, 20, false],
    [8_000, 13_010, null, 12_940, '2026-11-22T06:35:00Z', 5_010, null, null, false],
    [1_000, 1_600, 1_010, 1_615, null, 600, 605, -5, true],
  ] as const)('%d → %d L (TC %s → %s)', (startVolumeL, endVolumeL, startTcVolumeL, endTcVolumeL, endedAt, deliveredL, deliveredTcL, effect, inProgress) => {
    expect(deliveryFigures({ startVolumeL, endVolumeL, startTcVolumeL, endTcVolumeL, endedAt })).toEqual({
      riseL: deliveredL,
      riseTcL: deliveredTcL,
      salesDuringL: null,
      salesDuringSource: null,
      deliveredL,
      deliveredTcL,
      temperatureEffectL: effect,
      inProgress,
    });
  });

  it('a range starts before it ends and spans at most a year', () => {
    expect(deliveryRangeProblem(undefined, 5)).toBeNull();
    expect(deliveryRangeProblem(5, 5)).toBe('startBeforeEnd');
    expect(deliveryRangeProblem(6, 5)).toBe('startBeforeEnd');
    expect(deliveryRangeProblem(0, DELIVERY_RANGE_MAX_DAYS * DAY)).toBeNull();
    expect(deliveryRangeProblem(0, DELIVERY_RANGE_MAX_DAYS * DAY + 1)).toBe('maxDays');
  });
});
