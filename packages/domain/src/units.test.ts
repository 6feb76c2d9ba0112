import { describe, expect, it } from 'vitest';
import { fahrenheitToC, gallonsToLitres, inchesToMm, temperatureFromC, volumeFromLitres, volumeToLitres } from './units';

describe('display units (spec §9: 1 or unset is °C / litres, otherwise °F / gallons)', () => {
  it.each([
    [20, 1, 20],
    [20, null, 20],
    [20, undefined, 20],
    [20, 2, 68],
    [-40, 2, -40],
    [0, 2, 32],
  ])('%s °C with tempUnit %s reads %s', (c, unit, expected) => {
    expect(temperatureFromC(c, unit)).toBeCloseTo(expected, 9);
  });

  it.each([
    [1000, 1, 1000],
    [1000, null, 1000],
    [3.785411784, 2, 1],
    [37854.11784, 2, 10000],
  ])('%s L with volumeUnit %s reads %s', (l, unit, expected) => {
    expect(volumeFromLitres(l, unit)).toBeCloseTo(expected, 9);
  });

  it.each([
    [0.76, 1, 0.76],
    [0.76, null, 0.76],
    [0.2, 2, 0.7570823568],
    [1, 2, 3.785411784],
  ])('%s in volumeUnit %s is %s L (volumes and rates per hour alike)', (value, unit, litres) => {
    expect(volumeToLitres(value, unit)).toBeCloseTo(litres, 9);
    expect(volumeFromLitres(volumeToLitres(value, unit), unit)).toBeCloseTo(value, 12);
  });

  it('converts console units back to SI', () => {
    expect(fahrenheitToC(212)).toBeCloseTo(100, 9);
    expect(gallonsToLitres(10)).toBeCloseTo(37.85411784, 9);
    expect(inchesToMm(2)).toBe(50.8);
  });
});
