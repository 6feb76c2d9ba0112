import { describe, expect, it } from 'vitest';
import { parseTheftOption } from './theft-option';

describe('--theft', () => {
  it('names a station, a tank, the litres and when, over an hour', () => {
    expect(parseTheftOption('4/1=300@2026-11-12T01:30:00Z')).toEqual({ station: 4, tankCode: '1', litres: 300, fromMs: Date.parse('2026-11-12T01:30:00Z'), durationMs: 3_600_000 });
  });

  it('refuses what is not one, saying why', () => {
    expect(parseTheftOption('4/1=300')).toMatch(/expected STATION\/TANK=LITRES@ISO-TIME/); // when is not optional: a theft is an episode
    expect(parseTheftOption('4:1=300@2026-11-12T01:30:00Z')).toMatch(/expected STATION\/TANK=LITRES@ISO-TIME/);
    expect(parseTheftOption('0/1=300@2026-11-12T01:30:00Z')).toMatch(/numbered from 1/);
    expect(parseTheftOption('4/1=0@2026-11-12T01:30:00Z')).toMatch(/above 0/);
    expect(parseTheftOption('4/1=-5@2026-11-12T01:30:00Z')).toMatch(/above 0/);
    expect(parseTheftOption('4/1=50000@2026-11-12T01:30:00Z')).toMatch(/at most 40000/);
    expect(parseTheftOption('4/1=300@last night')).toMatch(/not an ISO time/);
  });
});
