import { describe, expect, it } from 'vitest';
import { parseMeterErrorOption } from './meter-error-option';

describe('--meter-error', () => {
  it('names a station, a tank and a per cent, over or under', () => {
    expect(parseMeterErrorOption('2/3=0.6')).toEqual({ station: 2, tankCode: '3', pct: 0.6 });
    expect(parseMeterErrorOption('1/1=-0.25')).toEqual({ station: 1, tankCode: '1', pct: -0.25 });
  });

  it('refuses what is not one, saying why', () => {
    expect(parseMeterErrorOption('2-3=0.6')).toMatch(/expected STATION\/TANK=PERCENT/);
    expect(parseMeterErrorOption('2/3=0.6@2026-11-01T00:00:00Z')).toMatch(/expected STATION\/TANK=PERCENT/);
    expect(parseMeterErrorOption('0/3=0.6')).toMatch(/numbered from 1/);
    expect(parseMeterErrorOption('2/3=0')).toMatch(/other than 0/);
    expect(parseMeterErrorOption('2/3=12')).toMatch(/from -10 to 10/);
    expect(parseMeterErrorOption('2/3=0.6%')).toMatch(/from -10 to 10/);
  });
});
