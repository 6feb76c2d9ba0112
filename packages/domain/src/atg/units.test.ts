import { describe, expect, it } from 'vitest';
import { fromCelsius, fromLitres, fromMillimetres, toCelsius, toLitres, toMillimetres, type ConsoleUnits } from './units';

describe('console units → SI (atg-protocol §2 Units; imperial height and temperature unverified)', () => {
  it.each<[ConsoleUnits, number, number, number, number, number, number]>([
    // units, volume, litres, height, mm, temperature, °C
    ['us', 1756, 6647.18, 32.81, 833.374, 65.56, 18.64444],
    ['metric', 6647, 6647, 833, 833, 18.6, 18.6],
    ['imperial', 1000, 4546.09, 10, 254, 212, 100],
  ])('%s', (units, volume, litres, height, mm, temperature, celsius) => {
    expect(toLitres(volume, units)).toBeCloseTo(litres, 2);
    expect(toMillimetres(height, units)).toBeCloseTo(mm, 3);
    expect(toCelsius(temperature, units)).toBeCloseTo(celsius, 3);
    expect(fromLitres(litres, units)).toBeCloseTo(volume, 2);
    expect(fromMillimetres(mm, units)).toBeCloseTo(height, 3);
    expect(fromCelsius(celsius, units)).toBeCloseTo(temperature, 3);
  });

  it('a real negative water reading stays negative (BC578D00, −0.013156 in)', () => {
    expect(toMillimetres(-0.013156, 'us')).toBeCloseTo(-0.334, 3);
  });

  it.each<ConsoleUnits>(['us', 'metric', 'imperial'])('null (a ?-filled field) stays null in %s', (units) => {
    expect(toLitres(null, units)).toBeNull();
    expect(toMillimetres(null, units)).toBeNull();
    expect(toCelsius(null, units)).toBeNull();
  });
});
