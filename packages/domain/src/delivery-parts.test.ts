import { describe, expect, it } from 'vitest';
import { deliveredInPeriodL, deliveryPart, type DeliverySpan, type PeriodEdges } from './delivery-parts';

const MIN = 60_000;
/** A station midnight (any instant: the rule does not care about zones). */
const M = Date.parse('2026-10-30T16:00:00Z');
const at = (minutes: number, volumeL: number) => ({ tsMs: M + minutes * MIN, volumeL });

/**
 * The review's tanker (issue 20 item 1): 23:45 → 00:20, 120 L a minute, 7,160 → 11,360 L
 * (4,200 L). Readings every 5 minutes: 23:55 at 8,360 L (day 1's last), 00:00 at 8,960 L (day 2's first).
 */
const drop: DeliverySpan = { startedAtMs: M - 15 * MIN, endedAtMs: M + 20 * MIN, startVolumeL: 7_160, endVolumeL: 11_360 };
const day1: PeriodEdges = { startMs: M - 1440 * MIN, endMs: M, from: at(-1440, 10_000), to: at(-5, 8_360) };
const day2: PeriodEdges = { startMs: M, endMs: M + 1440 * MIN, from: at(0, 8_960), to: at(1435, 8_530) };

describe('the part of a delivery a period counts (issue 20 item 1)', () => {
  it.each<[string, DeliverySpan, PeriodEdges, number | null]>([
    ['a drop across midnight, the day it began: up to its last reading', drop, day1, 1_200],
    ['the same drop, the next day: from its first reading', drop, day2, 2_400],
    ['a drop wholly inside the day', { ...drop, startedAtMs: M + 60 * MIN, endedAtMs: M + 90 * MIN }, day2, 4_200],
    ['a drop before the day’s first reading', { ...drop, startedAtMs: M - 60 * MIN, endedAtMs: M - 30 * MIN }, day2, null],
    ['a drop after the day’s last reading (between it and midnight)', { ...drop, startedAtMs: M - 4 * MIN, endedAtMs: M - MIN }, day1, null],
    ['a drop ending exactly at the day’s first reading', { ...drop, startedAtMs: M - 20 * MIN, endedAtMs: M }, day2, null],
    ['a drop starting exactly at the day’s last reading', { ...drop, startedAtMs: M - 5 * MIN, endedAtMs: M + 10 * MIN }, day1, null],
    // Without edge readings the period's own bounds are used, the volume there interpolated.
    ['no readings: cut at midnight, interpolated (15 of 35 minutes)', drop, { ...day1, from: null, to: null }, 1_800],
    ['no readings the next day: the rest', drop, { ...day2, from: null, to: null }, 2_400],
    // A gauge's delivery that disagrees with the probe: the reading is held within the delivery's volumes.
    ['a reading above the delivery’s end volume counts the whole rise at most', drop, { ...day1, to: { tsMs: M - 5 * MIN, volumeL: 20_000 } }, 4_200],
    ['a reading below the delivery’s start volume counts nothing', drop, { ...day1, to: { tsMs: M - 5 * MIN, volumeL: 100 } }, 0],
    ['an instant delivery belongs to the period it is in', { ...drop, endedAtMs: M - 15 * MIN }, day1, 4_200],
    ['an instant delivery at midnight is the new day’s', { ...drop, startedAtMs: M, endedAtMs: M }, day1, null],
  ])('%s', (_, delivery, period, expected) => {
    expect(deliveryPart(delivery, period)?.deliveredL ?? null).toBe(expected);
  });

  it('splits the review’s drop so that each day’s sales are start − end + its own part', () => {
    // Day 1: 10,000 − 8,360 + 1,200 = 2,840; day 2: 8,960 − 8,530 + 2,400 = 2,830.
    expect(10_000 - 8_360 + deliveredInPeriodL([drop], day1)).toBe(2_840);
    expect(8_960 - 8_530 + deliveredInPeriodL([drop], day2)).toBe(2_830);
    // The 600 L that came between 23:55 and 00:00 is in neither day, like any movement between a day's last reading and the next day's first.
    expect(deliveredInPeriodL([drop], day1) + deliveredInPeriodL([drop], day2)).toBe(4_200 - 600);
  });

  it('shares the reading at a boundary (a shift that ends at the reading the next one starts at): nothing lost, nothing counted twice', () => {
    const first: PeriodEdges = { startMs: M - 480 * MIN, endMs: M, from: at(-480, 10_000), to: at(0, 8_960) };
    const second: PeriodEdges = { startMs: M, endMs: M + 480 * MIN, from: at(0, 8_960), to: at(480, 9_000) };
    expect(deliveryPart(drop, first)).toEqual({ fromMs: M - 15 * MIN, toMs: M, fromVolumeL: 7_160, toVolumeL: 8_960, deliveredL: 1_800 });
    expect(deliveryPart(drop, second)).toEqual({ fromMs: M, toMs: M + 20 * MIN, fromVolumeL: 8_960, toVolumeL: 11_360, deliveredL: 2_400 });
  });

  it('measures a drop still going on up to its last rise', () => {
    const open: DeliverySpan = { startedAtMs: M - 15 * MIN, endedAtMs: null, lastRiseAtMs: M + 5 * MIN, startVolumeL: 7_160, endVolumeL: 9_560 };
    expect(deliveredInPeriodL([open], { startMs: M, endMs: M + 1440 * MIN, from: at(0, 8_960), to: null })).toBe(600);
  });
});
