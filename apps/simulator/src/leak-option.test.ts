import { describe, expect, it } from 'vitest';
import { parseLeakOption } from './leak-option';

describe('--leak', () => {
  it('names a station, a tank, a rate and when it starts', () => {
    expect(parseLeakOption('3/2=0.76@2026-11-01T00:00:00Z')).toEqual({ station: 3, tankCode: '2', rateLph: 0.76, fromMs: Date.parse('2026-11-01T00:00:00Z') });
    expect(parseLeakOption('1/1=1.5')).toEqual({ station: 1, tankCode: '1', rateLph: 1.5, fromMs: null });
  });

  it('refuses what is not one, saying why', () => {
    expect(parseLeakOption('1-2=0.5')).toMatch(/expected STATION\/TANK=RATE/);
    expect(parseLeakOption('0/1=0.5')).toMatch(/numbered from 1/);
    expect(parseLeakOption('1/1=0')).toMatch(/above 0/);
    expect(parseLeakOption('1/1=0.5@yesterday')).toMatch(/not an ISO time/);
  });
});
